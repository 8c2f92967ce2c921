import { baseParts } from './_internals/helpers/baseParts.js';
import { bodyMembers } from './_internals/helpers/bodyMembers.js';
import { conforms } from './_internals/helpers/conforms.js';
import { isKnownName } from './_internals/helpers/knownValues.js';
import { setAt } from './_internals/helpers/jsonPath.js';
import { operationModel } from './_internals/helpers/operationModel.js';
import { renderRequest, type RequestParts } from './_internals/mappers/requestParts.js';
import { boundaryValues } from './boundaryValues.js';
import type { GeneratedRequest, Operation, RequestOptions } from './types.js';

/**
 * Valid requests that each put one parameter or body member on one of its boundary values
 * (see boundaryValues), everything else as in a fixed base request (required parts only,
 * drawn with a fixed seed). Members with known values keep them: a bound of a ZIP code is not
 * a ZIP code the target has. Body variants that leave the body's schema (e.g. a member a
 * conditional rule forbids in this branch) are dropped, and so are those `validateBody`
 * rejects. Deterministic: the same operation and options give the same list.
 */
export function boundaryRequests(operation: Operation, opts: RequestOptions = {}): GeneratedRequest[] {
  const model = operationModel(operation);
  const render = renderRequest(model);
  const base = baseParts(model, opts);
  const known = opts.known ?? {};
  const variants: RequestParts[] = [];
  for (const p of model.params) {
    if (isKnownName(known, p.name, p.name)) continue;
    for (const v of boundaryValues(p.schema)) {
      if (v !== null) variants.push({ ...base, params: { ...base.params, [p.key]: v } });
    }
  }
  if (model.body) {
    const schema = model.body.schema;
    for (const m of bodyMembers(schema, base.body)) {
      const name = m.path[m.path.length - 1];
      if (isKnownName(known, m.path.join('.'), name)) continue;
      for (const v of boundaryValues(m.flat)) {
        const body = setAt(base.body, m.path, v);
        if (conforms(schema, body) && (opts.validateBody?.(body) ?? true)) variants.push({ ...base, body });
      }
    }
  }
  const unique = new Map<string, GeneratedRequest>();
  for (const request of variants.map(render)) unique.set(JSON.stringify(request), request);
  return [...unique.values()];
}
