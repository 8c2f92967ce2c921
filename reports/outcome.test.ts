/** A run's outcome: a run that judged no check about the target tested nothing, and never reads as passed. */
import { describe, expect, it } from 'vitest';
import type { Finding, Verdict } from '../harness/model.js';
import { catalogueOf } from './run-info.js';
import { outcomeLabel } from './scope.js';
import { buildSummary, exitCodeOf, outcomeOf, type StopReason } from './summary.js';
import { SAMPLE_RULES, sampleFindings, sampleInfo } from './testing/sample.js';

const finding = (verdict: Verdict, subject?: Finding['subject']): Finding => ({
  check: `a ${verdict} check`,
  family: 'utility',
  rules: ['PING-200'],
  verdict,
  exchanges: [],
  ...(subject ? { subject } : {}),
  ...(verdict === 'skipped' ? { needs: 'role tierLow' } : {}),
});

describe('outcomeOf', () => {
  it.each<[string, Finding[], ReturnType<typeof outcomeOf>]>([
    ['no finding at all', [], 'empty'],
    ['only defects of the loaded document', [finding('warning', 'document')], 'empty'],
    ['every check skipped', [finding('skipped'), finding('skipped')], 'empty'],
    ['one check judged beside skipped ones', [finding('skipped'), finding('passed')], 'passed'],
    ['a failure beside skipped checks', [finding('skipped'), finding('failed')], 'failed'],
  ])('%s: %s', (_what, findings, outcome) => {
    expect(outcomeOf(findings, false)).toBe(outcome);
  });

  it('gives a run that tested nothing exit 2, never 0', () => {
    const findings = [finding('skipped')];
    expect(exitCodeOf({ outcome: outcomeOf(findings, false), findings })).toBe(2);
  });
});

describe('a run stopped before its end', () => {
  const summaryOf = (stopped: StopReason | boolean) =>
    buildSummary(sampleInfo(), sampleFindings(), catalogueOf(SAMPLE_RULES), new Date(), stopped);

  it.each([
    ['Ctrl-C', true, 'interrupted'],
    ['its deadline', 'deadline', 'deadline'],
  ] as const)('by %s says why, in summary.json and the outcome label', (_what, stopped, reason) => {
    const summary = summaryOf(stopped);
    expect(summary).toMatchObject({ interrupted: true, stopReason: reason });
    expect(outcomeLabel(summary)).toMatch(new RegExp(`^INCOMPLETE \\(${reason}\\): `));
  });

  it('a run that ran to its end says nothing of a stop', () => {
    const summary = summaryOf(false);
    expect(summary.interrupted).toBeUndefined();
    expect(summary.stopReason).toBeUndefined();
    expect(outcomeLabel(summary)).not.toContain('INCOMPLETE');
  });
});
