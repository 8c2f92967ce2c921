import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../harness/contract/types.js';
import { asJsonSchema } from './normalize.js';
import {
  compareDocuments,
  compareSchemas,
  countByKind,
  covers,
  formatDifference,
  pointerCovers,
  type DisagreementEntry,
} from './index.js';

/** A one-operation document: GET /v1/things/{id} with a query parameter, a 200 and a 404. */
function doc(
  overrides: { status?: string[]; kinds?: string[]; required?: string[]; extraResponse?: JsonObject } = {},
): JsonObject {
  const thing = {
    type: 'object',
    required: overrides.required ?? ['id', 'kind'],
    properties: {
      id: { type: 'string', description: 'Prose is not compared.' },
      kind: { type: 'string', enum: overrides.kinds ?? ['small', 'large'] },
      label: { type: ['string', 'null'] },
    },
  };
  const responses: JsonObject = {};
  for (const status of overrides.status ?? ['200', '404']) {
    responses[status] = {
      description: status,
      content: { 'application/json': { schema: status === '200' ? thing : { type: 'object' } } },
    };
  }
  return {
    openapi: '3.1.0',
    paths: {
      '/v1/things/{id}': {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        get: {
          operationId: 'getThing',
          parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1 } }],
          responses: { ...responses, ...(overrides.extraResponse ?? {}) },
        },
      },
    },
  };
}

describe('comparing two documents', () => {
  it('finds nothing between a document and itself', () => {
    expect(compareDocuments(doc(), doc())).toEqual([]);
  });

  it('finds one enum value, one required member and one status, each located', () => {
    const theirs = doc({
      kinds: ['small', 'large', 'huge'],
      required: ['id', 'kind', 'label'],
      status: ['200', '404', '410'],
    });
    const found = compareDocuments(doc(), theirs);
    expect(found).toEqual([
      expect.objectContaining({
        kind: 'response-shape',
        operationId: 'getThing',
        status: '200',
        pointer: '/kind',
        keyword: 'enum',
        ours: [],
        theirs: ['huge'],
      }),
      expect.objectContaining({
        kind: 'response-shape',
        status: '200',
        pointer: '',
        keyword: 'required',
        ours: [],
        theirs: ['label'],
      }),
      expect.objectContaining({ kind: 'status', status: '410', ours: undefined, theirs: 'documented' }),
    ]);
    expect(countByKind(found)).toEqual({ 'response-shape': 2, status: 1 });
    expect(formatDifference(found[0])).toBe(
      '[response-shape] getThing (GET /v1/things/{id}) response 200 application/json /kind enum: ours [] | theirs ' +
        '["huge"]',
    );
  });

  it('finds a parameter fact, a missing operation and a defective response', () => {
    const theirs = doc({ extraResponse: { '401': { 'x-contract-defect': '#/x: Missing $ref pointer' } } });
    const ours = doc({ extraResponse: { '401': { description: 'Unauthorized', content: {} } } });
    (theirs.paths as JsonObject)['/v1/other'] = { post: { operationId: 'makeOther', responses: {} } };
    const get = ((theirs.paths as JsonObject)['/v1/things/{id}'] as JsonObject).get as JsonObject;
    (get.parameters as JsonObject[])[0] = { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 0 } };
    const found = compareDocuments(ours, theirs);
    expect(found.map((d) => [d.kind, d.where, d.keyword ?? '', d.ours, d.theirs])).toEqual([
      ['parameter', 'parameter query limit', 'minimum', 1, 0],
      ['defect', 'response 401', '', 'resolved', '#/x: Missing $ref pointer'],
      ['operation', 'operation', '', undefined, 'makeOther'],
    ]);
  });
});

describe('comparing two schemas', () => {
  it('reads the same facts said differently as equal: 3.0 nullable, allOf, open additionalProperties, prose', () => {
    const ours = {
      type: ['null', 'object'],
      required: ['b', 'a'],
      properties: { a: { type: 'string' }, b: { type: 'integer' } },
    };
    const theirs = {
      type: 'object',
      nullable: true,
      additionalProperties: true,
      description: 'Said another way.',
      allOf: [
        { required: ['a'], properties: { a: { type: 'string' } } },
        { required: ['b'], properties: { b: { type: 'integer' } } },
      ],
    };
    expect(compareSchemas(ours, asJsonSchema(theirs))).toEqual([]);
    expect(compareSchemas({ ...ours, type: 'object' }, asJsonSchema(theirs))).toEqual([
      { pointer: '', keyword: 'type', ours: [], theirs: ['null'] },
    ]);
  });

  it('locates a difference in an array item and in a map value by pointer', () => {
    const list = (item: JsonObject) => ({ type: 'object', properties: { rows: { type: 'array', items: item } } });
    expect(
      compareSchemas(list({ type: 'string', format: 'date' }), list({ type: 'string', format: 'date-time' })),
    ).toEqual([{ pointer: '/rows/*', keyword: 'format', ours: 'date', theirs: 'date-time' }]);
    const map = (values: JsonObject) => ({ type: 'object', additionalProperties: values });
    expect(compareSchemas(map({ type: 'string' }), map({ type: 'array' }))).toEqual([
      { pointer: '/*', keyword: 'type', ours: ['string'], theirs: ['array'] },
    ]);
  });

  it('pairs alternatives regardless of order and reports an unmatched one', () => {
    const a = { type: 'string' };
    const b = { type: 'array', items: { type: 'string' } };
    expect(compareSchemas({ anyOf: [a, b] }, { anyOf: [b, a] })).toEqual([]);
    expect(compareSchemas({ anyOf: [a, b] }, { anyOf: [a] })).toEqual([
      { pointer: '', keyword: 'anyOf', ours: [{ items: { type: ['string'] }, type: ['array'] }], theirs: [] },
    ]);
  });

  it('keeps a conditional allOf branch as a branch, so it shows as a difference', () => {
    const base = { type: 'object', properties: { flow: { type: 'string' } } };
    const withRule = { ...base, allOf: [{ if: { required: ['flow'] }, then: { required: ['plan'] } }] };
    expect(compareSchemas(withRule, base)).toEqual([
      expect.objectContaining({ pointer: '', keyword: 'allOf', theirs: undefined }),
    ]);
  });
});

describe('what a documented disagreement covers', () => {
  const fields: DisagreementEntry = {
    id: 'F',
    kind: 'response-shape',
    where: { operations: ['getThing'], status: '200', pointer: '/fields' },
  };
  const at = (pointer: string, extra: Partial<Parameters<typeof covers>[1]> = {}) =>
    ({
      kind: 'response-shape',
      operationId: 'getThing',
      method: 'GET',
      path: '/p',
      status: '200',
      where: 'response 200',
      pointer,
      ours: 1,
      theirs: 2,
      ...extra,
    }) as const;

  it('covers its pointer and below, for its operation and status only', () => {
    expect(covers(fields, at('/fields'))).toBe(true);
    expect(covers(fields, at('/fields/*/name'))).toBe(true);
    expect(covers(fields, at('/field'))).toBe(false);
    expect(covers(fields, at('/fields', { status: '201' }))).toBe(false);
    expect(covers(fields, at('/fields', { operationId: 'other' }))).toBe(false);
    expect(covers(fields, at('/fields', { kind: 'request-shape' }))).toBe(false);
  });

  it('a status entry covers that status only; a behaviour entry covers no difference', () => {
    const status: DisagreementEntry = { id: 'S', kind: 'status', where: { operations: ['getThing'], status: '415' } };
    expect(covers(status, at('', { kind: 'status', status: '415' }))).toBe(true);
    expect(covers(status, at('', { kind: 'status', status: '400' }))).toBe(false);
    expect(covers({ id: 'B', kind: 'behaviour' }, at('/fields'))).toBe(false);
  });

  it('wildcards match any index; members narrow the entry', () => {
    expect(pointerCovers('/providers/*', '/providers/*/city', ['city', 'state'])).toBe(true);
    expect(pointerCovers('/providers/*', '/providers/*/npi', ['city', 'state'])).toBe(false);
    expect(pointerCovers('/providers/*', '/providers', ['city'])).toBe(false);
    expect(pointerCovers('/a/*/b', '/a/3/b/c')).toBe(true);
  });
});
