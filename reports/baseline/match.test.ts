/**
 * Findings against a baseline, rule by rule on the operation each failure was judged on: known,
 * expired (on an injected day), fixed, new; an entry never accepts its rule on another endpoint,
 * and each distinct failure is counted once.
 */
import { describe, expect, it } from 'vitest';
import type { Exchange, Finding } from '../../harness/model.js';
import type { BaselineEntry } from './file.js';
import { dayOf, failureOperation, isExpired, markFinding, summarizeBaseline, type BaselineView } from './match.js';
import { updatedEntries } from './update.js';

const exchange = (operation: string | undefined, path = '/v1/ping'): Exchange => ({
  request: { method: 'GET', url: `http://127.0.0.1:1${path}`, headers: {} },
  durationMs: 1,
  ...(operation ? { operation } : {}),
});
const PING_OP = 'GET /v1/ping';
const PROVIDERS_OP = 'GET /v1/reference/providers';

const failed = (id: string, rules: string[], extra: Partial<Finding> = {}): Finding => ({
  check: id.replace(/-/g, ' '),
  id,
  family: 'utility',
  rules,
  verdict: 'failed',
  exchanges: [exchange(PING_OP)],
  operation: PING_OP,
  ...extra,
});
const passed = (id: string, judged: string[], operation = PING_OP): Finding => ({
  ...failed(id, judged),
  operation: undefined,
  exchanges: [exchange(operation)],
  verdict: 'passed',
  proof: Object.fromEntries(judged.map((r) => [r, [0]])),
});

const ENTRIES: BaselineEntry[] = [
  { rule: 'PING-200', operation: PING_OP, reason: 'T-1', expires: '2026-06-30' },
  { rule: 'PING-SCHEMA', operation: PING_OP },
  { rule: 'HEADERS-REQUEST-ID', operation: PING_OP, reason: 'T-2' },
];
const on = (today: string, entries = ENTRIES): BaselineView => ({ file: 'b.json', entries, update: false, today });

describe('markFinding', () => {
  it('marks a failure known when the baseline records every rule it violates on its operation', () => {
    expect(markFinding(failed('ping', ['PING-200']), on('2026-01-01')).baseline).toEqual({
      status: 'known',
      rules: ['PING-200'],
      operations: [PING_OP],
      reason: 'T-1',
      expires: '2026-06-30',
    });
    expect(markFinding(failed('ping', ['PING-200', 'PING-SCHEMA']), on('2026-01-01')).baseline).toMatchObject({
      status: 'known',
      rules: ['PING-200', 'PING-SCHEMA'],
    });
    // The same rule and operation from another check is the same failure.
    expect(markFinding(failed('ping-again', ['PING-200']), on('2026-01-01')).baseline?.status).toBe('known');
  });

  it('never accepts a recorded rule on another operation: the same check failing elsewhere is new', () => {
    const schemaOnPing = on('2026-01-01', [{ rule: 'SCHEMA-RESPONSE-VALID', operation: PING_OP }]);
    const runWide = (operation: string): Finding =>
      failed('every-answer-of-the-run-is-valid-for-its-operation', ['SCHEMA-RESPONSE-VALID'], {
        family: 'contract',
        operation: undefined,
        exchanges: [exchange(operation, operation.split(' ')[1])],
      });
    expect(markFinding(runWide(PING_OP), schemaOnPing).baseline?.status).toBe('known');
    expect(markFinding(runWide(PROVIDERS_OP), schemaOnPing).baseline).toBeUndefined();
  });

  it('leaves a failure new when one of its rules is not recorded on its operation', () => {
    expect(markFinding(failed('ping', ['PING-200', 'ISSUERS-ORDER']), on('2026-01-01')).baseline).toBeUndefined();
    expect(markFinding(failed('ping', ['PING-200'], { operation: PROVIDERS_OP }), on('2026-01-01')).baseline).toBe(
      undefined,
    );
    expect(markFinding(failed('ping', []), on('2026-01-01')).baseline).toBeUndefined();
  });

  it('accepts an entry through its expires day and marks it expired from the day after', () => {
    expect(markFinding(failed('ping', ['PING-200']), on('2026-06-30')).baseline!.status).toBe('known');
    expect(markFinding(failed('ping', ['PING-200']), on('2026-07-01')).baseline).toMatchObject({
      status: 'expired',
      rules: ['PING-200'],
      expires: '2026-06-30',
    });
    // One expired entry among the rules is enough to fail again.
    expect(markFinding(failed('ping', ['PING-200', 'PING-SCHEMA']), on('2027-01-01')).baseline).toMatchObject({
      status: 'expired',
      rules: ['PING-200'],
    });
  });

  it('marks a warning known too, and leaves a defect of the document alone', () => {
    expect(
      markFinding(failed('headers', ['HEADERS-REQUEST-ID'], { verdict: 'warning' }), on('2026-01-01')).baseline,
    ).toMatchObject({ status: 'known' });
    const document = failed('headers', ['HEADERS-REQUEST-ID'], { verdict: 'warning', subject: 'document' });
    expect(markFinding(document, on('2026-01-01')).baseline).toBeUndefined();
  });

  it("marks fixed only the recorded rules a passing check judged on an exchange of the entry's operation", () => {
    expect(markFinding(passed('ping', ['PING-200']), on('2026-01-01')).baseline).toMatchObject({
      status: 'fixed',
      rules: ['PING-200'],
    });
    expect(markFinding(passed('ping', ['PING-200'], PROVIDERS_OP), on('2026-01-01')).baseline).toBeUndefined();
    expect(markFinding(passed('ping', []), on('2026-01-01')).baseline).toBeUndefined();
    const skipped = { ...failed('ping', ['PING-200']), verdict: 'skipped' as const };
    expect(markFinding(skipped, on('2026-01-01')).baseline).toBeUndefined();
  });

  it('takes a failure’s operation from its violation, else its one exchange; an unknown route by its method', () => {
    expect(failureOperation(failed('x', ['PING-200']))).toBe(PING_OP);
    expect(failureOperation(failed('x', ['PING-200'], { operation: undefined }))).toBe(PING_OP);
    const nowhere = failed('x', ['PING-200'], { operation: undefined, exchanges: [exchange(undefined, '/v1/nope')] });
    expect(failureOperation(nowhere)).toBe('GET (no operation)');
  });

  it('judges expiry on a day in UTC', () => {
    expect(dayOf(new Date('2026-06-30T23:59:59-05:00'))).toBe('2026-07-01');
    expect(isExpired({ rule: 'PING-200', operation: PING_OP }, '2999-01-01')).toBe(false);
  });
});

describe('summarizeBaseline', () => {
  const baseline = on('2026-07-01');
  const failsRun = (f: Finding) => f.verdict === 'failed' && f.baseline?.status !== 'known';

  it('lists known, expired, fixed and new failures with their reasons', () => {
    const findings = [
      markFinding(failed('ping', ['PING-SCHEMA']), baseline),
      markFinding(failed('headers', ['HEADERS-REQUEST-ID']), baseline),
      markFinding(failed('other', ['ISSUERS-ORDER'], { operation: 'GET /v1/reference/issuers' }), baseline),
    ];
    expect(summarizeBaseline(baseline, findings, failsRun)).toEqual({
      file: 'b.json',
      entries: 3,
      known: [
        { rule: 'PING-SCHEMA', operation: PING_OP },
        { rule: 'HEADERS-REQUEST-ID', operation: PING_OP, reason: 'T-2' },
      ],
      expired: [],
      fixed: [],
      new: [{ rule: 'ISSUERS-ORDER', operation: 'GET /v1/reference/issuers' }],
    });
    const expired = summarizeBaseline(baseline, [markFinding(failed('ping', ['PING-200']), baseline)], failsRun);
    expect(expired.expired).toEqual([{ rule: 'PING-200', operation: PING_OP, reason: 'T-1', expires: '2026-06-30' }]);
    const fixed = summarizeBaseline(baseline, [markFinding(passed('ping', ['PING-200']), baseline)], failsRun);
    expect(fixed.fixed).toEqual([{ rule: 'PING-200', operation: PING_OP, reason: 'T-1', expires: '2026-06-30' }]);
  });

  it('counts each distinct failure once: 12 failing exchanges of 4 rules on operations are 4 new', () => {
    const operations = [PING_OP, PROVIDERS_OP];
    const findings = [0, 1, 2].flatMap((n) =>
      operations.flatMap((operation) => [
        failed(`check-${n}`, ['SCHEMA-RESPONSE-VALID'], { operation }),
        failed(`check-${n}`, ['EDGE-NO-5XX'], { operation }),
      ]),
    );
    expect(findings).toHaveLength(12);
    const none = on('2026-01-01', []);
    expect(
      summarizeBaseline(
        none,
        findings.map((f) => markFinding(f, none)),
        failsRun,
      ).new,
    ).toHaveLength(4);
  });

  it('is not fixed while another check still fails the entry', () => {
    const both = [
      markFinding(passed('ping', ['PING-SCHEMA']), baseline),
      markFinding(failed('ping-again', ['PING-SCHEMA']), baseline),
    ];
    expect(summarizeBaseline(baseline, both, failsRun)).toMatchObject({
      known: [{ rule: 'PING-SCHEMA', operation: PING_OP }],
      fixed: [],
    });
  });
});

describe('updatedEntries', () => {
  const baseline = on('2026-01-01');
  const fails = (f: Finding) => f.verdict === 'failed';

  it('records new failures on their operation, keeps reasons and expiry, drops fixed entries, keeps the rest', () => {
    const findings = [
      markFinding(failed('ping', ['PING-SCHEMA']), baseline),
      markFinding(failed('quotes-check', ['QUOTE-200'], { family: 'quotes', operation: 'POST /v1/quotes' }), baseline),
      markFinding(passed('headers', ['HEADERS-REQUEST-ID']), baseline),
    ];
    const { entries, added, removed } = updatedEntries(baseline, findings, fails);
    expect({ added, removed }).toEqual({ added: 1, removed: 1 });
    expect(entries).toEqual([ENTRIES[0], ENTRIES[1], { rule: 'QUOTE-200', operation: 'POST /v1/quotes' }]);
  });

  it('does not record a failure of excluded rules, nor a warning that does not fail the run', () => {
    const findings = [
      failed('x', ['PING-200'], { excluded: true }),
      failed('y', ['HEADERS-REQUEST-ID'], { verdict: 'warning' }),
    ];
    expect(updatedEntries(on('2026-01-01', []), findings, fails)).toEqual({ entries: [], added: 0, removed: 0 });
  });
});
