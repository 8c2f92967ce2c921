import fc from 'fast-check';
import { test } from '@fast-check/vitest';
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
import { operationModel } from './_internals/helpers/operationModel.js';
import { parseRequest } from './_internals/mappers/requestParts.js';
import { validRequest } from './validRequest.js';
import type { Operation } from './types.js';

const OPERATIONS = [
  listIssuers,
  searchProviders,
  listPolicyStatusApplications,
  getPolicyStatusApplication,
  createEnrollmentSession,
  createEnrollment,
];

describe('validRequest: requests validate against their operation', () => {
  // @fast-check/vitest: a failure is reported by vitest with its seed and shrunk request.
  for (const op of OPERATIONS) {
    test.prop([validRequest(op)], { numRuns: 200, seed: 11 })(op.operationId, (req) => {
      expect(requestErrors(op, req)).toEqual([]);
      expect(req.operationId).toBe(op.operationId);
    });
  }

  it('fills path parameters, URI-encoded', () => {
    const reqs = fc.sample(validRequest(getPolicyStatusApplication, { known: { confirmation_id: ['A 1/2'] } }), {
      seed: 1,
      numRuns: 5,
    });
    for (const r of reqs) expect(r.path).toBe('/v1/policy-status/applications/A%201%2F2');
  });

  it('never leaves a path parameter empty (an empty segment is another route)', () => {
    const paths = fc.sample(validRequest(getPolicyStatusApplication), { seed: 3, numRuns: 300 }).map((r) => r.path);
    expect(paths.filter((p) => p.endsWith('/applications/'))).toEqual([]);
  });

  it('leaves out every optional part with omitOptional', () => {
    for (const r of fc.sample(validRequest(listPolicyStatusApplications, { omitOptional: true }), {
      seed: 1,
      numRuns: 50,
    })) {
      expect(Object.keys(r.query).sort()).toEqual(['exchange', 'plan_year']);
    }
  });

  it('sets the JSON content type with the body', () => {
    const [r] = fc.sample(validRequest(createEnrollment), { seed: 1, numRuns: 1 });
    expect(r.contentType).toBe('application/json');
    expect(r.headers['Idempotency-Key']).toMatch(/^[A-Za-z0-9_-]+$/);
  });
});

describe('validRequest: known values', () => {
  it('draws known names from known values only, across parameters and body', () => {
    const known = { state: ['GA'], zip_code: ['30301'], plan_year: [2025] };
    for (const [op, name] of [
      [listIssuers, 'state'],
      [searchProviders, 'zip_code'],
      [listPolicyStatusApplications, 'plan_year'],
    ] as const) {
      const values = fc.sample(validRequest(op, { known }), { seed: 4, numRuns: 100 }).map((r) => r.query[name]);
      expect(new Set(values)).toEqual(new Set([String(known[name as keyof typeof known][0])]));
    }
  });

  it('keeps linked parameters consistent (confirmation id with its plan year)', () => {
    const apps = [
      { confirmation_id: 'C1', plan_year: 2024 },
      { confirmation_id: 'C2', plan_year: 2025 },
    ];
    const reqs = fc.sample(validRequest(getPolicyStatusApplication, { known: { application: apps } }), {
      seed: 4,
      numRuns: 100,
    });
    const pairs = new Set(reqs.map((r) => `${r.path.split('/').pop()}@${r.query.plan_year}`));
    expect(pairs).toEqual(new Set(['C1@2024', 'C2@2025']));
  });

  it('keeps a linked location consistent inside a body', () => {
    const location = [
      { zip_code: '30301', fips_code: '13121', state: 'GA' },
      { zip_code: '10001', fips_code: '36061', state: 'NY' },
    ];
    for (const r of fc.sample(validRequest(createEnrollmentSession, { known: { location } }), {
      seed: 4,
      numRuns: 100,
    })) {
      const loc = (r.body as { location?: Record<string, string> }).location;
      if (loc && Object.keys(loc).length) expect(location).toContainEqual(loc);
    }
  });
});

describe('validRequest: shrinking and replay', () => {
  it('shrinks a planted failure "limit < 50" to the minimal request with limit 50', () => {
    const out = fc.check(
      fc.property(
        validRequest(listPolicyStatusApplications, { known: { plan_year: [2025] } }),
        (r) => r.query.limit === undefined || Number(r.query.limit) < 50,
      ),
      { seed: 9, numRuns: 500 },
    );
    expect(out.failed).toBe(true);
    expect(out.counterexample?.[0].query).toEqual({ exchange: 'on_exchange', plan_year: '2025', limit: '50' });
  });

  it('gives the same sequence for the same seed', () => {
    const run = (seed: number) => fc.sample(validRequest(createEnrollmentSession), { seed, numRuns: 25 });
    expect(run(77)).toEqual(run(77));
    expect(run(78)).not.toEqual(run(77));
  });

  it('reads a rendered request back into its parts (the inverse mapper)', () => {
    const model = operationModel(searchProviders as Operation);
    const parse = parseRequest(model);
    for (const r of fc.sample(validRequest(searchProviders), { seed: 2, numRuns: 50 })) {
      const parts = parse(r);
      expect(parts.params['query:zip_code']).toBe(r.query.zip_code);
      if (r.query['page[size]'] !== undefined)
        expect(parts.params['query:page[size]']).toBe(Number(r.query['page[size]']));
    }
    expect(() => parse({ path: '/elsewhere', query: {}, headers: {} })).toThrow();
  });
});
