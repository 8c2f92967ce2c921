/**
 * Every rule of specs/rules.json gets a verdict in summary.json, JUnit and HTML, end to end
 * through the CLI on the embedded server: rules of families the run did not select are `not
 * selected`, never passed, and each report's header counts every verdict.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadRules } from '../../harness/rules.js';
import { RULE_VERDICTS } from '../../reports/summary.js';
import { readSummary, runCli, scratch } from './cli.js';

const tmp = scratch('rule-verdicts');
afterAll(() => tmp.dispose());

describe('a run of one family', () => {
  it('gives every rule of the catalogue a verdict in every report, and counts them', async () => {
    const reportDir = tmp.path('utility');
    const result = await runCli(['run', '--family', 'utility', '--report-dir', reportDir]);
    expect(result.code).toBe(0);
    const catalogue = loadRules().rules;
    const summary = readSummary(reportDir);
    expect(Object.keys(summary.ruleVerdicts).sort()).toEqual(catalogue.map((r) => r.id).sort());
    for (const rule of catalogue) {
      const verdict = summary.ruleVerdicts[rule.id]!.verdict;
      if (!rule.families.includes('utility')) expect(verdict, rule.id).toBe('not selected');
      else expect(RULE_VERDICTS, rule.id).toContain(verdict);
    }
    expect(summary.ruleVerdicts['PING-200']!.verdict).toBe('passed');
    expect(RULE_VERDICTS.reduce((n, v) => n + summary.ruleCounts[v], 0)).toBe(catalogue.length);
    expect(summary.ruleCounts['not selected']).toBe(catalogue.filter((r) => !r.families.includes('utility')).length);

    const junit = readFileSync(join(reportDir, 'junit.xml'), 'utf8');
    for (const rule of catalogue)
      expect(junit).toContain(`<property name="rule.${rule.id}" value="${summary.ruleVerdicts[rule.id]!.verdict}"/>`);
    expect(junit).toContain(`<property name="rules.not selected" value="${summary.ruleCounts['not selected']}"/>`);

    const line = `${catalogue.length} rules: `;
    expect(result.out).toContain(line);
    const html = readFileSync(join(reportDir, 'report.html'), 'utf8');
    expect(html).toContain(line);
    for (const rule of catalogue) expect(html).toContain(`<code>${rule.id}</code>`);
  }, 300_000);
});
