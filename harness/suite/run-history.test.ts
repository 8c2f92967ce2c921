/** A history check's findings: one per broken claim (bounded), else one passed or skipped finding. */
import { describe, expect, it } from 'vitest';
import type { JournalEntry } from '../model.js';
import { ruleCatalogue } from './catalogue.js';
import { runConfigFor } from './fake-target.test-helpers.js';
import { accountsApartBy, historyFindings, type HistoryClaim } from './run-history.js';
import { MAX_RUN_WIDE_FINDINGS } from './run-wide.js';

const config = runConfigFor();
const entry = (i: number, check = `check ${i}`): JournalEntry => ({
  check,
  family: 'enrollments',
  api: 'v1',
  exchange: {
    request: { method: 'GET', url: `http://127.0.0.1:9/v1/enrollments/enr_${i}`, headers: {} },
    response: { status: 200, headers: {}, body: '{}' },
    durationMs: 1,
  },
});
const claim = (rule: string, holds: boolean, ...entries: JournalEntry[]): HistoryClaim => ({
  rules: [rule],
  entries,
  holds,
  title: 'drifted',
  expected: 'no drift',
  observed: () => 'a drift',
});
const RULES = ['ENR-OUTCOME-STAYS', 'ENR-LIST-OWN-ACCOUNT'];
const rules = RULES.map((id) => ruleCatalogue().byId(id)!);
const findings = (claims: HistoryClaim[], leftOut?: Map<string, number>) =>
  historyFindings({ claims, ...(leftOut ? { leftOut } : {}) }, 'the history', rules, 'applications', config);

describe('historyFindings', () => {
  it('a finding per broken claim with every exchange it compared, each naming who sent it', () => {
    const [drift, leak] = findings([
      claim('ENR-OUTCOME-STAYS', false, entry(1, 'a state-model sequence'), entry(2, 'the closing lists')),
      claim('ENR-LIST-OWN-ACCOUNT', true, entry(3)),
      claim('ENR-LIST-OWN-ACCOUNT', false, entry(4)),
    ]);
    expect(drift).toMatchObject({ verdict: 'warning', rules: ['ENR-OUTCOME-STAYS'], family: 'contract' });
    // An inferred rule warns, with its reason to warn (specs/rules.json).
    expect(drift!.warningReason).toContain(ruleCatalogue().byId('ENR-OUTCOME-STAYS')!.warning_reason);
    expect(drift!.exchanges).toHaveLength(2);
    expect(drift!.observed).toBe('a drift (sent by "a state-model sequence", "the closing lists")');
    expect(drift!.reproduce).toBe('npx partner-conformance run --family enrollments');
    // A stated rule fails.
    expect(leak).toMatchObject({ verdict: 'failed', rules: ['ENR-LIST-OWN-ACCOUNT'] });
  });

  it('at most MAX_RUN_WIDE_FINDINGS, the last counting the rest', () => {
    const out = findings(
      Array.from({ length: MAX_RUN_WIDE_FINDINGS + 3 }, (_, i) => claim(RULES[1]!, false, entry(i))),
    );
    expect(out).toHaveLength(MAX_RUN_WIDE_FINDINGS);
    expect(out.at(-1)!.message).toBe('drifted; and 3 more of the run (exchanges.ndjson)');
  });

  it("passes the rules its claims held, citing each one's first claim's last exchange, and what it left out", () => {
    const [passed] = findings(
      [claim(RULES[1]!, true, entry(1), entry(2)), claim(RULES[1]!, true, entry(3))],
      new Map([['rows after a write of unknown outcome', 2]]),
    );
    expect(passed).toMatchObject({
      verdict: 'passed',
      rules: ['ENR-LIST-OWN-ACCOUNT'],
      proof: { 'ENR-LIST-OWN-ACCOUNT': [0] },
      message:
        "2 claims over the run's exchanges held (exchanges.ndjson); " +
        'left out: 2 rows after a write of unknown outcome',
    });
    expect(passed!.exchanges[0]!.request.url).toMatch(/enr_2$/);
  });

  it('is skipped with what it needs (and what it left out) when it held nothing, never passed', () => {
    expect(findings([], new Map([['answers that never came', 1]]))).toEqual([
      expect.objectContaining({
        verdict: 'skipped',
        rules: RULES,
        needs: 'applications; left out: 1 answers that never came',
      }),
    ]);
  });
});

describe('accountsApartBy', () => {
  const apart = accountsApartBy((roles) => roles.length === 2);
  it('sets apart approved and a role the key roles call another account, holding two keys', () => {
    expect(apart('approved', 'otherAccount')).toBe(true);
    expect(apart('otherAccount', 'approved')).toBe(true);
    expect(accountsApartBy(() => false)('approved', 'otherAccount')).toBe(false);
  });
  it('assumes nothing of any other two roles', () => {
    for (const [a, b] of [
      ['approved', 'reader'],
      ['approved', 'sessions'],
      ['approved', 'tierHigh'],
      ['otherAccount', 'reader'],
      ['otherAccount', 'otherAccount'],
    ])
      expect(apart(a!, b!)).toBe(false);
  });
});
