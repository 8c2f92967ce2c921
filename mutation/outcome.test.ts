import { describe, expect, it } from 'vitest';
import type { Finding } from '../harness/model.js';
import { buildSummary } from '../reports/summary.js';
import { catalogueOf } from '../reports/run-info.js';
import { SAMPLE_RULES, sampleInfo } from '../reports/testing/sample.js';
import { faultOutcome } from './outcome.js';

const fault = { name: 'ping-500', rules: ['PING-200'], family: 'utility', summary: 'ping answers 500' };
const finding = (rules: string[], verdict: Finding['verdict']): Finding =>
  ({
    check: `checks ${rules.join(',') || 'nothing'}`,
    family: 'utility',
    rules,
    section: '4.1',
    verdict,
    exchanges: [],
  }) as Finding;
const faultOutcomeWith = (findings: Finding[]) =>
  faultOutcome(fault, buildSummary(sampleInfo(), findings, catalogueOf(SAMPLE_RULES), new Date()), 1);

describe('faultOutcome', () => {
  it("a failing check naming the fault's rule catches it by its own rule", () => {
    expect(faultOutcomeWith([finding(['PING-200'], 'failed')])).toMatchObject({
      caught: true,
      ownRuleCaught: true,
      failingRules: ['PING-200'],
    });
  });

  it('a failure that names no rule (a suite file that does not load) is not a catch', () => {
    const out = faultOutcomeWith([finding([], 'failed'), finding(['PING-200'], 'passed')]);
    expect(out).toMatchObject({ caught: false, ownRuleCaught: false, failingRules: [] });
    expect(out.catches).toHaveLength(1);
  });
});
