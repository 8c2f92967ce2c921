import fc from 'fast-check';
import { GeneratorError } from './_internals/helpers/errors.js';
import { invalidVariants } from './invalidVariants.js';
import type { InvalidVariant, Operation, RequestOptions } from './types.js';

/**
 * One of the operation's invalid variants (see invalidVariants) per draw; shrinks towards the
 * first (a required parameter left out, when there is one). Throws E_NO_INVALID_VARIANT when
 * the operation has no constraint a request can break.
 */
export function invalidRequest(operation: Operation, opts: RequestOptions = {}): fc.Arbitrary<InvalidVariant> {
  const variants = invalidVariants(operation, opts);
  if (variants.length === 0) throw new GeneratorError('E_NO_INVALID_VARIANT', operation.operationId);
  return fc.constantFrom(...variants);
}
