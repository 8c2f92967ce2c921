/**
 * The whole suite on the embedded server with its own profile (what `npm start` runs): it
 * reaches a complete verdict (every rule the conformance profile requires proven, the two no
 * run can reach listed apart), every passed rule cites the exchanges that proved it, no check
 * read a fixture or key role it did not declare (so `plan` cannot lie), and the findings are
 * the checks of the inventory, each under its own identity.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createSuiteRunner } from '../../engine/suite-runner.js';
import { FAMILIES } from '../../harness/model.js';
import { selectedChecks } from '../../reports/required.js';
import { readSummary, runCli, scratch } from './cli.js';

const tmp = scratch('declared-needs');
afterAll(() => tmp.dispose());

describe('the full run on the embedded server', () => {
  it('is complete, each pass earned, each read declared, each check under its identity', async () => {
    const dir = tmp.path('full');
    const result = await runCli(['run', '--report-dir', dir]);
    expect(result.code, result.err).toBe(0);
    const summary = readSummary(dir);
    expect(summary.outcome).toBe('passed');
    expect(summary.scope.complete).toBe(true);
    expect(summary.required.missing).toEqual([]);
    expect(summary.required.unreachable.sort()).toEqual(['IDEMP-RETENTION-24H', 'RATE-MONTHLY-QUOTA']);
    expect(result.out).toMatch(/^Required: every stated rule of every family: (\d+) of \1 proven; never required/m);
    expect(result.out).toContain('Result: PASSED\n');

    expect(summary.findings.filter((f) => f.undeclaredReads).map((f) => [f.check, f.undeclaredReads])).toEqual([]);
    for (const f of summary.findings.filter((x) => x.verdict === 'passed'))
      expect(Object.keys(f.proof ?? {}).length, f.check).toBeGreaterThan(0);
    for (const [id, outcome] of Object.entries(summary.ruleVerdicts).filter(([, o]) => o.verdict === 'passed')) {
      expect(outcome.proof?.length, id).toBeGreaterThan(0);
      for (const { check, exchanges } of outcome.proof!) {
        const finding = summary.findings.find((f) => `${f.family}/${f.id}` === check)!;
        for (const i of exchanges) expect(finding.exchanges[i], `${id} ${check}`).toBeDefined();
      }
    }

    const runner = await createSuiteRunner([...FAMILIES]);
    try {
      const inventory = (await runner.collect?.([...FAMILIES])) ?? [];
      const selected = selectedChecks(inventory, { runProfile: 'conformance', families: [...FAMILIES] });
      const expected = selected.map((c) => `${c.family}/${c.entry.id}`).sort();
      // A passed check's rules it could not prove come beside it as a skipped finding of the same check.
      const found = new Set(summary.findings.filter((f) => f.subject === undefined).map((f) => `${f.family}/${f.id}`));
      expect([...found].sort()).toEqual(expected);
    } finally {
      await runner.close();
    }
  }, 300_000);
});
