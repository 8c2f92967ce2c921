import { describe, expect, test } from 'vitest';
import type { Contract, ValidationOutcome } from '../contract/types.js';
import type { Exchange } from '../model.js';
import type { CheckScope } from './scope.js';
import { exchange, transportFailure } from './fixtures.test-helpers.js';
import {
  RuleViolation,
  expectErrorsEnvelope,
  expectHeader,
  expectKeyNotEchoed,
  expectNoHeader,
  expectReplayOf,
  expectRetryAfter,
  expectSchemaValid,
  expectSortedBy,
  expectStatus,
  expectThat,
  expectTransportOk,
  expectUnifiedEnvelope,
} from './index.js';

const scope: CheckScope = { rules: ['RULE-A', 'RULE-B'] };

/** Runs a check expected to fail and returns its violation. */
function violationOf(run: () => void): RuleViolation {
  try {
    run();
  } catch (e) {
    expect(e).toBeInstanceOf(RuleViolation);
    return e as RuleViolation;
  }
  throw new Error('the check passed on a non-conforming exchange');
}

describe('expectTransportOk', () => {
  test('passes with a response', () => {
    expect(() => expectTransportOk(exchange(200, {}), undefined, scope)).not.toThrow();
  });
  test('a transport failure becomes a violation naming the rules', () => {
    const v = violationOf(() => expectTransportOk(transportFailure('ECONNRESET'), undefined, scope));
    expect(v.rules).toEqual(['RULE-A', 'RULE-B']);
    expect(v.observed).toContain('ECONNRESET');
    expect(v.check).toBe('transportOk');
  });
  test('every check turns a missing response into a violation, not a crash', () => {
    const failed = transportFailure();
    for (const run of [
      () => expectStatus(failed, 200, scope),
      () => expectUnifiedEnvelope(failed, 'forbidden', scope),
      () => expectHeader(failed, { name: 'x-request-id' }, scope),
      () => expectRetryAfter(failed, undefined, scope),
    ]) {
      expect(violationOf(run).title).toBe('no response');
    }
  });
});

describe('expectStatus', () => {
  test('passes on one of the statuses', () => {
    expect(() => expectStatus(exchange(201, {}), [200, 201], scope)).not.toThrow();
    expect(() => expectStatus(exchange(200, {}), 200, scope)).not.toThrow();
  });
  test('fails on another status, quoting it', () => {
    const v = violationOf(() => expectStatus(exchange(500, { oops: 1 }), 200, scope));
    expect(v.rules).toEqual(['RULE-A', 'RULE-B']);
    expect(v.expected).toBe('status 200');
    expect(v.observed).toContain('status 500');
    expect(v.exchange?.response?.status).toBe(500);
  });
});

describe('expectSchemaValid', () => {
  function contract(outcome: ValidationOutcome): Pick<Contract, 'validateResponse'> {
    return { validateResponse: () => outcome };
  }
  test('valid and unspecified pass', () => {
    expect(() => expectSchemaValid(exchange(200, {}), 'ping', { ...scope, contract: contract({ kind: 'valid' }) })).not.toThrow();
    expect(() => expectSchemaValid(exchange(200, {}), 'ping', { ...scope, contract: contract({ kind: 'unspecified', reason: 'not shown' }) })).not.toThrow();
  });
  test('invalid fails with the schema errors', () => {
    const c = contract({ kind: 'invalid', errors: [{ path: '/ok', message: 'must be boolean' }] });
    const v = violationOf(() => expectSchemaValid(exchange(200, { ok: 'yes' }), 'ping', { ...scope, contract: c }));
    expect(v.observed).toContain('/ok must be boolean');
  });
  test('an undocumented status fails', () => {
    const c = contract({ kind: 'undocumented-status', documented: ['200', '403'] });
    const v = violationOf(() => expectSchemaValid(exchange(418, {}), 'ping', { ...scope, contract: c }));
    expect(v.title).toBe('undocumented status');
    expect(v.expected).toContain('200, 403');
  });
  test('passes the status, content type, parsed body and the request line to the contract', () => {
    const calls: unknown[][] = [];
    const c = { validateResponse: (...args: unknown[]) => (calls.push(args), { kind: 'valid' as const }) };
    expectSchemaValid(exchange(200, { ok: true }), 'ping', { ...scope, contract: c });
    expect(calls).toEqual([['ping', 200, 'application/json', { ok: true }, { method: 'GET', url: 'http://127.0.0.1:1/v1/ping' }]]);
  });
});

describe('expectUnifiedEnvelope', () => {
  const forbidden = { error: { code: 'forbidden', message: 'no key' } };
  test('passes on the envelope, with details and extra fields', () => {
    expect(() => expectUnifiedEnvelope(exchange(403, forbidden), 'forbidden', scope)).not.toThrow();
    expect(() => expectUnifiedEnvelope(exchange(400, { error: { code: 'x', message: 'y', details: {} }, extra: 1 }), undefined, scope)).not.toThrow();
  });
  test.each([
    ['the errors shape', { errors: [{ code: 'forbidden', message: 'm' }] }],
    ['a non-string message', { error: { code: 'forbidden', message: 3 } }],
    ['array details', { error: { code: 'forbidden', message: 'm', details: [] } }],
    ['a text body', 'Forbidden'],
  ])('fails on %s', (_name, body) => {
    expect(violationOf(() => expectUnifiedEnvelope(exchange(403, body), undefined, scope)).title).toBe('not the unified error envelope');
  });
  test('fails on another code', () => {
    const v = violationOf(() => expectUnifiedEnvelope(exchange(403, { error: { code: 'unauthorized', message: 'm' } }), 'forbidden', scope));
    expect(v.observed).toBe('code "unauthorized"');
  });
});

describe('expectErrorsEnvelope', () => {
  test('passes on a non-empty errors list containing the code', () => {
    const body = { errors: [{ code: 'required', message: 'm', field: 'external_id' }, { code: 'invalid', message: 'n' }] };
    expect(() => expectErrorsEnvelope(exchange(400, body), 'invalid', scope)).not.toThrow();
  });
  test.each([
    ['an empty list', { errors: [] }],
    ['the unified shape', { error: { code: 'x', message: 'y' } }],
    ['a numeric field', { errors: [{ code: 'x', message: 'y', field: 1 }] }],
  ])('fails on %s', (_name, body) => {
    expect(violationOf(() => expectErrorsEnvelope(exchange(400, body), undefined, scope)).title).toBe('not the errors envelope');
  });
  test('fails when the code is absent', () => {
    const v = violationOf(() => expectErrorsEnvelope(exchange(400, { errors: [{ code: 'a', message: 'b' }] }), 'missing_key', scope));
    expect(v.title).toBe('expected error code missing');
  });
});

describe('expectHeader / expectNoHeader', () => {
  const ex = exchange(200, {}, { 'x-request-id': 'req_1', 'Idempotent-Replay': 'true' });
  test('finds headers case-insensitively, by value or pattern', () => {
    expect(() => expectHeader(ex, { name: 'X-Request-Id' }, scope)).not.toThrow();
    expect(() => expectHeader(ex, { name: 'idempotent-replay', value: 'true' }, scope)).not.toThrow();
    expect(() => expectHeader(ex, { name: 'x-request-id', value: /^req_\d+$/ }, scope)).not.toThrow();
    expect(() => expectNoHeader(ex, 'retry-after', scope)).not.toThrow();
  });
  test('fails when missing, different or present when forbidden', () => {
    expect(violationOf(() => expectHeader(ex, { name: 'retry-after' }, scope)).title).toBe('missing header retry-after');
    expect(violationOf(() => expectHeader(ex, { name: 'idempotent-replay', value: 'false' }, scope)).observed).toContain('"true"');
    expect(violationOf(() => expectNoHeader(ex, 'Idempotent-Replay', scope)).title).toBe('unexpected header Idempotent-Replay');
  });
});

describe('expectReplayOf', () => {
  const original = exchange(201, { id: 'enr_1' }, { 'x-request-id': 'a' });
  test('passes on a verbatim replay flagged as such', () => {
    const replay = exchange(201, { id: 'enr_1' }, { 'x-request-id': 'b', 'idempotent-replay': 'true' });
    expect(() => expectReplayOf(replay, { original }, scope)).not.toThrow();
  });
  test.each<[string, Exchange, string]>([
    ['another status', exchange(200, { id: 'enr_1' }, { 'idempotent-replay': 'true' }), 'replay status differs'],
    ['another body', exchange(201, { id: 'enr_2' }, { 'idempotent-replay': 'true' }), 'replay body differs'],
    ['re-serialised body', exchange(201, '{ "id": "enr_1" }', { 'idempotent-replay': 'true' }), 'replay body differs'],
    ['no flag', exchange(201, { id: 'enr_1' }), 'replay not flagged'],
  ])('fails on %s', (_name, replay, title) => {
    expect(violationOf(() => expectReplayOf(replay, { original }, scope)).title).toBe(title);
  });
});

describe('expectRetryAfter', () => {
  test('accepts seconds and an HTTP-date', () => {
    expect(() => expectRetryAfter(exchange(429, {}, { 'retry-after': '1' }), undefined, scope)).not.toThrow();
    expect(() => expectRetryAfter(exchange(429, {}, { 'Retry-After': 'Wed, 21 Oct 2015 07:28:00 GMT' }), undefined, scope)).not.toThrow();
  });
  test('fails when missing or unusable', () => {
    expect(violationOf(() => expectRetryAfter(exchange(429, {}), undefined, scope)).title).toBe('missing Retry-After');
    expect(violationOf(() => expectRetryAfter(exchange(429, {}, { 'retry-after': '-1' }), undefined, scope)).title).toBe('unusable Retry-After');
  });
});

describe('expectSortedBy', () => {
  const by = [(i: { name: string }) => i.name.toLowerCase(), (i: { id: string }) => i.id];
  const ex = exchange(200, {});
  test('passes on ascending keys, ties broken by the later key', () => {
    const list = [{ name: 'alpha', id: '2' }, { name: 'Beta', id: '1' }, { name: 'beta', id: '2' }];
    expect(() => expectSortedBy(ex, { list, by }, scope)).not.toThrow();
  });
  test('fails on byte order where case-insensitive order is expected, naming the pair', () => {
    const list = [{ name: 'Zed', id: '1' }, { name: 'alpha', id: '2' }];
    const v = violationOf(() => expectSortedBy(ex, { list, by, label: 'name' }, scope));
    expect(v.observed).toContain('item 0');
    expect(v.expected).toBe('ascending by name');
  });
  test('fails on a wrong tiebreak', () => {
    const list = [{ name: 'a', id: '2' }, { name: 'A', id: '1' }];
    expect(() => expectSortedBy(ex, { list, by }, scope)).toThrow(RuleViolation);
  });
});

describe('expectThat', () => {
  test('passes when the claim holds and fails with its text otherwise', () => {
    const claim = { title: 'ok is a boolean', expected: 'boolean', observed: () => 'string' };
    expect(() => expectThat(exchange(200, {}), { ...claim, holds: true }, scope)).not.toThrow();
    expect(violationOf(() => expectThat(exchange(200, {}), { ...claim, holds: false }, scope)).observed).toBe('string');
  });
});

describe('expectKeyNotEchoed', () => {
  test('passes when the response carries no key', () => {
    expect(() => expectKeyNotEchoed(exchange(200, { ok: true }), undefined, scope)).not.toThrow();
  });
  test('fails when the recorded response carries the redacted key in a header or the body', () => {
    expect(violationOf(() => expectKeyNotEchoed(exchange(200, {}, { 'x-api-key-echo': '<redacted>' }), undefined, scope)).observed).toContain('x-api-key-echo');
    expect(violationOf(() => expectKeyNotEchoed(exchange(200, { key: 'abc<redacted>' }), undefined, scope)).title).toBe('API key echoed in the body');
  });
});
