import { describe, expect, it } from 'vitest';
import { validator, requestErrors } from './_fixtures/ajvCheck.js';
import {
  createEnrollment,
  enrollmentSessionBody,
  listIssuers,
  listPolicyStatusApplications,
  searchProviders,
} from './_fixtures/contractSamples.js';
import { boundaryRequests } from './boundaryRequests.js';
import { boundaryValues } from './boundaryValues.js';

describe('boundaryValues: values on the stated bounds', () => {
  it('integers: minimum and maximum, exclusive bounds moved inside', () => {
    expect(boundaryValues({ type: 'integer', minimum: 2020, maximum: 2099 })).toEqual([2020, 2099]);
    expect(boundaryValues({ type: 'integer', exclusiveMinimum: 0, exclusiveMaximum: 101 })).toEqual([1, 100]);
    expect(boundaryValues({ type: 'integer', minimum: 5, exclusiveMinimum: true })).toEqual([6]);
    expect(boundaryValues({ type: 'integer' })).toEqual([]);
  });

  it('numbers sit on or just inside their bounds and validate', () => {
    const schema = { type: 'number', minimum: 0.5, exclusiveMaximum: 10 };
    const values = boundaryValues(schema) as number[];
    expect(values[0]).toBe(0.5);
    expect(values[1]).toBeLessThan(10);
    expect(values[1]).toBeGreaterThan(9.99999);
    expect(values.every((v) => validator(schema)(v))).toBe(true);
  });

  it('strings at minLength and maxLength; enums, const and null', () => {
    expect(boundaryValues({ type: 'string', minLength: 1, maxLength: 3 })).toEqual(['a', 'aaa']);
    expect(boundaryValues({ type: 'string', enum: ['on_exchange', 'off_exchange'] })).toEqual([
      'on_exchange',
      'off_exchange',
    ]);
    expect(boundaryValues({ const: 'ichra' })).toEqual(['ichra']);
    expect(boundaryValues({ type: 'integer', minimum: 0, nullable: true })).toEqual([0, null]);
  });

  it('arrays at minItems and maxItems', () => {
    const values = boundaryValues({
      type: 'array',
      items: { type: 'integer', minimum: 3 },
      minItems: 1,
      maxItems: 2,
    }) as number[][];
    expect(values.map((v) => v.length)).toEqual([1, 2]);
  });
});

describe('boundaryRequests', () => {
  it('page limits 1 and 100 and offset 0, plan years 2020 and 2099, from the schemas', () => {
    const limits = boundaryRequests(listPolicyStatusApplications, { known: { plan_year: [2025] } }).map((r) => r.query);
    expect(limits).toContainEqual({ exchange: 'on_exchange', plan_year: '2025', limit: '1' });
    expect(limits).toContainEqual({ exchange: 'on_exchange', plan_year: '2025', limit: '100' });
    expect(limits).toContainEqual({ exchange: 'on_exchange', plan_year: '2025', offset: '0' });
    const years = boundaryRequests(listIssuers, { known: { state: ['GA'] } }).map((r) => r.query.plan_year);
    expect(years).toEqual(expect.arrayContaining(['2020', '2099']));
  });

  it('page sizes 1 and 50 on providers; known names keep their known values', () => {
    const reqs = boundaryRequests(searchProviders, { known: { zip_code: ['30301'] } });
    expect(reqs.map((r) => r.query['page[size]'])).toEqual(expect.arrayContaining(['1', '50']));
    expect(new Set(reqs.map((r) => r.query.zip_code))).toEqual(new Set(['30301']));
  });

  it('every boundary request is valid, bodies included', () => {
    for (const op of [listIssuers, searchProviders, listPolicyStatusApplications, createEnrollment]) {
      const reqs = boundaryRequests(op);
      expect(reqs.length).toBeGreaterThan(0);
      for (const r of reqs) expect(requestErrors(op, r)).toEqual([]);
    }
    const plans = boundaryRequests(createEnrollment).map(
      (r) => (r.body as { context: { plan_year: number } }).context.plan_year,
    );
    expect(plans).toEqual(expect.arrayContaining([2020, 2099]));
  });

  it('drops body variants that leave the schema (e.g. a member the flow forbids)', () => {
    const op = {
      operationId: 'x',
      method: 'POST',
      path: '/x',
      requestBody: { required: true, content: { 'application/json': { schema: enrollmentSessionBody } } },
    };
    for (const r of boundaryRequests(op)) expect(validator(enrollmentSessionBody)(r.body)).toBe(true);
  });

  it('is deterministic', () => {
    expect(boundaryRequests(createEnrollment)).toEqual(boundaryRequests(createEnrollment));
  });
});
