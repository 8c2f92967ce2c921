/**
 * The deterministic base of boundary requests and invalid variants: required parameters and
 * the body's required members (the body always, when the operation has one), drawn with a
 * fixed seed from known values and schemas.
 */
import type { RequestOptions } from '../../types.js';
import { requestPartsArbitrary } from '../builders/requestPartsArbitrary.js';
import { memberArbitrary } from '../builders/schemaArbitrary.js';
import { rootContext } from './context.js';
import type { OperationModel, ParamSpec } from './operationModel.js';
import type { RequestParts } from '../mappers/requestParts.js';
import { sampleValue } from './sampleValue.js';

export function baseParts(model: OperationModel, opts: RequestOptions): RequestParts {
  const parts = sampleValue(requestPartsArbitrary(model, { ...opts, omitOptional: true }));
  if (model.body && !Object.hasOwn(parts, 'body')) {
    const body = memberArbitrary(model.body.schema, rootContext(opts.known, '', true));
    const validate = opts.validateBody;
    parts.body = sampleValue(validate ? body.filter((b) => validate(b)) : body);
  }
  return parts;
}

/** The base value of one parameter: the base's own, or one drawn for it alone. */
export function baseParam(parts: RequestParts, p: ParamSpec, opts: RequestOptions): unknown {
  if (Object.hasOwn(parts.params, p.key)) return parts.params[p.key];
  return sampleValue(memberArbitrary(p.schema, rootContext(opts.known, p.name, true, true)));
}
