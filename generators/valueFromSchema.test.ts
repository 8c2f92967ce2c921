import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEnrollmentBody, enrollmentSessionBody, keywordSample } from './_fixtures/contractSamples.js';
import { validator } from './_fixtures/ajvCheck.js';
import { valueFromSchema } from './valueFromSchema.js';
import type { Schema } from './types.js';

const RUNS = 200;

function assertAllValid(schema: Schema, opts = {}) {
  const validate = validator(schema);
  fc.assert(
    fc.property(valueFromSchema(schema, opts), (v) => {
      if (!validate(v)) throw new Error(`${JSON.stringify(v)}: ${JSON.stringify(validate.errors)}`);
    }),
    { numRuns: RUNS, seed: 7 },
  );
}

describe('valueFromSchema: every value validates against its schema', () => {
  it('enrollment-session body with its conditional rules (if/then, anyOf, not)', () =>
    assertAllValid(enrollmentSessionBody));
  it('create-enrollment body with `not` rules (rejected members)', () => assertAllValid(createEnrollmentBody));
  it('oneOf, allOf, nullable, formats, ranges, uniqueItems, maps', () => assertAllValid(keywordSample));

  it('draws both flows of the enrollment session, each with its own rule', () => {
    const flows = new Set(
      fc
        .sample(valueFromSchema(enrollmentSessionBody), { seed: 3, numRuns: 100 })
        .map((v) => (v as { context: { flow: string } }).context.flow),
    );
    expect([...flows].sort()).toEqual(['agent_assisted', 'self_service']);
  });

  it('uses the validate option as a filter for rules it cannot negate', () => {
    const schema: Schema = { type: 'string', pattern: '^[a-c]{1,3}$', not: { pattern: 'b' } };
    const validate = validator(schema);
    const values = fc.sample(valueFromSchema(schema, { validate: (v) => validate(v) }), { seed: 1, numRuns: 100 });
    expect(values.every((v) => validate(v))).toBe(true);
    const unfiltered = fc.sample(valueFromSchema(schema), { seed: 1, numRuns: 100 });
    expect(unfiltered.some((v) => !validate(v))).toBe(true);
  });
});

describe('valueFromSchema: known values', () => {
  const quoteLocation: Schema = {
    type: 'object',
    required: ['zip_code', 'fips_code', 'state'],
    properties: {
      zip_code: { type: 'string', pattern: '^[0-9]{5}$' },
      fips_code: { type: 'string' },
      state: { type: 'string' },
    },
  };

  it('draws a known name from its known values only', () => {
    const values = fc.sample(valueFromSchema(quoteLocation, { known: { zip_code: ['30301', '10001'] } }), {
      seed: 2,
      numRuns: 200,
    });
    expect(new Set(values.map((v) => (v as { zip_code: string }).zip_code))).toEqual(new Set(['30301', '10001']));
  });

  it('keeps linked names consistent: one tuple per object', () => {
    const tuples = [
      { zip_code: '30301', fips_code: '13121', state: 'GA' },
      { zip_code: '10001', fips_code: '36061', state: 'NY' },
    ];
    const values = fc.sample(valueFromSchema(quoteLocation, { known: { location: tuples } }), {
      seed: 2,
      numRuns: 200,
    });
    for (const v of values) expect(tuples).toContainEqual(v);
    expect(new Set(values.map((v) => JSON.stringify(v))).size).toBe(2);
  });

  it('prefers a dotted path over a bare name, under the given root path', () => {
    const schema: Schema = { type: 'object', required: ['state'], properties: { state: { type: 'string' } } };
    const arb = valueFromSchema(schema, { path: 'location', known: { state: ['NY'], 'location.state': ['GA'] } });
    expect(new Set(fc.sample(arb, { seed: 1, numRuns: 50 }).map((v) => (v as { state: string }).state))).toEqual(
      new Set(['GA']),
    );
  });
});

describe('valueFromSchema: replay and shrinking', () => {
  it('gives the same sequence for the same seed', () => {
    const a = fc.sample(valueFromSchema(enrollmentSessionBody), { seed: 42, numRuns: 30 });
    const b = fc.sample(valueFromSchema(enrollmentSessionBody), { seed: 42, numRuns: 30 });
    const c = fc.sample(valueFromSchema(enrollmentSessionBody), { seed: 43, numRuns: 30 });
    expect(b).toEqual(a);
    expect(c).not.toEqual(a);
  });

  it('shrinks dates through their inverse mapper to the first failing day', () => {
    const out = fc.check(
      fc.property(valueFromSchema({ type: 'string', format: 'date' }), (d) => (d as string) < '2000-01-01'),
      { seed: 5 },
    );
    expect(out.failed).toBe(true);
    expect(out.counterexample?.[0]).toBe('2000-01-01');
  });
});
