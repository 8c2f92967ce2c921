/**
 * A target half set up, end to end through the CLI: the reference server behind a proxy that
 * refuses to create applications for the planFull fixture, or whose test carrier never accepts
 * a submission. A failed setup step is told once, naming its exchange and the rule it breaks;
 * the checks that needed it are `blocked` by it (grouped under it in the console, JUnit and
 * HTML), never failures of their own rules. A step that breaks no rule ends the run with exit 6.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenceProfilePath } from '../../harness/profile.js';
import { referenceKeyEnv, startReferenceServer } from '../../reference/server.js';
import { alteringProxy, type Alterations } from '../fault-servers/proxy.js';
import type { LocalServer } from '../fault-servers/listen.js';
import { readSummary, runCli, scratch, saveEnv } from './cli.js';

const tmp = scratch('setup-steps');
const keys = referenceKeyEnv();
const restoreEnv = saveEnv(Object.keys(keys));
const profile = JSON.parse(readFileSync(referenceProfilePath(), 'utf8')) as {
  fixtures: Record<string, string>;
} & Record<string, unknown>;
delete profile.$schema;
const upstreams: Array<{ url: string; close(): Promise<void> }> = [];
const proxies: LocalServer[] = [];

/**
 * A target of its own per run: a server's rate buckets outlive a run, and the next run's client
 * starts from full ones, so two runs back to back on one key could meet a 429 neither asked for.
 */
async function targetProfile(name: string, alter: Alterations): Promise<string> {
  const upstream = await startReferenceServer({ port: 0 });
  upstreams.push(upstream);
  const proxy = await alteringProxy(upstream.url, alter);
  proxies.push(proxy);
  const path = tmp.path(`${name}.json`);
  writeFileSync(
    path,
    JSON.stringify({ ...profile, name, baseUrl: proxy.url, legacyBaseUrl: proxy.url, medicareBaseUrl: proxy.url }),
  );
  return path;
}

beforeAll(async () => {
  Object.assign(process.env, keys);
});
afterAll(async () => {
  restoreEnv();
  for (const p of proxies) await p.close();
  for (const u of upstreams) await u.close();
  tmp.dispose();
});

const PLAN_FULL = profile.fixtures.planFull!;
/** The create of a planFull application is refused: the plan is not enrollable on this target. */
const refusesPlanFull: Alterations = {
  answer: (method, path, body) =>
    method === 'POST' && path.split('?')[0] === '/v1/enrollments' && body.includes(PLAN_FULL)
      ? {
          status: 422,
          json: { errors: [{ code: 'plan_not_enrollable', message: 'plan is not configured for this partner' }] },
        }
      : undefined,
};
/**
 * The test carrier refuses every submission: every answer about applications shows submission_failed where the carrier
 * would accept.
 */
const carrierRefusesAll: Alterations = {
  rewrite: (_method, path, body) =>
    path.startsWith('/v1/enrollments')
      ? body.replace(/"(pending_effectuation|effectuated)"/g, '"submission_failed"')
      : undefined,
};

const NEED_PLAN_FULL = ['ENR-DOCS-JSON', 'ENR-DOCS-MULTIPART', 'ENR-DOCS-STATUS-UPDATED', 'ENR-READ-200'];

describe('a failed setup step', () => {
  it('is told once, naming the rule it breaks; the checks that need it are blocked under it ' +
    'in every report', async () => {
    const reportDir = tmp.path('refused');
    const result = await runCli([
      'run',
      '--target',
      await targetProfile('refuses-plan-full', refusesPlanFull),
      '--family',
      'enrollments',
      '--rule',
      NEED_PLAN_FULL.join(','),
      '--seed',
      '7',
      '--report-dir',
      reportDir,
    ]);
    expect(result.code).toBe(1);
    const summary = readSummary(reportDir);
    const steps = summary.findings.filter((f) => f.subject === 'step');
    expect(steps.map((s) => [s.check, s.verdict, s.rules])).toEqual([
      ['setup step: create a planFull application', 'failed', ['ENR-CREATE-SUCCESS']],
    ]);
    expect(steps[0]!.exchanges.map((e) => e.response?.status)).toEqual([422]);
    // Every check either needed a planFull application (blocked by the step) or did not (the
    // state model's runs on the other carriers), and passed.
    const all = summary.findings.filter((f) => f.subject === undefined);
    const checks = all.filter((f) => f.verdict === 'blocked');
    expect(checks.length).toBeGreaterThanOrEqual(NEED_PLAN_FULL.length);
    for (const f of checks) expect(f.blockedBy, f.check).toBe('setup step: create a planFull application');
    for (const f of all.filter((x) => x.verdict !== 'blocked')) expect(f.verdict, f.check).toBe('passed');
    for (const rule of NEED_PLAN_FULL) expect(summary.ruleVerdicts[rule]!.verdict, rule).toBe('blocked');
    expect(summary.ruleVerdicts['ENR-CREATE-SUCCESS']!.verdict).toBe('failed');
    expect(summary.counts).toMatchObject({ total: all.length, blocked: checks.length, failed: 0, steps: 1 });

    // The console: one block for the step with every blocked check under it, no failure per check.
    expect(result.out.match(/\] setup step: create a planFull application/g)).toHaveLength(1);
    expect(result.out.match(/observed: status 422: /g)).toHaveLength(1);
    expect(result.out).toContain(`(breaks ENR-CREATE-SUCCESS §4.10); ${checks.length} checks blocked`);
    for (const f of checks) expect(result.out).toContain(`      - ${f.check.slice(0, 60)}`);
    expect(result.out).not.toContain('Failures:');

    const junit = readFileSync(join(reportDir, 'junit.xml'), 'utf8');
    expect(junit.match(/<failure /g)).toHaveLength(1);
    expect(junit.match(/<skipped message="blocked by setup step: create a planFull application"\/>/g)).toHaveLength(
      checks.length,
    );
    const html = readFileSync(join(reportDir, 'report.html'), 'utf8');
    expect(html).toContain('Setup steps that failed (1)');
    expect(html).toContain(`${checks.length} check(s) blocked by this step`);
  }, 120_000);

  it('that breaks no rule blocks its checks and ends the run with exit 6', async () => {
    const reportDir = tmp.path('carrier');
    const result = await runCli([
      'run',
      '--target',
      await targetProfile('carrier-refuses', carrierRefusesAll),
      '--family',
      'enrollments',
      '--rule',
      'ENR-UPDATE-UNSUPPORTED-CARRIER',
      '--seed',
      '7',
      '--report-dir',
      reportDir,
    ]);
    if (result.code !== 6) process.stderr.write(result.out);
    expect(result.code).toBe(6);
    const summary = readSummary(reportDir);
    expect(summary.outcome).toBe('blocked');
    const steps = summary.findings.filter((f) => f.subject === 'step');
    for (const step of steps) expect(step, step.check).toMatchObject({ verdict: 'blocked', rules: [] });
    expect(steps.map((s) => s.check)).toContain(
      'setup step: bring a planLimited application to an accepted submission',
    );
    expect(summary.ruleVerdicts['ENR-UPDATE-UNSUPPORTED-CARRIER']!.verdict).toBe('blocked');
    expect(result.out).toContain('breaks no rule: the target is not set up for it');
    expect(result.out).toMatch(
      /expected: policy_status [a-z_ ]+ \(check fixture plan(Limited|Full): its test carrier must accept submissions\)/,
    );
    expect(result.out).toContain('Result: BLOCKED');
  }, 120_000);
});
