/**
 * Failures a run accepts (known in its baseline, of excluded rules) through the summary and every
 * report format: the run passes on them, every format still shows them, never as passed.
 */
import { describe, expect, it } from 'vitest';
import type { Finding } from '../harness/model.js';
import { acceptFinding, failsRun, isAccepted } from './accepted.js';
import type { BaselineView } from './baseline/match.js';
import { renderConsoleSummary } from './console-writer.js';
import { renderStepSummary } from './github-writer.js';
import { renderHtml } from './html-writer.js';
import { renderJunit } from './junit-writer.js';
import { metricsRegistry } from './monitor/metrics.js';
import type { InventoryCheck } from './required.js';
import { catalogueOf } from './run-info.js';
import { outcomeLabel } from './scope.js';
import { buildSummary, exitCodeOf } from './summary.js';
import { SAMPLE_RULES, sampleFindings, sampleInfo } from './testing/sample.js';
import { findAll, parseXml } from './testing/xml-check.js';
import type { RunInfo } from './types.js';

const ISSUERS_OP = 'GET /v1/reference/issuers';
const baselineOf = (today: string, extra: Partial<BaselineView['entries'][number]> = {}): BaselineView => ({
  file: 'conformance-baseline.json',
  entries: [
    { rule: 'ISSUERS-ORDER', operation: ISSUERS_OP, reason: 'API-7: byte order until the index is rebuilt', ...extra },
  ],
  update: false,
  today,
});

const check = (family: string, id: string, rules: string[]): InventoryCheck => ({
  family,
  entry: { id, title: id, rules, needs: {} },
});
/** The sample's reference family alone: one check, of ISSUERS-ORDER, which fails; complete but for it. */
const REFERENCE = {
  families: ['reference' as const],
  findings: () => sampleFindings().filter((f) => f.family === 'reference'),
  inventory: [check('reference', 'issuers-sorted-case-insensitively-by-id', ['ISSUERS-ORDER'])],
};

/** The sample run as the reporter builds it: every finding accepted or not before the summary. */
function summaryOf(info: RunInfo, findings: Finding[] = sampleFindings(), inventory: InventoryCheck[] = []) {
  const accepted = findings.map((f) => acceptFinding({ ...f, id: f.id ?? idOf(f.check) }, info));
  return buildSummary(info, accepted, catalogueOf(SAMPLE_RULES), {
    finishedAt: new Date('2025-01-01T00:00:03.000Z'),
    inventory,
  });
}
const idOf = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

describe('a known failure', () => {
  const info = sampleInfo({ families: REFERENCE.families, baseline: baselineOf('2025-01-01') });
  const summary = summaryOf(info, REFERENCE.findings(), REFERENCE.inventory);
  const issuers = summary.findings.find((f) => f.rules.includes('ISSUERS-ORDER'))!;

  it('keeps its verdict, is accepted and does not fail the run (exit 0)', () => {
    expect(issuers.verdict).toBe('failed');
    expect(isAccepted(issuers)).toBe(true);
    expect(failsRun(issuers, false)).toBe(false);
    expect(summary.outcome).toBe('passed');
    expect(summary.exitCode).toBe(0);
    expect(summary.baseline).toMatchObject({ known: [{ rule: 'ISSUERS-ORDER', operation: ISSUERS_OP }], new: [] });
    expect(summary.scope.baseline).toBe('conformance-baseline.json');
  });

  it('fails the run again once its entry expired (exit 1)', () => {
    const expired = summaryOf(sampleInfo({ baseline: baselineOf('2025-01-02', { expires: '2025-01-01' }) }));
    expect(expired.outcome).toBe('failed');
    expect(exitCodeOf(expired)).toBe(1);
    expect(expired.baseline!.expired).toEqual([
      {
        rule: 'ISSUERS-ORDER',
        operation: ISSUERS_OP,
        reason: 'API-7: byte order until the index is rebuilt',
        expires: '2025-01-01',
      },
    ]);
  });

  it('is a skipped JUnit case with its reason and status "known", under the same identity', () => {
    const root = parseXml(renderJunit(summary));
    const testcase = findAll(root, 'testcase').find((c) => c.attrs.name === 'issuers-sorted-case-insensitively-by-id')!;
    expect(testcase.attrs).toMatchObject({ classname: 'reference', status: 'known' });
    expect(findAll(testcase, 'failure')).toEqual([]);
    expect(findAll(testcase, 'skipped')[0]!.attrs.message).toBe(
      'known failure (baseline): API-7: byte order until the index is rebuilt',
    );
    expect(findAll(testcase, 'system-out')[0]!.text).toContain('observed: byte order');
    expect(root.attrs.failures).toBe('0');
    const monitor = findAll(root, 'testsuite').find((s) => s.attrs.name === 'monitor')!;
    expect(findAll(monitor, 'property').map((p) => [p.attrs.name, p.attrs.value])).toContainEqual([
      'baseline.known',
      '1',
    ]);
  });

  it('is counted by state in the metrics', async () => {
    const text = await metricsRegistry(summary).metrics();
    expect(text).toMatch(/^partner_conformance_baseline{state="known",[^}]*} 1$/m);
    expect(text).toMatch(/^partner_conformance_baseline{state="new",[^}]*} 0$/m);
  });

  it('is listed as known, not among the failures, by the console, the step summary and the HTML', () => {
    const text = renderConsoleSummary(summary);
    expect(text).not.toContain('Failures:');
    expect(text).toContain('1 failed (1 known)');
    expect(text).toContain(
      `  known (not failing the run): ISSUERS-ORDER on ${ISSUERS_OP}: API-7: byte order until the index is rebuilt`,
    );
    expect(text).toContain('Scope: ');
    expect(text).toContain('baseline conformance-baseline.json');
    const markdown = renderStepSummary(summary);
    expect(markdown).not.toContain('| family | rules | check | observed | reproduce |');
    expect(markdown).toContain('known (not failing the run)');
    const page = renderHtml(summary);
    expect(page).toContain('<h2>Failures (0)</h2>');
    expect(page).toContain('<h2>Known failures (1)</h2>');
    expect(page).toContain('failed (known)');
  });

  it('reads the same without a baseline as before: a failure', () => {
    const plain = summaryOf(sampleInfo());
    expect(plain.outcome).toBe('failed');
    expect(plain.baseline).toBeUndefined();
    expect(plain.findings.some((f) => f.baseline !== undefined || f.excluded)).toBe(false);
    expect(renderConsoleSummary(plain)).toContain('Failures:');
  });
});

describe('a fixed entry', () => {
  it('is reported on the check that now passes its rule', () => {
    const info = sampleInfo({
      baseline: { ...baselineOf('2025-01-01'), entries: [{ rule: 'PING-200', operation: 'GET /v1/ping' }] },
    });
    const summary = summaryOf(info);
    expect(summary.baseline!.fixed).toEqual([{ rule: 'PING-200', operation: 'GET /v1/ping' }]);
    expect(summary.baseline!.new).toEqual([{ rule: 'ISSUERS-ORDER', operation: ISSUERS_OP }]);
    expect(renderConsoleSummary(summary)).toContain('1 passed (1 fixed)');
    expect(summary.outcome).toBe('failed');
    const passing = findAll(parseXml(renderJunit(summary)), 'testcase').find(
      (c) => c.attrs.name === 'ping-answers-200',
    )!;
    expect(passing.attrs.status).toBe('passed');
    expect(findAll(passing, 'system-out')[0]!.text).toContain('baseline: fixed: the check now passes PING-200');
  });
});

describe('an excluded rule', () => {
  const info = sampleInfo({ families: REFERENCE.families, excludedRules: ['ISSUERS-ORDER'] });

  it('is excluded in the verdicts and the scope, its failure reported but not failing the run', () => {
    const summary = summaryOf(info, REFERENCE.findings(), REFERENCE.inventory);
    expect(summary.ruleVerdicts['ISSUERS-ORDER']!.verdict).toBe('excluded');
    expect(summary.ruleCounts.excluded).toBe(1);
    expect(summary.outcome).toBe('passed');
    expect(summary.scope).toMatchObject({ excludedRules: ['ISSUERS-ORDER'], complete: false });
    expect(outcomeLabel(summary)).toBe('PASSED (PARTIAL: families reference of 8; excluded rules ISSUERS-ORDER)');
    const testcase = findAll(parseXml(renderJunit(summary)), 'testcase').find(
      (c) => c.attrs.classname === 'reference',
    )!;
    expect(testcase.attrs.status).toBe('excluded');
    expect(findAll(testcase, 'skipped')[0]!.attrs.message).toBe(
      'failure of excluded rules (--exclude-rule): ISSUERS-ORDER',
    );
    expect(renderConsoleSummary(summary)).toContain(
      'Failures of excluded rules (--exclude-rule; not failing the run): 1',
    );
    expect(renderHtml(summary)).toContain('<h2>Failures of excluded rules (1)</h2>');
  });

  it('is never required, and a required rule its failure kept from proof is told, not counted', () => {
    // The issuers check covers PING-200 too, but stops at its ISSUERS-ORDER violation first.
    const inventory = [check('reference', 'issuers-sorted-case-insensitively-by-id', ['ISSUERS-ORDER', 'PING-200'])];
    const findings = REFERENCE.findings();
    const families: RunInfo['families'] = ['utility', 'reference'];
    const excluded = summaryOf(sampleInfo({ families, excludedRules: ['ISSUERS-ORDER'] }), findings, inventory);
    expect(excluded.required.rules).not.toContain('ISSUERS-ORDER');
    expect(excluded.required.missing).toEqual([]);
    expect(excluded.required.accepted).toMatchObject([{ rule: 'PING-200', accepted: true }]);
    expect(excluded.outcome).toBe('passed');
    expect(renderConsoleSummary(excluded)).toContain(
      'Left unproven by accepted failures their checks stopped at (not counted): PING-200',
    );
    // Without the exclusion the same gap sits beside a failure: the run fails, the gap is missing.
    const plain = summaryOf(sampleInfo({ families }), findings, inventory);
    expect(plain.required.missing.map((m) => m.rule)).toContain('PING-200');
    expect(plain.outcome).toBe('failed');
  });

  it('of a family: the scope names it', () => {
    const summary = summaryOf(sampleInfo({ families: ['utility', 'reference'], excludedFamilies: ['enrollments'] }));
    expect(summary.scope.excludedFamilies).toEqual(['enrollments']);
    expect(summary.scope.partial).toContain('excluded families enrollments');
    expect(summary.ruleVerdicts['ENR-CANCEL-202']!.verdict).toBe('excluded');
    expect(renderConsoleSummary(summary)).toContain('excluded families enrollments');
  });
});
