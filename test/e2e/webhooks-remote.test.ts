/**
 * The two older-ICHRA webhook checks against a remote target: with a receiver the target can
 * reach (`--webhook-listen`, the profile's `webhookReceiver`), they run instead of being
 * skipped, pass against a target that delivers, and catch one that does not.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenceProfilePath } from '../../harness/profile.js';
import { referenceKeyEnv, startReferenceServer } from '../../reference/server.js';
import { closedPort } from '../fault-servers/listen.js';
import { readSummary, runCli, scratch, saveEnv } from './cli.js';

const RULES = ['LEGACY-WEBHOOK-SUBMISSION', 'LEGACY-WEBHOOK-POLICY-STATUS'];
const PUBLIC_URL = 'https://hooks.partner.example.com/ichra';
const tmp = scratch('webhooks-remote');
const keys = referenceKeyEnv();
const restoreEnv = saveEnv(Object.keys(keys));
let port = 0;
const servers: Array<{ url: string; close(): Promise<void> }> = [];

/** A reference server run as a remote target, delivering its webhooks to the run's receiver. */
async function remote(fault?: string): Promise<string> {
  // A port of its own per target: a closed-over target's late deliveries never reach another run.
  port = Number(new URL(await closedPort()).port);
  const server = await startReferenceServer({ port: 0, fault, webhookUrl: `http://127.0.0.1:${port}/hooks` });
  servers.push(server);
  const profile = JSON.parse(readFileSync(referenceProfilePath(), 'utf8')) as Record<string, unknown>;
  delete profile.$schema;
  const path = tmp.path(`remote-${fault ?? 'clean'}.json`);
  writeFileSync(
    path,
    JSON.stringify({
      ...profile,
      name: 'remote',
      baseUrl: server.url,
      legacyBaseUrl: server.url,
      medicareBaseUrl: server.url,
      webhookReceiver: { publicUrl: PUBLIC_URL },
    }),
  );
  return path;
}

beforeAll(async () => {
  Object.assign(process.env, keys);
});
afterAll(async () => {
  restoreEnv();
  for (const s of servers) await s.close();
  tmp.dispose();
});

const webhookFindings = (dir: string) =>
  readSummary(dir).findings.filter((f) => f.rules.some((r) => RULES.includes(r)));
const run = (profile: string, dir: string, ...more: string[]) =>
  runCli([
    'run',
    '--target',
    profile,
    '--family',
    'legacy-ichra',
    '--rule',
    RULES.join(','),
    '--report-dir',
    dir,
    ...more,
  ]);

describe('webhook checks against a remote target', () => {
  it('run and pass with a receiver the target delivers to', async () => {
    const dir = tmp.path('clean');
    const result = await run(await remote(), dir, '--webhook-listen', String(port));
    expect(result.out).toContain(
      `webhook receiver on http://127.0.0.1:${port}, delivered to by the target at ${PUBLIC_URL}`,
    );
    expect(result.code).toBe(0);
    const findings = webhookFindings(dir);
    expect(findings.length).toBeGreaterThanOrEqual(2);
    for (const f of findings) expect(f.verdict).toBe('passed');
  }, 120_000);

  it('catch a target that delivers no submission webhook (an inferred rule: fails the run ' +
    'under --strict)', async () => {
    const dir = tmp.path('fault');
    const result = await run(
      await remote('legacy-webhook-submission-missing'),
      dir,
      '--webhook-listen',
      String(port),
      '--strict',
    );
    expect(result.code).toBe(1);
    const caught = webhookFindings(dir).find((f) => f.rules.includes('LEGACY-WEBHOOK-SUBMISSION'));
    expect(caught).toMatchObject({ verdict: 'failed', observed: 'only policy status event(s)' });
  }, 120_000);

  it('are skipped, saying what they need, without a receiver: a run of them alone tested nothing', async () => {
    const dir = tmp.path('none');
    const result = await run(await remote(), dir);
    expect(result.code).toBe(2);
    expect(result.err).toContain('E_NOTHING_TESTED');
    expect(result.err).toContain('needs webhook receiver');
    const findings = webhookFindings(dir);
    expect(findings.length).toBeGreaterThan(0);
    for (const f of findings) expect(f).toMatchObject({ verdict: 'skipped', needs: 'webhook receiver' });
  }, 120_000);
});
