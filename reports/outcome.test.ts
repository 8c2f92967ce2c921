/** A run's outcome: a run that judged no check about the target tested nothing, and never reads as passed. */
import { describe, expect, it } from 'vitest';
import type { Finding, Verdict } from '../harness/model.js';
import { catalogueOf } from './run-info.js';
import { outcomeLabel } from './scope.js';
import { buildSummary, exitCodeOf, runOutcomeOf } from './summary.js';
import { SAMPLE_RULES, sampleFindings, sampleInfo, sampleSummary } from './testing/sample.js';

const finding = (verdict: Verdict, subject?: Finding['subject']): Finding => ({
  check: `a ${verdict} check`,
  family: 'utility',
  rules: ['PING-200'],
  verdict,
  exchanges: [],
  ...(subject ? { subject } : {}),
  ...(verdict === 'skipped' ? { needs: 'role tierLow' } : {}),
});

describe('runOutcomeOf', () => {
  it.each<[string, Finding[], ReturnType<typeof runOutcomeOf>]>([
    ['no finding at all', [], 'empty'],
    ['only defects of the loaded document', [finding('warning', 'document')], 'empty'],
    ['every check skipped', [finding('skipped'), finding('skipped')], 'empty'],
    ['one check judged beside skipped ones', [finding('skipped'), finding('passed')], 'passed'],
    ['a failure beside skipped checks', [finding('skipped'), finding('failed')], 'failed'],
  ])('%s: %s', (_what, findings, outcome) => {
    expect(runOutcomeOf(findings, false)).toBe(outcome);
  });

  it('gives a run that tested nothing exit 2, never 0', () => {
    const findings = [finding('skipped')];
    expect(exitCodeOf({ outcome: runOutcomeOf(findings, false), findings })).toBe(2);
  });
});

describe('an incomplete run', () => {
  it(
    'is incomplete (exit 7) when nothing failed or was blocked but a required rule was not ' + 'proven, or it stopped',
    () => {
      const findings = [finding('passed'), finding('skipped')];
      expect(runOutcomeOf(findings, false, false)).toBe('incomplete');
      expect(exitCodeOf({ outcome: 'incomplete', findings })).toBe(7);
      // A failure or a block outranks it.
      expect(runOutcomeOf([finding('failed'), finding('skipped')], false, false)).toBe('failed');
      expect(runOutcomeOf([finding('blocked'), finding('passed')], false, false)).toBe('blocked');
      // Checks not run are something judged about the run, not nothing tested.
      expect(runOutcomeOf([finding('not run')], false, false)).toBe('incomplete');
    },
  );

  it('never reads PASSED: the label names what is missing, and the stop', () => {
    const scope = (partial: string[]) => ({ partial });
    expect(outcomeLabel({ outcome: 'incomplete', scope: scope(['3 required rules not proven']) })).toBe(
      'INCOMPLETE (3 required rules not proven)',
    );
    expect(
      outcomeLabel({
        outcome: 'incomplete',
        scope: scope(['stopped: interrupted', '3 required rules not proven']),
        stopped: { reason: 'interrupted' },
        counts: { 'not run': 79 },
      }),
    ).toBe('INCOMPLETE (interrupted): 79 checks not run; 3 required rules not proven');
    expect(
      outcomeLabel({ outcome: 'failed', scope: scope(['stopped: deadline']), stopped: { reason: 'deadline' } }),
    ).toBe('INCOMPLETE (deadline): FAILED');
    expect(outcomeLabel({ outcome: 'passed', scope: scope(['rules PING-200']) })).toBe(
      'PASSED (PARTIAL: rules PING-200)',
    );
  });

  it('a stopped run whose required rules were all proven is still incomplete, never green', () => {
    const summary = sampleSummary(sampleInfo({ families: ['utility'] }), [{ ...sampleFindings()[0]! }]);
    expect(summary.outcome).toBe('passed');
    const stopped = buildSummary(
      sampleInfo({ families: ['utility'] }),
      [{ ...sampleFindings()[0]! }],
      catalogueOf(SAMPLE_RULES),
      { finishedAt: new Date(), stopped: 'interrupted' },
    );
    expect(stopped.outcome).toBe('incomplete');
    expect(stopped).toMatchObject({ interrupted: true, stopped: { reason: 'interrupted' } });
    expect(stopped.scope).toMatchObject({
      complete: false,
      partial: ['families utility of 8', 'stopped: interrupted'],
    });
  });
});

describe('configuration warnings a check found', () => {
  it('join the run’s own in the summary, each told once, and the check stays skipped, never failed', () => {
    const tier = {
      code: 'W_KEY_TIER' as const,
      message: 'key role tierLow is declared tier low but let 20 requests at once through',
      fix: 'f',
      roles: ['tierLow'],
    };
    const shared = { code: 'W_KEY_SHARED' as const, message: 'key roles approved, unapproved', fix: 'f' };
    const skipped = { ...finding('skipped'), configWarnings: [tier] };
    const summary = buildSummary(
      sampleInfo({ configWarnings: [shared] }),
      [skipped, { ...skipped, check: 'another' }, finding('passed')],
      catalogueOf(SAMPLE_RULES),
      new Date('2025-01-01T00:00:01.000Z'),
    );
    expect(summary.configWarnings).toEqual([shared, tier]);
    expect(summary.counts.failed).toBe(0);
  });
});
