/**
 * Profile mistakes that would make a false verdict are configuration warnings at the start of
 * the run and in summary.json, and the checks they touch skip: two key roles whose variables
 * hold the same (canary) key, and a fixture the target answers 404 for. The canary key is in no
 * output. The CLI runs as its own process so all of its output is captured.
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../harness/paths.js';
import { listen, sendJson, type LocalServer } from '../fault-servers/listen.js';
import { answerPlausibly } from '../fault-servers/plausible.js';
import { readSummary, scratch, writeProfile } from './cli.js';

const CANARY = 'canary-3b8f52d0-one-key-two-roles';
const KEYS = {
  approved: { env: 'E2E_CW_APPROVED', tier: 'high' },
  unapproved: { env: 'E2E_CW_UNAPPROVED', tier: 'high' },
} as const;
const FIXTURES = { zipCode: '40202', state: 'KY', confirmationId: '4412026000', policyPlanYear: 2026 };

const tmp = scratch('config-warnings');
let server: LocalServer;
let profile = '';

beforeAll(async () => {
  // A target without the fixture's application: its policy-status read is a 404.
  server = await listen((req, res) => {
    if (req.url?.startsWith('/v1/policy-status/applications/'))
      return sendJson(res, 404, { error: { code: 'not_found', message: 'no such application' } });
    answerPlausibly(req, res);
  });
  profile = writeProfile(tmp.path('profile.json'), server.url, { keys: KEYS, fixtures: FIXTURES });
});
afterAll(async () => {
  await server.close();
  tmp.dispose();
});

function cli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, E2E_CW_APPROVED: CANARY, E2E_CW_UNAPPROVED: CANARY };
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'cli/main.ts', ...args],
      { cwd: PROJECT_ROOT, env, timeout: 90_000, maxBuffer: 32 * 1024 * 1024 },
      (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, stdout, stderr }),
    );
  });
}

const filesUnder = (dir: string): Array<[string, string]> =>
  readdirSync(dir).flatMap((name): Array<[string, string]> => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [[path, readFileSync(path, 'utf8')]];
  });

describe('configuration warnings', () => {
  it('open the console report and summary.json, and the checks they touch skip; the key is never shown', async () => {
    const dir = tmp.path('report');
    const result = await cli([
      'run',
      '--target',
      profile,
      '--family',
      'utility,policy-status',
      '--seed',
      '1',
      '--report-dir',
      dir,
    ]);
    expect(result.stderr).not.toContain('internal error');
    expect([0, 1]).toContain(result.code);

    // At the start: before the first family's line.
    const firstFamily = result.stdout.search(/^[✓✗] /m);
    const start = result.stdout.slice(0, firstFamily);
    expect(start).toContain(
      '! W_KEY_SHARED: key roles approved, unapproved read different environment variables (E2E_CW_APPROVED, ' +
        'E2E_CW_UNAPPROVED) that hold the same key; the checks that use unapproved skip (needs two distinct keys)',
    );
    expect(start).toMatch(/! W_FIXTURE_ABSENT: fixture confirmationId: the target answers 404/);
    expect(start.match(/^ {2}fix: /gm)).toHaveLength(2);

    const summary = readSummary(dir);
    expect(summary.configWarnings?.map((w) => [w.code, w.roles ?? w.fixture])).toEqual([
      ['W_KEY_SHARED', ['approved', 'unapproved']],
      ['W_FIXTURE_ABSENT', 'confirmationId'],
    ]);
    const ungated = summary.findings.find((f) => f.rules.includes('GATE-UNGATED-OPEN'));
    expect(ungated).toMatchObject({
      verdict: 'skipped',
      needs: 'two distinct keys (approved, unapproved hold the same key)',
    });
    // What the warning says is skipped is skipped: the policy-status gate, which sends with unapproved, too.
    const gate = summary.findings.filter((f) => f.rules.includes('GATE-POLICY-UNAPPROVED-403'));
    expect(gate.length).toBeGreaterThan(0);
    for (const f of gate)
      expect(f, f.check).toMatchObject({
        verdict: 'skipped',
        needs: 'two distinct keys (approved, unapproved hold the same key)',
      });
    // The reads of the fixture; the check that reads the ids the run's lists showed needs no fixture.
    const reads = summary.findings.filter(
      (f) => f.rules.includes('POLICY-READ-200') && !/lists of the run showed/.test(f.check),
    );
    expect(reads.length).toBeGreaterThan(0);
    for (const f of reads) expect(f, f.check).toMatchObject({ verdict: 'skipped', needs: 'fixture confirmationId' });
    expect(result.stdout).toContain('Configuration warnings (2; the checks they touch are skipped):');

    expect(server.received.some((r) => r.headers['x-api-key'] === CANARY)).toBe(true);
    expect(result.stdout + result.stderr).not.toContain(CANARY);
    for (const [path, text] of filesUnder(dir)) expect(text, path).not.toContain(CANARY);
  }, 120_000);
});
