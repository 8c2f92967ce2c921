/** A run's outcome: a run that judged no check about the target tested nothing, and never reads as passed. */
import { describe, expect, it } from 'vitest';
import type { Finding, Verdict } from '../harness/model.js';
import { exitCodeOf, outcomeOf } from './summary.js';

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
