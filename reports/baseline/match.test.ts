/** Findings against a baseline: known, expired (on an injected day), fixed, new; entries naming no check. */
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../harness/model.js';
import type { InventoryCheck } from '../required.js';
import type { BaselineEntry } from './file.js';
import { dayOf, isExpired, markFinding, summarizeBaseline, type BaselineView } from './match.js';
import { updatedEntries } from './update.js';

const EXCHANGE = { request: { method: 'GET', url: 'http://127.0.0.1:1/v1/ping', headers: {} }, durationMs: 1 };
const failed = (id: string, rules: string[], extra: Partial<Finding> = {}): Finding => ({
  check: id.replace(/-/g, ' '),
  id,
  family: 'utility',
  rules,
  verdict: 'failed',
  exchanges: [EXCHANGE],
  ...extra,
});
const passed = (id: string, judged: string[]): Finding => ({
  ...failed(id, judged),
  verdict: 'passed',
  proof: Object.fromEntries(judged.map((r) => [r, [0]])),
});

const ENTRIES: BaselineEntry[] = [
  { check: 'utility/ping', rule: 'PING-200', reason: 'T-1', expires: '2026-06-30' },
  { check: 'utility/ping', rule: 'PING-SCHEMA' },
  { check: 'utility/headers', rule: 'HEADERS-REQUEST-ID', reason: 'T-2' },
];
const on = (today: string, entries = ENTRIES): BaselineView => ({ file: 'b.json', entries, update: false, today });

describe('markFinding', () => {
  it('marks a failure known when the baseline records every rule it violates for its check', () => {
    expect(markFinding(failed('ping', ['PING-200']), on('2026-01-01')).baseline).toEqual({
      status: 'known',
      rules: ['PING-200'],
      reason: 'T-1',
      expires: '2026-06-30',
    });
    expect(markFinding(failed('ping', ['PING-200', 'PING-SCHEMA']), on('2026-01-01')).baseline).toMatchObject({
      status: 'known',
      rules: ['PING-200', 'PING-SCHEMA'],
    });
  });

  it('leaves a failure new when one of its rules, or its check, is not recorded', () => {
    expect(markFinding(failed('ping', ['PING-200', 'HEADERS-REQUEST-ID']), on('2026-01-01')).baseline).toBeUndefined();
    expect(markFinding(failed('ping-again', ['PING-200']), on('2026-01-01')).baseline).toBeUndefined();
    expect(
      markFinding(failed('ping', ['PING-200'], { family: 'reference' }), on('2026-01-01')).baseline,
    ).toBeUndefined();
    expect(markFinding(failed('ping', []), on('2026-01-01')).baseline).toBeUndefined();
  });

  it('accepts an entry through its expires day and marks it expired from the day after', () => {
    expect(markFinding(failed('ping', ['PING-200']), on('2026-06-30')).baseline!.status).toBe('known');
    expect(markFinding(failed('ping', ['PING-200']), on('2026-07-01')).baseline).toEqual({
      status: 'expired',
      rules: ['PING-200'],
      reason: 'T-1',
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

  it('marks fixed only the recorded rules a passing check judged an exchange for', () => {
    expect(markFinding(passed('ping', ['PING-200']), on('2026-01-01')).baseline).toMatchObject({
      status: 'fixed',
      rules: ['PING-200'],
    });
    expect(markFinding(passed('ping', []), on('2026-01-01')).baseline).toBeUndefined();
    const skipped = { ...failed('ping', ['PING-200']), verdict: 'skipped' as const };
    expect(markFinding(skipped, on('2026-01-01')).baseline).toBeUndefined();
  });

  it('judges expiry on a day in UTC', () => {
    expect(dayOf(new Date('2026-06-30T23:59:59-05:00'))).toBe('2026-07-01');
    expect(isExpired({ check: 'utility/ping', rule: 'PING-200' }, '2999-01-01')).toBe(false);
  });
});

describe('summarizeBaseline', () => {
  const inventory: InventoryCheck[] = ['ping', 'headers'].map((id) => ({
    family: 'utility',
    entry: { id, title: id, rules: [], needs: {} },
  }));
  const baseline = on('2026-07-01', [...ENTRIES, { check: 'utility/renamed', rule: 'PING-200' }]);
  const findings = [
    markFinding(failed('ping', ['PING-SCHEMA']), baseline),
    markFinding(failed('headers', ['HEADERS-REQUEST-ID']), baseline),
    markFinding(failed('other', ['PING-200']), baseline),
  ];
  const failsRun = (f: Finding) => f.verdict === 'failed' && f.baseline?.status !== 'known';

  it('lists known, expired, fixed and new failures with their reasons', () => {
    const summary = summarizeBaseline(baseline, findings, failsRun, { inventory });
    expect(summary).toMatchObject({
      file: 'b.json',
      entries: 4,
      known: [
        { check: 'utility/ping', rule: 'PING-SCHEMA' },
        { check: 'utility/headers', rule: 'HEADERS-REQUEST-ID', reason: 'T-2' },
      ],
      expired: [],
      fixed: [],
      new: [{ check: 'utility/other', rule: 'PING-200' }],
    });
    const expired = summarizeBaseline(baseline, [markFinding(failed('ping', ['PING-200']), baseline)], failsRun, {
      inventory,
    });
    expect(expired.expired).toEqual([
      { check: 'utility/ping', rule: 'PING-200', reason: 'T-1', expires: '2026-06-30' },
    ]);
    const fixed = summarizeBaseline(baseline, [markFinding(passed('ping', ['PING-200']), baseline)], failsRun, {
      inventory,
    });
    expect(fixed.fixed).toEqual([{ check: 'utility/ping', rule: 'PING-200', reason: 'T-1', expires: '2026-06-30' }]);
  });

  it('warns of an entry naming a check the collected families lack, never on a shard or for other families', () => {
    const warned = summarizeBaseline(baseline, findings, failsRun, { inventory }).warnings;
    expect(warned.map((w) => [w.code, w.message])).toEqual([
      [
        'W_BASELINE_CHECK_UNKNOWN',
        'baseline b.json names check utility/renamed, which the suite does not have; its entries match nothing',
      ],
    ]);
    expect(warned[0]!.fix).toMatch(/--update-baseline/);
    // The run-wide checks are collected beside the families, under `contract`.
    const runWide = [
      ...inventory,
      { family: 'contract', entry: { id: 'no-key', title: 'no key', rules: [], needs: {} } },
    ];
    const renamed = on('2026-01-01', [{ check: 'contract/no-key-anywhere', rule: 'PING-200' }]);
    expect(summarizeBaseline(renamed, [], failsRun, { inventory: runWide }).warnings.map((w) => w.message)).toEqual([
      expect.stringContaining('names check contract/no-key-anywhere'),
    ]);
    const shard = { inventory, shard: '1/2' };
    expect(summarizeBaseline(baseline, findings, failsRun, shard).warnings).toEqual([]);
    expect(
      summarizeBaseline(baseline, findings, failsRun, { inventory: [{ ...inventory[0]!, family: 'quotes' }] }).warnings,
    ).toEqual([]);
  });
});

describe('updatedEntries', () => {
  const baseline = on('2026-01-01');
  const fails = (f: Finding) => f.verdict === 'failed';

  it('records new failures, keeps reasons and expiry, drops fixed entries and keeps the rest', () => {
    const findings = [
      markFinding(failed('ping', ['PING-SCHEMA']), baseline),
      markFinding(failed('quotes-check', ['QUOTE-200'], { family: 'quotes' }), baseline),
      markFinding(passed('headers', ['HEADERS-REQUEST-ID']), baseline),
    ];
    const { entries, added, removed } = updatedEntries(ENTRIES, findings, fails);
    expect({ added, removed }).toEqual({ added: 1, removed: 1 });
    expect(entries).toEqual([ENTRIES[0], ENTRIES[1], { check: 'quotes/quotes-check', rule: 'QUOTE-200' }]);
  });

  it('does not record a failure of excluded rules, nor a warning that does not fail the run', () => {
    const findings = [
      failed('x', ['PING-200'], { excluded: true }),
      failed('y', ['HEADERS-REQUEST-ID'], { verdict: 'warning' }),
    ];
    expect(updatedEntries([], findings, fails)).toEqual({ entries: [], added: 0, removed: 0 });
  });
});
