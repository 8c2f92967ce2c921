/**
 * `run --shard i/n` (the nightly certification split across jobs): the shards of a run
 * together check exactly what the whole run checks, each check once; the run-wide checks, which
 * judge the exchanges a run sent, run in every shard over that shard's own.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { readSummary, runCli, scratch } from './cli.js';

const tmp = scratch('shards');
afterAll(() => tmp.dispose());

/** A family with several suite files that runs in about a second on the embedded server. */
const FAMILY = 'medicare';

/** The checks of a run: the family's, and the run-wide ones (the run's own, family `contract`). */
async function checksOf(extra: string[], name: string): Promise<{ family: string[]; runWide: string[] }> {
  const dir = tmp.path(name);
  const result = await runCli(['run', '--family', FAMILY, ...extra, '--report-dir', dir]);
  expect(result.code, result.err).toBe(0);
  const findings = readSummary(dir).findings;
  const checks = (contract: boolean) =>
    findings.filter((f) => (f.family === 'contract') === contract).map((f) => f.check);
  return { family: checks(false), runWide: checks(true) };
}

describe('sharded runs', () => {
  it('split the checks of a run between the shards without loss or overlap', async () => {
    const whole = await checksOf([], 'whole');
    const first = await checksOf(['--shard', '1/2'], 'first');
    const second = await checksOf(['--shard', '2/2'], 'second');
    expect(whole.family.length).toBeGreaterThan(2);
    expect(first.family.length).toBeGreaterThan(0);
    expect(second.family.length).toBeGreaterThan(0);
    expect(first.family.filter((c) => second.family.includes(c))).toEqual([]);
    expect([...first.family, ...second.family].sort()).toEqual([...whole.family].sort());
    expect(whole.runWide.length).toBeGreaterThan(0);
    expect(first.runWide).toEqual(whole.runWide);
    expect(second.runWide).toEqual(whole.runWide);
  });

  it('name the shard in the console header', async () => {
    const result = await runCli(['run', '--family', FAMILY, '--shard', '2/2', '--report-dir', tmp.path('header')]);
    expect(result.out).toMatch(/^partner-conformance conformance run .*, shard 2\/2\n/);
    expect(result.out).toMatch(/✓ medicare\s+\d+ checks/);
  });
});
