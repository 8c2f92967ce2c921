import { beforeAll, describe, expect, it } from 'vitest';
import { loadContract, type Contract } from './index.js';

const THINGS = new URL('./fixtures/things-3.0.yaml', import.meta.url).pathname;
const thing = { id: 't_1', weight: 2, label: null, kind: null };

let contract: Contract;
beforeAll(async () => {
  contract = await loadContract(THINGS);
});

describe('status lookup', () => {
  it('uses the exact status, then its range, then default', () => {
    expect(contract.validateResponse('listThings', 200, 'application/json', { things: [thing] })).toEqual({
      kind: 'valid',
    });
    expect(
      contract.validateResponse('listThings', 404, 'application/json', { error: { code: 'not_found', message: 'x' } }),
    ).toEqual({ kind: 'valid' });
    expect(contract.validateResponse('listThings', 503, 'application/json', { nope: true }).kind).toBe('invalid');
  });

  it('reports an undocumented status with the documented ones', () => {
    expect(contract.validateResponse('getThing', 500, 'application/json', {})).toEqual({
      kind: 'undocumented-status',
      documented: ['200', '202', '429'],
    });
  });

  it('leaves a status documented without a body unspecified', () => {
    expect(contract.validateResponse('getThing', 202, 'application/json', {}).kind).toBe('unspecified');
  });

  it('leaves an operation the document lacks unspecified', () => {
    expect(contract.validateResponse('noSuchOperation', 200, 'application/json', {}).kind).toBe('unspecified');
  });
});

describe('media types', () => {
  it('ignores parameters and case on both sides', () => {
    expect(contract.validateResponse('getThing', 200, 'Application/JSON; charset=UTF-8', thing)).toEqual({
      kind: 'valid',
    });
  });

  it('flags a content type the response does not document', () => {
    const outcome = contract.validateResponse('getThing', 200, 'text/html', '<html>');
    expect(outcome).toMatchObject({ kind: 'invalid', errors: [{ path: 'content-type' }] });
  });

  it('falls back to a wildcard media type', () => {
    expect(contract.validateResponse('createPart', 201, 'text/plain', 'made')).toEqual({ kind: 'valid' });
  });

  it('calls a missing JSON body invalid', () => {
    expect(contract.validateResponse('getThing', 200, 'application/json', undefined)).toMatchObject({
      kind: 'invalid',
    });
  });
});

describe('the OpenAPI 3.0 dialect', () => {
  it('accepts null where nullable, also for an enum', () => {
    expect(
      contract.validateResponse('getThing', 200, 'application/json', { ...thing, label: null, kind: null }),
    ).toEqual({ kind: 'valid' });
  });

  it('still rejects values outside the enum and null where not nullable', () => {
    const outcome = contract.validateResponse('getThing', 200, 'application/json', {
      ...thing,
      kind: 'medium',
      id: null,
    });
    expect(outcome.kind).toBe('invalid');
    if (outcome.kind !== 'invalid') return;
    expect(outcome.errors.map((e) => e.path).sort()).toEqual(['/id', '/kind']);
    expect(outcome.errors.find((e) => e.path === '/kind')?.message).toContain('"small", "large"');
  });

  it('reads a boolean exclusiveMinimum as exclusive', () => {
    expect(contract.validateResponse('getThing', 200, 'application/json', { ...thing, weight: 0 }).kind).toBe(
      'invalid',
    );
    expect(contract.validateResponse('getThing', 200, 'application/json', { ...thing, weight: 0.1 }).kind).toBe(
      'valid',
    );
  });

  it('validates formats and tolerates example, x- and discriminator keywords', () => {
    expect(
      contract.validateResponse('getThing', 200, 'application/json', { ...thing, created: 'yesterday' }).kind,
    ).toBe('invalid');
    expect(
      contract.validateResponse('getThing', 200, 'application/json', { ...thing, created: '2025-01-02T03:04:05Z' })
        .kind,
    ).toBe('valid');
  });

  it('follows a recursive schema', () => {
    const deep = { ...thing, parent: { name: 'a', child: { name: 'b', child: { name: 3 } } } };
    expect(contract.validateResponse('getThing', 200, 'application/json', deep)).toEqual({
      kind: 'invalid',
      errors: [{ path: '/parent/child/child/name', message: 'must be string' }],
    });
    expect(contract.defects).toEqual([]);
  });

  it('never rejects unknown response fields', () => {
    expect(contract.validateResponse('getThing', 200, 'application/json', { ...thing, brand_new: { x: 1 } })).toEqual({
      kind: 'valid',
    });
  });
});

describe('response headers', () => {
  it('reports a required header that is missing, by name', () => {
    expect(contract.validateHeaders('listThings', 200, { 'content-type': 'application/json' })).toEqual({
      kind: 'invalid',
      errors: [{ path: 'header:X-Request-Id', message: 'required header is missing' }],
    });
    expect(contract.validateHeaders('listThings', 200, { 'x-request-id': 'r1' })).toEqual({ kind: 'valid' });
  });

  it('reads header values as the type their schema gives', () => {
    expect(contract.validateHeaders('getThing', 429, { 'retry-after': '3', 'idempotent-replay': 'true' })).toEqual({
      kind: 'valid',
    });
    const outcome = contract.validateHeaders('getThing', 429, { 'Retry-After': 'soon' });
    expect(outcome).toMatchObject({ kind: 'invalid', errors: [{ path: 'header:Retry-After' }] });
  });

  it('has nothing to say about a response without documented headers', () => {
    expect(contract.validateHeaders('getThing', 200, {})).toEqual({ kind: 'valid' });
  });
});

describe('schemas for the generators', () => {
  it('gives the request body schema per media type, in plain JSON Schema', () => {
    const json = contract.requestSchema('createPart');
    expect(json).toMatchObject({
      required: ['name'],
      properties: { size: { type: ['integer', 'null'], exclusiveMaximum: 100 } },
    });
    expect(json?.properties).not.toHaveProperty('size.maximum');
    expect(contract.requestSchema('createPart', 'multipart/form-data')).toMatchObject({
      properties: { file: { format: 'binary' } },
    });
    expect(contract.requestSchema('createPart', 'application/xml')).toBeUndefined();
    expect(contract.requestSchema('getThing')).toBeUndefined();
  });

  it('merges path-level parameters, the operation level winning', () => {
    expect(contract.parameterSchemas('getThing')).toEqual([
      { name: 'trace', in: 'header', required: false, schema: { type: 'string' } },
      { name: 'thing_id', in: 'path', required: true, schema: { type: 'string', pattern: '^t_' } },
      { name: 'verbose', in: 'query', required: false, schema: { type: ['boolean', 'null'] } },
    ]);
  });

  it('gives operations their security, the operation level winning', () => {
    expect(contract.operation('listThings')?.security).toEqual([{ key: [] }]);
    expect(contract.operation('searchThings')?.security).toEqual([]);
  });
});
