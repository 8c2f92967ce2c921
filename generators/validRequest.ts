import type fc from 'fast-check';
import { requestPartsArbitrary } from './_internals/builders/requestPartsArbitrary.js';
import { operationModel } from './_internals/helpers/operationModel.js';
import { parseRequest, renderRequest } from './_internals/mappers/requestParts.js';
import type { GeneratedRequest, Operation, RequestOptions } from './types.js';

/**
 * Valid requests for `operation`: path, query and header parameters (client headers such as
 * `x-api-key` and `Content-Type` excluded) and the body (JSON preferred). Known values are the
 * only values drawn for the names they cover. Optional parameters and members shrink away
 * first, so a failing property reports a minimal request. Defaults: no known values, optional
 * parts included at random, no body validator.
 *
 * Header parameters such as `Idempotency-Key` get schema-valid values; a suite that sends many
 * requests should give each its own key.
 */
export function validRequest(operation: Operation, opts: RequestOptions = {}): fc.Arbitrary<GeneratedRequest> {
  const model = operationModel(operation);
  return requestPartsArbitrary(model, opts).map(renderRequest(model), parseRequest(model));
}
