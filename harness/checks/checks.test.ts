import { describe, expect, test } from 'vitest';
import type { Contract, ValidationOutcome } from '../contract/types.js';
import type { Exchange } from '../model.js';
import { exchange, transportFailure } from './fixtures.test-helpers.js';
import { RuleViolation, bindChecks } from './index.js';

const RULES = ['RULE-A', 'RULE-B'];
/** The library as a suite sees it: each check bound under its table key. */
const bound = bindChecks(RULES);

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

describe('transportOk', () => {
  test('passes with a response', () => {
    expect(() => bound.transportOk(exchange(200, {}))).not.toThrow();
  });
  test('a transport failure becomes a violation naming the rules', () => {
    const v = violationOf(() => bound.transportOk(transportFailure('ECONNRESET')));
    expect(v.rules).toEqual(['RULE-A', 'RULE-B']);
    expect(v.observed).toContain('ECONNRESET');
    expect(v.check).toBe('transportOk');
  });
  test('every check turns a missing response into a violation, not a crash', () => {
    const failed = transportFailure();
    for (const run of [
      () => bound.status(failed, 200),
      () => bound.unifiedEnvelope(failed, 'forbidden'),
      () => bound.header(failed, { name: 'x-request-id' }),
      () => bound.retryAfter(failed),
    ]) {
      expect(violationOf(run).title).toBe('no response');
    }
  });
});

describe('status', () => {
  test('passes on one of the statuses', () => {
    expect(() => bound.status(exchange(201, {}), [200, 201])).not.toThrow();
    expect(() => bound.status(exchange(200, {}), 200)).not.toThrow();
  });
  test('fails on another status, quoting it', () => {
    const v = violationOf(() => bound.status(exchange(500, { oops: 1 }), 200));
    expect(v.rules).toEqual(['RULE-A', 'RULE-B']);
    expect(v.expected).toBe('status 200');
    expect(v.observed).toContain('status 500');
    expect(v.exchange?.response?.status).toBe(500);
  });
});

describe('schemaValid', () => {
  function contract(outcome: ValidationOutcome): Pick<Contract, 'validateResponse'> {
    return { validateResponse: () => outcome };
  }
  test('valid and unspecified pass', () => {
    expect(() => bindChecks(RULES, contract({ kind: 'valid' })).schemaValid(exchange(200, {}), 'ping')).not.toThrow();
    expect(() =>
      bindChecks(RULES, contract({ kind: 'unspecified', reason: 'not shown' })).schemaValid(exchange(200, {}), 'ping'),
    ).not.toThrow();
  });
  test('invalid fails with the schema errors', () => {
    const c = contract({ kind: 'invalid', errors: [{ path: '/ok', message: 'must be boolean' }] });
    const v = violationOf(() => bindChecks(RULES, c).schemaValid(exchange(200, { ok: 'yes' }), 'ping'));
    expect(v.observed).toContain('/ok must be boolean');
  });
  test('an undocumented status fails', () => {
    const c = contract({ kind: 'undocumented-status', documented: ['200', '403'] });
    const v = violationOf(() => bindChecks(RULES, c).schemaValid(exchange(418, {}), 'ping'));
    expect(v.title).toBe('undocumented status');
    expect(v.expected).toContain('200, 403');
  });
  test('passes the status, content type, parsed body and the request line to the contract', () => {
    const calls: unknown[][] = [];
    const c = {
      validateResponse: (...args: unknown[]) => {
        calls.push(args);
        return { kind: 'valid' as const };
      },
    };
    bindChecks(RULES, c).schemaValid(exchange(200, { ok: true }), 'ping');
    expect(calls).toEqual([
      ['ping', 200, 'application/json', { ok: true }, { method: 'GET', url: 'http://127.0.0.1:1/v1/ping' }],
    ]);
  });
});

describe('unifiedEnvelope', () => {
  const forbidden = { error: { code: 'forbidden', message: 'no key' } };
  test('passes on the envelope, with details and extra fields', () => {
    expect(() => bound.unifiedEnvelope(exchange(403, forbidden), 'forbidden')).not.toThrow();
    expect(() =>
      bound.unifiedEnvelope(exchange(400, { error: { code: 'x', message: 'y', details: {} }, extra: 1 })),
    ).not.toThrow();
  });
  test.each([
    ['the errors shape', { errors: [{ code: 'forbidden', message: 'm' }] }],
    ['a non-string message', { error: { code: 'forbidden', message: 3 } }],
    ['array details', { error: { code: 'forbidden', message: 'm', details: [] } }],
    ['a text body', 'Forbidden'],
  ])('fails on %s', (_name, body) => {
    expect(violationOf(() => bound.unifiedEnvelope(exchange(403, body))).title).toBe('not the unified error envelope');
  });
  test('fails on another code', () => {
    const v = violationOf(() =>
      bound.unifiedEnvelope(exchange(403, { error: { code: 'unauthorized', message: 'm' } }), 'forbidden'),
    );
    expect(v.observed).toBe('code "unauthorized"');
  });
});

describe('errorsEnvelope', () => {
  test('passes on a non-empty errors list containing the code', () => {
    const body = {
      errors: [
        { code: 'required', message: 'm', field: 'external_id' },
        { code: 'invalid', message: 'n' },
      ],
    };
    expect(() => bound.errorsEnvelope(exchange(400, body), 'invalid')).not.toThrow();
  });
  test.each([
    ['an empty list', { errors: [] }],
    ['the unified shape', { error: { code: 'x', message: 'y' } }],
    ['a numeric field', { errors: [{ code: 'x', message: 'y', field: 1 }] }],
  ])('fails on %s', (_name, body) => {
    expect(violationOf(() => bound.errorsEnvelope(exchange(400, body))).title).toBe('not the errors envelope');
  });
  test('fails when the code is absent', () => {
    const v = violationOf(() =>
      bound.errorsEnvelope(exchange(400, { errors: [{ code: 'a', message: 'b' }] }), 'missing_key'),
    );
    expect(v.title).toBe('expected error code missing');
  });
});

describe('header / noHeader', () => {
  const ex = exchange(200, {}, { 'x-request-id': 'req_1', 'Idempotent-Replay': 'true' });
  test('finds headers case-insensitively, by value or pattern', () => {
    expect(() => bound.header(ex, { name: 'X-Request-Id' })).not.toThrow();
    expect(() => bound.header(ex, { name: 'idempotent-replay', value: 'true' })).not.toThrow();
    expect(() => bound.header(ex, { name: 'x-request-id', value: /^req_\d+$/ })).not.toThrow();
    expect(() => bound.noHeader(ex, 'retry-after')).not.toThrow();
  });
  test('fails when missing, different or present when forbidden', () => {
    expect(violationOf(() => bound.header(ex, { name: 'retry-after' })).title).toBe('missing header retry-after');
    expect(violationOf(() => bound.header(ex, { name: 'idempotent-replay', value: 'false' })).observed).toContain(
      '"true"',
    );
    expect(violationOf(() => bound.noHeader(ex, 'Idempotent-Replay')).title).toBe(
      'unexpected header Idempotent-Replay',
    );
  });
});

describe('replayOf', () => {
  const original = exchange(201, { id: 'enr_1' }, { 'x-request-id': 'a' });
  test('passes on a verbatim replay flagged as such', () => {
    const replay = exchange(201, { id: 'enr_1' }, { 'x-request-id': 'b', 'idempotent-replay': 'true' });
    expect(() => bound.replayOf(replay, { original })).not.toThrow();
  });
  test.each<[string, Exchange, string]>([
    ['another status', exchange(200, { id: 'enr_1' }, { 'idempotent-replay': 'true' }), 'replay status differs'],
    ['another body', exchange(201, { id: 'enr_2' }, { 'idempotent-replay': 'true' }), 'replay body differs'],
    ['re-serialised body', exchange(201, '{ "id": "enr_1" }', { 'idempotent-replay': 'true' }), 'replay body differs'],
    ['no flag', exchange(201, { id: 'enr_1' }), 'replay not flagged'],
  ])('fails on %s', (_name, replay, title) => {
    expect(violationOf(() => bound.replayOf(replay, { original })).title).toBe(title);
  });
});

describe('retryAfter', () => {
  test('accepts seconds and an HTTP-date', () => {
    expect(() => bound.retryAfter(exchange(429, {}, { 'retry-after': '1' }))).not.toThrow();
    expect(() => bound.retryAfter(exchange(429, {}, { 'Retry-After': 'Wed, 21 Oct 2015 07:28:00 GMT' }))).not.toThrow();
  });
  test('fails when missing or unusable', () => {
    expect(violationOf(() => bound.retryAfter(exchange(429, {}))).title).toBe('missing Retry-After');
    expect(violationOf(() => bound.retryAfter(exchange(429, {}, { 'retry-after': '-1' }))).title).toBe(
      'unusable Retry-After',
    );
  });
});

describe('sortedBy', () => {
  const by = [(i: { name: string }) => i.name.toLowerCase(), (i: { id: string }) => i.id];
  const ex = exchange(200, {});
  test('passes on ascending keys, ties broken by the later key', () => {
    const list = [
      { name: 'alpha', id: '2' },
      { name: 'Beta', id: '1' },
      { name: 'beta', id: '2' },
    ];
    expect(() => bound.sortedBy(ex, { list, by })).not.toThrow();
  });
  test('fails on byte order where case-insensitive order is expected, naming the pair', () => {
    const list = [
      { name: 'Zed', id: '1' },
      { name: 'alpha', id: '2' },
    ];
    const v = violationOf(() => bound.sortedBy(ex, { list, by, label: 'name' }));
    expect(v.observed).toContain('item 0');
    expect(v.expected).toBe('ascending by name');
  });
  test('fails on a wrong tiebreak', () => {
    const list = [
      { name: 'a', id: '2' },
      { name: 'A', id: '1' },
    ];
    expect(() => bound.sortedBy(ex, { list, by })).toThrow(RuleViolation);
  });
});

describe('that', () => {
  test('passes when the claim holds and fails with its text otherwise', () => {
    const claim = { title: 'ok is a boolean', expected: 'boolean', observed: () => 'string' };
    expect(() => bound.that(exchange(200, {}), { ...claim, holds: true })).not.toThrow();
    expect(violationOf(() => bound.that(exchange(200, {}), { ...claim, holds: false })).observed).toBe('string');
  });
});

describe('oneSourceAllows', () => {
  const claim = { disagreement: 'D-1', title: 'null member', expected: 'a string', observed: () => 'null' };
  const table = [{ id: 'D-1', where: {}, prose: { says: 'a string' }, document: { says: 'string or null' } }];

  test('passes silently when the claim holds', () => {
    const notes: unknown[] = [];
    expect(() =>
      bindChecks(RULES, undefined, { disagreements: table, note: (n) => notes.push(n) }).oneSourceAllows(
        exchange(200, {}),
        { ...claim, holds: true },
      ),
    ).not.toThrow();
    expect(notes).toEqual([]);
  });

  test('an answer the named disagreement allows is a note naming the entry, not a violation', () => {
    const notes: Array<{ title: string; observed: string; check: string }> = [];
    bindChecks(RULES, undefined, { disagreements: table, note: (n) => notes.push(n) }).oneSourceAllows(
      exchange(200, {}),
      { ...claim, holds: false },
    );
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ check: 'oneSourceAllows', title: 'allowed by one source only (D-1)' });
    expect(notes[0]!.observed).toContain('string or null');
  });

  test('without that entry in the table the claim fails', () => {
    expect(violationOf(() => bound.oneSourceAllows(exchange(200, {}), { ...claim, holds: false })).observed).toContain(
      'no disagreement D-1',
    );
  });
});

describe('keyNotEchoed', () => {
  test('passes when the response carries no key', () => {
    expect(() => bound.keyNotEchoed(exchange(200, { ok: true }))).not.toThrow();
  });
  test('fails when the recorded response carries the redacted key in a header or the body', () => {
    expect(
      violationOf(() => bound.keyNotEchoed(exchange(200, {}, { 'x-api-key-echo': '<redacted>' }))).observed,
    ).toContain('x-api-key-echo');
    expect(violationOf(() => bound.keyNotEchoed(exchange(200, { key: 'abc<redacted>' }))).title).toBe(
      'API key echoed in the body',
    );
  });
});
