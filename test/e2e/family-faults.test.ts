/**
 * A run that fails, per family: each family's suite against the embedded server with one of
 * that family's named faults exits 1 and names the rule the fault breaks. The mutation
 * campaign does this for every fault; this keeps one per family in `npm test`.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { FAMILIES } from '../../harness/model.js';
import { listFaults } from '../../reference/server.js';
import { readSummary, runCli, scratch } from './cli.js';

const dir = scratch('family-faults');
afterAll(() => dir.dispose());

/** The first fault the server lists for each family: a fixed, reviewable choice. */
const FAULT_PER_FAMILY = FAMILIES.map((family) => ({ family, fault: listFaults().find((f) => f.family === family) }));

describe('a faulty embedded server fails the run of its family, naming the broken rule', () => {
  it('every family has a fault to run against', () => {
    expect(FAULT_PER_FAMILY.filter((f) => f.fault === undefined).map((f) => f.family)).toEqual([]);
  });

  it.each(FAULT_PER_FAMILY.map((f) => [f.family, f.fault?.name ?? '(none)'] as const))(
    '%s with fault %s',
    async (family, name) => {
      const fault = listFaults().find((f) => f.name === name)!;
      const reportDir = dir.path(family);
      // --strict: a fault may break an inferred rule, which otherwise only warns.
      const result = await runCli([
        'run',
        '--family',
        family,
        '--fault',
        name,
        '--seed',
        '1',
        '--strict',
        '--report-dir',
        reportDir,
      ]);
      expect(result.code, result.err).toBe(1);
      const summary = readSummary(reportDir);
      expect(summary.target.fault).toBe(name);
      const failed = Object.entries(summary.ruleVerdicts)
        .filter(([, v]) => v.verdict === 'failed' || v.verdict === 'warning')
        .map(([rule]) => rule);
      expect(failed).toEqual(expect.arrayContaining(fault.rules));
      expect(result.out).toContain('Result: FAILED');
    },
    120_000,
  );
});
