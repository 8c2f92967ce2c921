import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { requestErrors } from './_fixtures/ajvCheck.js';
import {
  createEnrollment,
  createEnrollmentSession,
  getPolicyStatusApplication,
  listIssuers,
  listPolicyStatusApplications,
  searchProviders,
} from './_fixtures/contractSamples.js';
import { baseParts } from './_internals/helpers/baseParts.js';
import { deleteAt, setAt } from './_internals/helpers/jsonPath.js';
import { operationModel } from './_internals/helpers/operationModel.js';
import { renderRequest } from './_internals/mappers/requestParts.js';
import { invalidRequest } from './invalidRequest.js';
import { invalidVariants } from './invalidVariants.js';
import type { GeneratedRequest, InvalidVariant, Operation, RequestOptions } from './types.js';

const KNOWN = { state: ['GA'], zip_code: ['30301'], plan_year: [2025] };

function baseRequest(op: Operation, opts: RequestOptions): GeneratedRequest {
  const model = operationModel(op);
  return renderRequest(model)(baseParts(model, opts));
}

/** The variant with its one broken member put back as in the base request. */
function restore(v: InvalidVariant, base: GeneratedRequest): GeneratedRequest {
  const { location, name } = v.breaks;
  const req = structuredClone(v.request);
  if (location === 'path') req.path = base.path;
  if (location === 'query' || location === 'header') {
    const from = location === 'query' ? base.query : base.headers;
    const to = location === 'query' ? req.query : req.headers;
    if (Object.hasOwn(from, name)) to[name] = from[name];
    else delete to[name];
  }
  if (location === 'body') {
    const path = name.split('.');
    const original = path.reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], base.body);
    const present = Object.hasOwn(
      path.slice(0, -1).reduce<any>((o, k) => o[k], base.body),
      path[path.length - 1],
    );
    req.body = present ? setAt(req.body, path, original) : deleteAt(req.body, path);
  }
  return req;
}

function checkVariants(op: Operation, opts: RequestOptions) {
  const base = baseRequest(op, opts);
  expect(requestErrors(op, base)).toEqual([]);
  const variants = invalidVariants(op, opts);
  expect(variants.length).toBeGreaterThan(0);
  for (const v of variants) {
    const named = { location: v.breaks.location, name: v.breaks.name, keyword: v.breaks.constraint };
    const errors = requestErrors(op, v.request);
    // Invalid for the named constraint, and for nothing else outside a combinator's report.
    expect(
      errors.map(({ nested: _n, ...e }) => e),
      v.description,
    ).toContainEqual(named);
    for (const e of errors.filter((x) => !x.nested))
      expect({ location: e.location, name: e.name, keyword: e.keyword }, v.description).toEqual(named);
    // Putting the one member back gives the valid base request.
    const restored = restore(v, base);
    expect(restored, v.description).toEqual(base);
  }
  return variants;
}

const names = (variants: InvalidVariant[]) =>
  variants.map((v) => `${v.breaks.location}:${v.breaks.name}:${v.breaks.constraint}`);

describe('invalidVariants: each breaks exactly one named constraint', () => {
  it('listIssuers: missing and lowercase state, plan year 2019 and 2100, a plan year that is no integer', () => {
    const variants = checkVariants(listIssuers, { known: KNOWN });
    expect(names(variants)).toEqual([
      'query:state:required',
      'query:state:pattern',
      'query:plan_year:type',
      'query:plan_year:minimum',
      'query:plan_year:maximum',
    ]);
    const byName = Object.fromEntries(variants.map((v) => [v.breaks.constraint, v.request.query]));
    expect(byName.pattern.state).toBe('ga');
    expect(byName.minimum.plan_year).toBe('2019');
    expect(byName.maximum.plan_year).toBe('2100');
  });

  it('searchProviders: no range variants for the clamped page parameters', () => {
    const variants = checkVariants(searchProviders, { known: KNOWN });
    expect(names(variants)).toEqual([
      'query:query:required',
      'query:query:minLength',
      'query:zip_code:required',
      'query:zip_code:pattern',
      'query:exchange:required',
      'query:exchange:enum',
      'query:page[number]:type',
      'query:page[size]:type',
    ]);
    expect(
      variants.find((v) => v.breaks.name === 'zip_code' && v.breaks.constraint === 'pattern')?.request.query.zip_code,
    ).toMatch(/^3030/);
  });

  it('policy status list: limit 0 and 101, offset -1, exchange not on_exchange', () => {
    const variants = checkVariants(listPolicyStatusApplications, { known: KNOWN });
    const q = (name: string, c: string) =>
      variants.find((v) => v.breaks.name === name && v.breaks.constraint === c)?.request.query[name];
    expect([q('limit', 'minimum'), q('limit', 'maximum'), q('offset', 'minimum')]).toEqual(['0', '101', '-1']);
    expect(q('exchange', 'enum')).not.toBe('on_exchange');
  });

  it('path parameters are never left out', () => {
    const variants = checkVariants(getPolicyStatusApplication, { known: KNOWN });
    expect(variants.some((v) => v.breaks.location === 'path')).toBe(false);
  });

  it('enrollment-session body: members of the conditional rules, header pattern', () => {
    const variants = checkVariants(createEnrollmentSession, {});
    expect(names(variants)).toEqual(
      expect.arrayContaining([
        'body:context:required',
        'body:context.flow:enum',
        'header:Idempotency-Key:pattern',
        'body:context.plan_year:type',
      ]),
    );
  });

  it('create-enrollment body: patterns, formats, lengths and ranges of nested members', () => {
    const variants = checkVariants(createEnrollment, {});
    expect(names(variants)).toEqual(
      expect.arrayContaining([
        'header:Idempotency-Key:required',
        'body:plan_hios_id:pattern',
        'body:applicants.primary.email:format',
        'body:applicants.primary.first_name:minLength',
        'body:applicants.primary.first_name:maxLength',
        'body:context.plan_year:minimum',
        'body:context.plan_year:maximum',
        'body:desired_effective_date:format',
        'body:context.product:enum',
        'body:residential_address:type',
        'body:external_id:type',
      ]),
    );
  });
});

describe('invalidVariants: the clamping rule', () => {
  const op = (extra: object): Operation => ({
    operationId: 'x',
    method: 'GET',
    path: '/x',
    parameters: [
      { name: 'size', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 50 }, ...extra },
    ],
  });
  const constraints = (o: Operation) => invalidVariants(o).map((v) => v.breaks.constraint);

  it('produces range variants when nothing says the value is clamped', () => {
    expect(constraints(op({}))).toEqual(['type', 'minimum', 'maximum']);
  });
  it('skips them for x-clamped on the parameter or its schema, or clamping wording', () => {
    expect(constraints(op({ 'x-clamped': true }))).toEqual(['type']);
    expect(constraints(op({ schema: { type: 'integer', minimum: 1, 'x-clamped': true } }))).toEqual(['type']);
    expect(constraints(op({ description: 'Values below 1 are treated as 1.' }))).toEqual(['type']);
    expect(constraints(op({ description: 'Out-of-range values resolve to 50.' }))).toEqual(['type']);
  });
});

describe('invalidRequest', () => {
  it('draws the variants, shrinking towards the first, replayable by seed', () => {
    const all = invalidVariants(listIssuers, { known: KNOWN });
    const drawn = fc.sample(invalidRequest(listIssuers, { known: KNOWN }), { seed: 3, numRuns: 100 });
    expect(new Set(drawn.map((v) => v.description))).toEqual(new Set(all.map((v) => v.description)));
    expect(fc.sample(invalidRequest(listIssuers, { known: KNOWN }), { seed: 3, numRuns: 100 })).toEqual(drawn);
    const out = fc.check(
      fc.property(invalidRequest(listIssuers, { known: KNOWN }), () => false),
      { seed: 3 },
    );
    expect(out.counterexample?.[0]).toEqual(all[0]);
  });

  it('refuses an operation with nothing to break, with a stable code', () => {
    expect(() => invalidRequest({ operationId: 'ping', method: 'GET', path: '/v1/ping' })).toThrow(
      /E_NO_INVALID_VARIANT/,
    );
  });
});
