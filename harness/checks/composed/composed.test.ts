import { describe, expect, test } from 'vitest';
import { bindChecks } from '../bound.js';
import { exchange, transportFailure } from '../fixtures.test-helpers.js';
import { RuleViolation } from '../violation.js';
import { expectForbidden, expectForbiddenInEitherEnvelope } from './forbidden.js';
import { expectNo5xx } from './no-5xx.js';
import { expectRejected } from './rejected.js';

const KEY = 'AUTH-MISSING-KEY-403';
const SHAPE = 'ENVELOPE-UNIFIED-SHAPE';
const forbidden = { error: { code: 'forbidden', message: 'no key' } };

/** The violation `run` throws: rules, check name and title are what a finding shows. */
function violationOf(run: () => void): Pick<RuleViolation, 'rules' | 'check' | 'title'> {
  try {
    run();
  } catch (e) {
    expect(e).toBeInstanceOf(RuleViolation);
    const { rules, check, title } = e as RuleViolation;
    return { rules, check, title };
  }
  throw new Error('the check passed on a non-conforming exchange');
}

describe('expectForbidden', () => {
  const bound = bindChecks([KEY, SHAPE]);
  test('passes on 403 forbidden in the unified envelope', () => {
    expect(() => expectForbidden(bound, exchange(403, forbidden), KEY, SHAPE)).not.toThrow();
    expect(() => expectForbidden(bindChecks([KEY]), exchange(403, forbidden), KEY)).not.toThrow();
  });
  test('the status and the code name the refusal rule', () => {
    expect(violationOf(() => expectForbidden(bound, exchange(401, forbidden), KEY, SHAPE))).toEqual({
      rules: [KEY],
      check: 'status',
      title: 'unexpected status',
    });
    const other = exchange(403, { error: { code: 'unauthorized', message: 'm' } });
    expect(violationOf(() => expectForbidden(bound, other, KEY, SHAPE))).toEqual({
      rules: [KEY],
      check: 'unifiedEnvelope',
      title: 'unexpected error code',
    });
  });
  test('a body that is not the envelope names the shape rule when given, else the refusal rule', () => {
    const errors = exchange(403, { errors: [{ code: 'forbidden', message: 'm' }] });
    expect(violationOf(() => expectForbidden(bound, errors, KEY, SHAPE)).rules).toEqual([SHAPE]);
    expect(violationOf(() => expectForbidden(bindChecks([KEY]), errors, KEY)).rules).toEqual([KEY]);
  });
});

describe('expectForbiddenInEitherEnvelope', () => {
  const bound = bindChecks(['GATE-ENROLLMENTS-UNAPPROVED-403']);
  test('accepts forbidden in either envelope', () => {
    expect(() => expectForbiddenInEitherEnvelope(bound, exchange(403, forbidden))).not.toThrow();
    expect(() =>
      expectForbiddenInEitherEnvelope(
        bound,
        exchange(403, {
          errors: [
            { code: 'x', message: 'm' },
            { code: 'forbidden', message: 'n' },
          ],
        }),
      ),
    ).not.toThrow();
  });
  test('fails on another code or status', () => {
    expect(
      violationOf(() =>
        expectForbiddenInEitherEnvelope(bound, exchange(403, { errors: [{ code: 'unauthorized', message: 'm' }] })),
      ),
    ).toMatchObject({ check: 'that', title: 'refusal without code forbidden' });
    expect(violationOf(() => expectForbiddenInEitherEnvelope(bound, exchange(400, forbidden))).check).toBe('status');
  });
});

describe('expectRejected', () => {
  const bound = bindChecks(['ISSUERS-STATE-REQUIRED', SHAPE]);
  test('passes on a 400 in the unified envelope', () => {
    expect(() =>
      expectRejected(
        bound,
        exchange(400, { error: { code: 'invalid_request', message: 'm' } }),
        'ISSUERS-STATE-REQUIRED',
        SHAPE,
      ),
    ).not.toThrow();
  });
  test('the status names the rule; the envelope names the shape rule', () => {
    expect(violationOf(() => expectRejected(bound, exchange(200, {}), 'ISSUERS-STATE-REQUIRED', SHAPE)).rules).toEqual([
      'ISSUERS-STATE-REQUIRED',
    ]);
    expect(
      violationOf(() => expectRejected(bound, exchange(400, 'Bad Request'), 'ISSUERS-STATE-REQUIRED', SHAPE)).rules,
    ).toEqual([SHAPE]);
  });
});

describe('expectNo5xx', () => {
  const bound = bindChecks(['EDGE-NO-5XX']);
  test('passes below 500, whatever the status', () => {
    for (const status of [200, 400, 404, 499]) expect(() => expectNo5xx(bound, exchange(status, {}))).not.toThrow();
  });
  test('a 5xx and a transport failure both fail', () => {
    expect(violationOf(() => expectNo5xx(bound, exchange(500, {})))).toEqual({
      rules: ['EDGE-NO-5XX'],
      check: 'that',
      title: 'a 5xx for a client request',
    });
    expect(violationOf(() => expectNo5xx(bound, transportFailure())).title).toBe('no response');
  });
});
