/**
 * What `plan` says is what the run does, against the served reference server with a profile
 * that lacks much (README's example: three key roles, a few fixtures, no planLimited, no
 * tierLow): each check the plan runs runs, each it skips skips for the same need, and the run
 * leaves unproven exactly the required rules the plan names. A profile whose key variable is
 * unset is exit 2 for both, with the same code, before any request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportReferenceKeys } from '../../engine/embedded.js';
import { startReferenceServer, type ReferenceServer } from '../../reference/server.js';
import { readSummary, runCli, saveEnv, scratch, writeProfile } from './cli.js';

const tmp = scratch('plan-run');
const VARIABLES = ['E2E_PR_APPROVED', 'E2E_PR_UNAPPROVED', 'E2E_PR_MEDICARE', 'E2E_PR_UNSET'];
const restore = saveEnv(VARIABLES);
let reference: ReferenceServer;
let profile = '';

beforeAll(async () => {
  const env: NodeJS.ProcessEnv = {};
  await exportReferenceKeys(env);
  process.env.E2E_PR_APPROVED = env.PARTNER_KEY_APPROVED;
  process.env.E2E_PR_UNAPPROVED = env.PARTNER_KEY_UNAPPROVED;
  process.env.E2E_PR_MEDICARE = env.PARTNER_KEY_MEDICARE;
  delete process.env.E2E_PR_UNSET;
  reference = await startReferenceServer();
  profile = writeProfile(tmp.path('readme.json'), reference.url, {
    requestTimeoutMs: 10_000,
    asyncTimeoutMs: 5_000,
    keys: {
      approved: { env: 'E2E_PR_APPROVED', tier: 'medium' },
      unapproved: { env: 'E2E_PR_UNAPPROVED', tier: 'high' },
      medicare: { env: 'E2E_PR_MEDICARE', tier: 'low' },
    },
    fixtures: { zipCode: '40202', fipsCode: '21111', state: 'KY', planYear: 2026, planFull: '12345CA0010001' },
  });
});
afterAll(async () => {
  restore();
  await reference.close();
  tmp.dispose();
});

interface PlanJson {
  checks: Array<{ family: string; id: string; will: 'run' | 'skip'; needs?: string }>;
  required: { missing: Array<{ rule: string; needs: string[]; traffic?: true }> };
}

describe('plan against run', () => {
  it('the checks the plan runs and skips, and the required rules it leaves unproven, are the run’s', async () => {
    const families = ['--family', 'utility,enrollment-sessions,enrollments'];
    const planned = await runCli(['plan', '--target', profile, ...families, '--json']);
    expect(planned.code, planned.err).toBe(7);
    const plan = JSON.parse(planned.out) as PlanJson;
    const dir = tmp.path('run');
    const ran = await runCli(['run', '--target', profile, ...families, '--seed', '1', '--report-dir', dir]);
    expect(ran.code, ran.err).toBe(7);
    const summary = readSummary(dir);
    const verdictOf = (family: string, id: string) =>
      summary.findings.filter((f) => f.family === family && f.id === id && f.subject === undefined);
    for (const check of plan.checks) {
      const found = verdictOf(check.family, check.id);
      expect(found.length, check.id).toBeGreaterThan(0);
      // A run-wide or history check says what its data lacked in its own words: its decision is compared, not them.
      const needs = check.family === 'contract' ? {} : { needs: check.needs };
      if (check.will === 'skip') expect(found[0], check.id).toMatchObject({ verdict: 'skipped', ...needs });
      else
        expect(
          found.some((f) => f.verdict !== 'skipped'),
          check.id,
        ).toBe(true);
    }
    const runWide = new Set([
      ...summary.findings.filter((f) => f.family === 'contract' && f.needs).map((f) => f.needs!),
      ...plan.checks.filter((c) => c.family === 'contract' && c.needs).map((c) => c.needs!),
    ]);
    const byRule = (m: Array<{ rule: string; needs?: string[] }>) =>
      Object.fromEntries(m.map((r) => [r.rule, (r.needs ?? []).filter((n) => !runWide.has(n)).sort()]));
    // A rule the plan says the run's traffic may still show (a run-wide check judges it) is the one
    // way the run may prove more than the plan: proven then by run-wide findings alone.
    const ranMissing = new Set(summary.required.missing.map((m) => m.rule));
    const shownByTraffic = plan.required.missing.filter((m) => m.traffic && !ranMissing.has(m.rule));
    for (const { rule } of shownByTraffic) {
      const proving = summary.findings.filter((f) => f.rules.includes(rule) && f.verdict === 'passed');
      expect(proving.length, rule).toBeGreaterThan(0);
      expect(
        proving.every((f) => f.family === 'contract'),
        rule,
      ).toBe(true);
    }
    const shown = new Set(shownByTraffic.map((m) => m.rule));
    expect(byRule(summary.required.missing)).toEqual(byRule(plan.required.missing.filter((m) => !shown.has(m.rule))));
  }, 240_000);

  it('a key variable unset: plan and run both exit 2 with E_KEY_ENV_MISSING, before any request', async () => {
    const unset = writeProfile(tmp.path('unset.json'), reference.url, {
      keys: { approved: { env: 'E2E_PR_APPROVED', tier: 'high' }, unapproved: { env: 'E2E_PR_UNSET', tier: 'high' } },
    });
    const planned = await runCli(['plan', '--target', unset]);
    const ran = await runCli(['run', '--target', unset, '--report-dir', tmp.path('unset')]);
    expect([planned.code, ran.code]).toEqual([2, 2]);
    expect(planned.err).toContain('E_KEY_ENV_MISSING: environment variable E2E_PR_UNSET (key role unapproved)');
    expect(ran.err).toContain('E_KEY_ENV_MISSING: environment variable E2E_PR_UNSET (key role unapproved)');
  }, 60_000);
});
