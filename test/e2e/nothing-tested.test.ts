/**
 * A run whose every selected check is skipped tested nothing: it must not read as passed. The
 * reference server is the target, through a profile that holds only the approved key, and the
 * selection is the tier-low rate-limit rule, whose checks need a `tierLow` key: exit 2 with
 * E_NOTHING_TESTED naming what the checks need, and reports that say NOTHING TESTED.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenceKeyEnv, startReferenceServer } from '../../reference/server.js';
import { readSummary, referenceProfileAt, runCli, saveEnv, scratch } from './cli.js';

const tmp = scratch('nothing-tested');
const keys = referenceKeyEnv();
const restoreEnv = saveEnv(Object.keys(keys));
let upstream: { url: string; close(): Promise<void> };

const profileWithKeys = (name: string, roles: readonly string[]): string =>
  referenceProfileAt(tmp.path(`${name}.json`), upstream.url, { name, roles });

beforeAll(async () => {
  Object.assign(process.env, keys);
  upstream = await startReferenceServer({ port: 0 });
});
afterAll(async () => {
  restoreEnv();
  await upstream?.close();
  tmp.dispose();
});

describe('a run that skips every selected check', () => {
  it('exits 2 with E_NOTHING_TESTED, naming what the checks need, and its reports say NOTHING TESTED', async () => {
    const reportDir = tmp.path('skipped');
    const r = await runCli([
      'run',
      '--target',
      profileWithKeys('approved-only', ['approved']),
      '--family',
      'utility',
      '--rule',
      'RATE-RECOVERY',
      '--report-dir',
      reportDir,
    ]);
    expect(r.code, r.err).toBe(2);
    expect(r.err).toContain('E_NOTHING_TESTED');
    expect(r.err).toContain('needs role tierLow');
    expect(r.out).toMatch(/^– utility /m);
    expect(r.out).toContain('NOTHING TESTED');
    const summary = readSummary(reportDir);
    expect(summary.outcome).toBe('empty');
    expect(summary.counts.skipped).toBeGreaterThan(0);
    expect(summary.counts.passed + summary.counts.failed).toBe(0);
  });

  it('passes as before once the profile has the key the checks need', async () => {
    const r = await runCli([
      'run',
      '--target',
      profileWithKeys('with-tier-low', ['approved', 'tierLow']),
      '--family',
      'utility',
      '--rule',
      'RATE-RECOVERY',
      '--report-dir',
      tmp.path('judged'),
    ]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('PASSED');
  });
});
