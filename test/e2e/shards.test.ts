/**
 * `run --shard i/n` (the nightly certification split across jobs): the shards of a run
 * together check exactly what the whole run checks, each check once.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { readSummary, runCli, scratch } from './cli.js';

const tmp = scratch('shards');
afterAll(() => tmp.dispose());

/** A family with several suite files that runs in about a second on the embedded server. */
const FAMILY = 'medicare';

async function checksOf(extra: string[], name: string): Promise<string[]> {
  const dir = tmp.path(name);
  const result = await runCli(['run', '--family', FAMILY, ...extra, '--report-dir', dir]);
  expect(result.code, result.err).toBe(0);
  return readSummary(dir).findings.map((f) => f.check);
}

describe('sharded runs', () => {
  it('split the checks of a run between the shards without loss or overlap', async () => {
    const whole = await checksOf([], 'whole');
    const first = await checksOf(['--shard', '1/2'], 'first');
    const second = await checksOf(['--shard', '2/2'], 'second');
    expect(whole.length).toBeGreaterThan(2);
    expect(first.length).toBeGreaterThan(0);
    expect(second.length).toBeGreaterThan(0);
    expect(first.filter((c) => second.includes(c))).toEqual([]);
    expect([...first, ...second].sort()).toEqual([...whole].sort());
  });

  it('name the shard in the console header', async () => {
    const result = await runCli(['run', '--family', FAMILY, '--shard', '2/2', '--report-dir', tmp.path('header')]);
    expect(result.out).toMatch(/^partner-conformance conformance run .*, shard 2\/2\n/);
    expect(result.out).toMatch(/✓ medicare\s+\d+ checks/);
  });
});
