/** Every rule of the catalogue gets a verdict: from its checks, or not selected, or not reached. */
import { describe, expect, it } from 'vitest';
import type { Finding, Rule } from '../harness/model.js';
import { catalogueOf } from './run-info.js';
import { countRuleVerdicts, ruleCountsLine, ruleVerdicts } from './summary.js';

const rule = (id: string, families: Rule['families']): Rule => ({
  id,
  section: '1',
  strength: 'stated',
  families,
  statement: id,
});
const CATALOGUE = catalogueOf([
  rule('A', ['utility']),
  rule('B', ['utility']),
  rule('C', ['quotes']),
  rule('D', ['utility']),
  rule('E', ['utility']),
]);
const EXCHANGE = { request: { method: 'GET', url: 'http://127.0.0.1:1/v1/ping', headers: {} }, durationMs: 1 };
/** A passed check proves its rules on the one exchange it judged. */
const finding = (rules: string[], verdict: Finding['verdict'], extra: Partial<Finding> = {}): Finding => ({
  check: rules.join('+'),
  family: 'utility',
  rules,
  verdict,
  exchanges: verdict === 'passed' ? [EXCHANGE] : [],
  ...(verdict === 'passed' ? { proof: Object.fromEntries(rules.map((r) => [r, [0]])) } : {}),
  ...extra,
});

describe('ruleVerdicts', () => {
  const findings = [
    finding(['A'], 'passed'),
    finding(['B'], 'blocked', { blockedBy: 'E_TARGET_NOT_LISTENING' }),
    finding(['E'], 'passed'),
    finding(['E'], 'blocked'),
  ];

  it("gives every rule a verdict: its checks' worst, not selected outside the run, not reached inside it", () => {
    const verdicts = ruleVerdicts(findings, CATALOGUE, { families: ['utility'] });
    expect(Object.fromEntries(Object.entries(verdicts).map(([id, o]) => [id, o.verdict]))).toEqual({
      A: 'passed',
      B: 'blocked',
      C: 'not selected',
      D: 'not reached',
      E: 'blocked',
    });
    expect(verdicts.D).toMatchObject({ checks: 0, section: '1', statement: 'D' });
  });

  it('a passed check proves only the rules it judged an exchange for; the proof names the check', () => {
    const verdicts = ruleVerdicts(
      [finding(['A', 'B'], 'passed', { id: 'a-and-b', proof: { A: [0] } }), finding(['D'], 'not run')],
      CATALOGUE,
      { families: ['utility'] },
    );
    expect(verdicts.A).toMatchObject({ verdict: 'passed', proof: [{ check: 'utility/a-and-b', exchanges: [0] }] });
    expect(verdicts.B!.verdict).toBe('not reached');
    expect(verdicts.D!.verdict).toBe('not run');
    const nothing = ruleVerdicts([finding(['A'], 'passed', { proof: {} })], CATALOGUE, { families: ['utility'] });
    expect(nothing.A!.verdict).toBe('not reached');
  });

  it('a rule with a check not run is not run, even beside a check that passed it', () => {
    const verdicts = ruleVerdicts([finding(['A'], 'passed'), finding(['A'], 'not run')], CATALOGUE, {
      families: ['utility'],
    });
    expect(verdicts.A!.verdict).toBe('not run');
  });

  it(
    'a rule of a family outside the run that a check joining every run skipped is not selected; ' +
      'judged, it keeps its verdict',
    () => {
      const skipped = finding(['C', 'D'], 'skipped', { family: 'contract', needs: 'applications of the run' });
      const verdicts = ruleVerdicts([skipped], CATALOGUE, { families: ['utility'] });
      expect(verdicts.C!.verdict).toBe('not selected');
      expect(verdicts.D!.verdict).toBe('skipped');
      const judged = ruleVerdicts([finding(['C'], 'failed', { family: 'contract' })], CATALOGUE, {
        families: ['utility'],
      });
      expect(judged.C!.verdict).toBe('failed');
    },
  );

  it("a rule outside --rule is not selected; in a shard an unseen rule may be another shard's", () => {
    expect(ruleVerdicts([], CATALOGUE, { families: ['utility'], rules: ['A'] }).D!.verdict).toBe('not selected');
    expect(ruleVerdicts([], CATALOGUE, { families: ['utility'], shard: '1/2' }).D!.verdict).toBe('not selected');
    expect(ruleVerdicts([], CATALOGUE, { families: ['utility'] }).D!.verdict).toBe('not reached');
  });

  it('an excluded rule is excluded whatever its checks found; so is a rule only of excluded families', () => {
    const verdicts = ruleVerdicts([finding(['A'], 'passed'), finding(['B'], 'failed')], CATALOGUE, {
      families: ['utility'],
      excludedRules: ['A', 'B'],
      excludedFamilies: ['quotes'],
    });
    expect(verdicts.A).toMatchObject({ verdict: 'excluded', checks: 1 });
    expect(verdicts.A!.proof).toBeUndefined();
    expect(verdicts.B!.verdict).toBe('excluded');
    expect(verdicts.C!.verdict).toBe('excluded');
    expect(verdicts.D!.verdict).toBe('not reached');
  });

  it('counts each verdict, and the header line names the ones that occur', () => {
    const counts = countRuleVerdicts(ruleVerdicts(findings, CATALOGUE, { families: ['utility'] }));
    expect(counts).toEqual({
      passed: 1,
      failed: 0,
      warning: 0,
      skipped: 0,
      blocked: 2,
      'not run': 0,
      'not selected': 1,
      'not reached': 1,
      excluded: 0,
    });
    expect(ruleCountsLine(counts)).toBe('5 rules: 1 passed, 2 blocked, 1 not selected, 1 not reached');
  });
});
