/** Request parts for an operation: a record of parameters (linked known values across them) and a body. */
import fc from 'fast-check';
import type { RequestOptions } from '../../types.js';
import { rootContext } from '../helpers/context.js';
import type { OperationModel } from '../helpers/operationModel.js';
import type { RequestParts } from '../mappers/requestParts.js';
import { knownRecord } from './knownRecord.js';
import { memberArbitrary } from './schemaArbitrary.js';

export function requestPartsArbitrary(model: OperationModel, opts: RequestOptions = {}): fc.Arbitrary<RequestParts> {
  const known = opts.known ?? {};
  const requiredOnly = opts.omitOptional ?? false;
  const fields = model.params.map((p) => {
    const arbitrary = memberArbitrary(p.schema, rootContext(known, p.name, requiredOnly, true));
    // An empty path segment is another route (`/v1/enrollments//submissions`), never this one's parameter.
    return {
      key: p.key,
      name: p.name,
      required: p.required,
      arbitrary: p.in === 'path' ? arbitrary.filter((v) => String(v) !== '') : arbitrary,
    };
  });
  const params = knownRecord(fields, known, requiredOnly);
  const body = model.body;
  if (!body || (requiredOnly && !body.required)) return fc.record({ params });
  const validate = opts.validateBody;
  const bodyArb = memberArbitrary(body.schema, rootContext(known, '', requiredOnly));
  return fc.record(
    { params, body: validate ? bodyArb.filter((b) => validate(b)) : bodyArb },
    { requiredKeys: body.required ? ['params', 'body'] : ['params'] },
  ) as fc.Arbitrary<RequestParts>;
}
