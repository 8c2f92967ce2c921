/**
 * Skips lower the verdict (through the CLI, the reference server as a remote target): a rule the
 * run profile requires that ends skipped makes the run INCOMPLETE, exit 7, naming each rule and
 * what it needs, in every report; never PASSED. The cases that used to read PASSED: a
 * certification run with the keys of the earlier certification example (every rate-limit rule
 * skipped), the earlier staging example (policy status and Medicare skipped), a `--base-url`
 * run. A run narrowed by --rule requires only what it selected and says so; `plan` says it all
 * before a run, sending nothing.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Evidence } from '../../reports/evidence.js';
import { referenceKeyEnv, startReferenceServer } from '../../reference/server.js';
import { readSummary, referenceProfileAt, runCli, saveEnv, scratch } from './cli.js';

const tmp = scratch('incomplete');
const keys = referenceKeyEnv();
const restoreEnv = saveEnv(Object.keys(keys));
let upstream: { url: string; close(): Promise<void> };
let received = 0;

/** The earlier examples (before they named every role and fixture): what users copied. */
const EARLIER_STAGING = {
  roles: ['approved', 'unapproved', 'medicare'],
  fixtures: {
    zipCode: '40202',
    fipsCode: '21111',
    state: 'KY',
    planYear: 2026,
    coverageType: 'medical',
    providerQuery: 'Health',
    planFull: '12345CA0010001',
  },
};
const EARLIER_CERTIFICATION_ROLES = ['approved', 'unapproved', 'medicare'];

const profileOf = (name: string, roles: readonly string[], fixtures?: Record<string, unknown>): string =>
  referenceProfileAt(tmp.path(`${name}.json`), upstream.url, { name, roles, ...(fixtures ? { fixtures } : {}) });

beforeAll(async () => {
  Object.assign(process.env, keys);
  upstream = await startReferenceServer({ port: 0, onRequest: () => void received++ });
});
afterAll(async () => {
  restoreEnv();
  await upstream?.close();
  tmp.dispose();
});

describe('a run that leaves a required rule unproven', () => {
  it('certification with the earlier example keys: INCOMPLETE, exit 7, each rate-limit rule named with its need, in ' +
    'every report', async () => {
    const dir = tmp.path('certification');
    const r = await runCli([
      'run',
      '--target',
      profileOf('certification', EARLIER_CERTIFICATION_ROLES),
      '--profile',
      'certification',
      '--family',
      'utility',
      '--report-dir',
      dir,
    ]);
    expect(r.code, r.err).toBe(7);
    // The stage limit needs more keys than these. RATE-429-TIER is proven by the high tier's burst,
    // and RATE-429-ENVELOPE on its 429, when one comes: tokens back while a burst arrives on a busy
    // machine may let it all through, and then those two need the tierLow key, and say so.
    expect(r.err).toMatch(/^E_INCOMPLETE: \d+ required rules? not proven \(needs /m);
    expect(r.out).toMatch(/^ {2}\? needs key roles .*: RATE-STAGE-LIMIT$/m);
    expect(r.out).toMatch(/Result: INCOMPLETE \(families utility of 8; \d+ required rules? not proven\)/);
    expect(r.out).not.toMatch(/Result: PASSED/);

    const summary = readSummary(dir);
    expect(summary.outcome).toBe('incomplete');
    expect(summary.scope.complete).toBe(false);
    expect(summary.required.basis).toContain("families utility (the run's --family)");
    expect(summary.required.missing).toContainEqual({
      rule: 'RATE-STAGE-LIMIT',
      verdict: 'skipped',
      needs: [expect.stringMatching(/^key roles /)],
    });
    for (const m of summary.required.missing) {
      expect(['RATE-STAGE-LIMIT', 'RATE-429-TIER', 'RATE-429-ENVELOPE']).toContain(m.rule);
      if (m.rule !== 'RATE-STAGE-LIMIT') expect(m.needs).toEqual(['role tierLow']);
    }
    const html = readFileSync(join(dir, 'report.html'), 'utf8');
    expect(html).toMatch(/class="outcome v-incomplete[^"]*">INCOMPLETE/);
    expect(html).toContain('<code>RATE-STAGE-LIMIT</code></td><td class="v-skipped">skipped</td><td>key roles');
    const junit = readFileSync(join(dir, 'junit.xml'), 'utf8');
    expect(junit).toContain('<property name="rule.RATE-STAGE-LIMIT" value="skipped"/>');
    const evidence = JSON.parse(readFileSync(join(dir, 'evidence.json'), 'utf8')) as Evidence;
    expect(evidence.outcome).toBe('incomplete');
    expect(evidence.required?.missing.map((m) => m.rule)).toContain('RATE-STAGE-LIMIT');
  }, 120_000);

  it('the earlier staging example: policy status and Medicare skipped for their fixtures is ' +
    'INCOMPLETE, exit 7', async () => {
    const dir = tmp.path('staging');
    const r = await runCli([
      'run',
      '--target',
      profileOf('staging', EARLIER_STAGING.roles, EARLIER_STAGING.fixtures),
      '--family',
      'quotes,policy-status,medicare',
      '--report-dir',
      dir,
    ]);
    expect(r.code, r.err).toBe(7);
    const summary = readSummary(dir);
    expect(summary.outcome).toBe('incomplete');
    // Every check of the two families was skipped; the quotes checks ran beside them.
    for (const f of summary.findings.filter((x) => x.family === 'policy-status' || x.family === 'medicare'))
      expect(f.verdict, f.check).toBe('skipped');
    const needs = new Set(summary.required.missing.flatMap((m) => m.needs));
    for (const need of ['fixture policyPlanYear', 'fixture confirmationId', 'fixture medicareContactId'])
      expect(needs).toContain(need);
    expect(r.out).not.toMatch(/Result: PASSED/);
  }, 120_000);

  it('--base-url: a quick look, not a verdict: INCOMPLETE, exit 7, with what the skipped checks need', async () => {
    const dir = tmp.path('base-url');
    const r = await runCli(['run', '--base-url', upstream.url, '--family', 'utility', '--report-dir', dir]);
    expect(r.code, r.err).toBe(7);
    const summary = readSummary(dir);
    expect(summary.outcome).toBe('incomplete');
    expect(summary.required.missing.flatMap((m) => m.needs)).toContain('role tierLow');
  }, 120_000);
});

describe('a run that proves what it requires', () => {
  it('a run narrowed by --rule requires only that rule, says so, and passes', async () => {
    const dir = tmp.path('narrowed');
    const r = await runCli([
      'run',
      '--target',
      profileOf('narrowed', EARLIER_STAGING.roles),
      '--rule',
      'PING-200',
      '--report-dir',
      dir,
    ]);
    expect(r.code, r.err).toBe(0);
    const summary = readSummary(dir);
    expect(summary.required).toMatchObject({ rules: ['PING-200'], missing: [] });
    expect(summary.required.basis).toContain('within --rule PING-200');
    expect(r.out).toMatch(/^Required: every stated rule of families utility .*within --rule PING-200: 1 of 1 proven$/m);
    expect(r.out).toContain('Result: PASSED (PARTIAL: families utility of 8; rules PING-200)');
  }, 120_000);
});

describe('plan', () => {
  it('says, sending nothing, which checks the earlier staging example would skip and that it cannot be ' +
    'complete (exit ' +
    '' +
    '' +
    '7)', async () => {
    const before = received;
    const r = await runCli([
      'plan',
      '--target',
      profileOf('plan-staging', EARLIER_STAGING.roles, EARLIER_STAGING.fixtures),
    ]);
    expect(r.code, r.err).toBe(7);
    expect(received).toBe(before);
    expect(r.out).toMatch(/^\d+ checks: \d+ will run, \d+ will be skipped$/m);
    expect(r.out).toMatch(/^ {2}– needs fixture policyPlanYear \(\d+\): policy-status\//m);
    expect(r.out).toMatch(/^Verdict: not complete: \d+ required rules would not be proven \(exit 7\):$/m);
    expect(r.out).toMatch(/^ {2}\? needs fixture medicareContactId: .*MEDICARE-200/m);

    const json = await runCli([
      'plan',
      '--target',
      profileOf('plan-json', EARLIER_STAGING.roles, EARLIER_STAGING.fixtures),
      '--family',
      'utility',
      '--json',
    ]);
    const plan = JSON.parse(json.out) as { checks: Array<{ will: string; needs?: string }>; complete: boolean };
    expect(plan.complete).toBe(false);
    expect(plan.checks.filter((c) => c.will === 'skip').map((c) => c.needs)).toContain('role tierLow');
    expect(received).toBe(before);
  }, 120_000);

  it('the embedded server with its own profile can reach a complete verdict (exit 0)', async () => {
    const r = await runCli(['plan']);
    expect(r.code, r.err).toBe(0);
    // Nothing is skipped for want of a role or a fixture: only where the documents do not state what a check needs.
    expect(r.out).toMatch(/^\d+ checks: \d+ will run, (\d+) will be skipped$/m);
    const skips = r.out.split('\n').filter((line) => line.startsWith('  – needs '));
    expect(skips.length).toBe(Number(/(\d+) will be skipped/.exec(r.out)![1]));
    for (const line of skips) expect(line).toMatch(/^ {2}– needs the documents to state /);
    expect(r.out).toContain('Verdict: a complete verdict is reachable');
  }, 120_000);
});
