/**
 * A key declared at the wrong tier is the profile's mistake, in both directions: a tier check
 * that sees a key let another tier's burst through skips with W_KEY_TIER naming both tiers (not
 * RATE-429-TIER on the target), and a key paced above its real tier is warned about instead of
 * meeting 429s silently. Against the served reference server, whose sandbox keys' tiers are known.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportReferenceKeys } from '../../engine/embedded.js';
import { startReferenceServer, type ReferenceServer } from '../../reference/server.js';
import { readSummary, runCli, saveEnv, scratch, writeProfile } from './cli.js';

const tmp = scratch('key-tiers');
const restore = saveEnv(['E2E_TIER_KEY', 'E2E_TIER_APPROVED']);
let reference: ReferenceServer;

beforeAll(async () => {
  const env: NodeJS.ProcessEnv = {};
  await exportReferenceKeys(env);
  reference = await startReferenceServer();
  // The sandbox's high-tier key under a role declared low, and its low-tier key under one declared high.
  process.env.E2E_TIER_APPROVED = env.PARTNER_KEY_APPROVED;
  process.env.E2E_TIER_KEY = env.PARTNER_KEY_TIER_HIGH;
});
afterAll(async () => {
  restore();
  await reference.close();
  tmp.dispose();
});

describe('a key declared at another tier than its own', () => {
  it('declared below it: the tier checks skip with W_KEY_TIER naming both tiers, no contract failure', async () => {
    const profile = writeProfile(tmp.path('low.json'), reference.url, {
      keys: {
        approved: { env: 'E2E_TIER_APPROVED', tier: 'high' },
        tierLow: { env: 'E2E_TIER_KEY', tier: 'low' },
      },
    });
    const dir = tmp.path('low');
    const result = await runCli([
      'run',
      '--target',
      profile,
      '--family',
      'utility',
      '--seed',
      '1',
      '--report-dir',
      dir,
    ]);
    const summary = readSummary(dir);
    const rate = summary.findings.filter((f) => f.rules.some((r) => r.startsWith('RATE-')) && f.id !== undefined);
    expect(rate.filter((f) => f.verdict === 'failed')).toEqual([]);
    const lowTier = rate.filter((f) => /low tier/.test(f.check));
    expect(lowTier.length).toBe(2);
    for (const f of lowTier)
      expect(f, f.check).toMatchObject({
        verdict: 'skipped',
        needs: "the key's real tier in the target profile (tierLow: declared low, measured high)",
      });
    expect(summary.configWarnings?.filter((w) => w.code === 'W_KEY_TIER')).toEqual([
      expect.objectContaining({ roles: ['tierLow'], message: expect.stringContaining('a key of tier high') }),
    ]);
    expect(result.out).toContain('W_KEY_TIER: key role tierLow is declared tier low');
    expect(result.code).not.toBe(1);
  }, 120_000);

  it('declared above it: the 429s its paced requests meet are a W_KEY_TIER warning, not silence', async () => {
    process.env.E2E_TIER_KEY = (await referenceKey('PARTNER_KEY_TIER_LOW')) ?? '';
    const profile = writeProfile(tmp.path('high.json'), reference.url, {
      keys: { approved: { env: 'E2E_TIER_KEY', tier: 'high' } },
    });
    const dir = tmp.path('high');
    // The reference family sends many paced requests with the approved key, bursts of them at once.
    await runCli(['run', '--target', profile, '--family', 'reference', '--seed', '1', '--report-dir', dir]);
    const warnings = readSummary(dir).configWarnings?.filter((w) => w.code === 'W_KEY_TIER') ?? [];
    expect(warnings).toEqual([
      expect.objectContaining({ roles: ['approved'], message: expect.stringContaining('declared tier high') }),
    ]);
  }, 120_000);
});

async function referenceKey(name: string): Promise<string | undefined> {
  const env: NodeJS.ProcessEnv = {};
  await exportReferenceKeys(env);
  return env[name];
}
