/**
 * Secrets (issue "Ready for CI", section 5): a canary key value in every key variable of the
 * target profile, a target that echoes it back in a header and in every JSON body, and every
 * run profile; the canary is in no console output, no report file, no error message and no
 * reproduction command. The CLI runs as its own process so all of its output is captured.
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../harness/paths.js';
import { echoServer } from '../fault-servers/echo.js';
import type { LocalServer } from '../fault-servers/listen.js';
import { allExchanges, readSummary, scratch, writeProfile } from './cli.js';

const CANARY = 'canary-4f9e1c2b-key-value';
const KEYS = {
  approved: { env: 'E2E_CANARY_APPROVED', tier: 'high' },
  unapproved: { env: 'E2E_CANARY_UNAPPROVED', tier: 'high' },
  tierLow: { env: 'E2E_CANARY_TIER_LOW', tier: 'low' },
  medicare: { env: 'E2E_CANARY_MEDICARE', tier: 'high' },
} as const;

const tmp = scratch('secrets');
let server: LocalServer;
let profile = '';

beforeAll(async () => {
  server = await echoServer();
  profile = writeProfile(tmp.path('echo.json'), server.url, {
    keys: KEYS,
    fixtures: { legacyPlanHiosId: '12345CA0010001', zipCode: '40202', state: 'KY' },
  });
});
afterAll(async () => {
  await server.close();
  tmp.dispose();
});

function cli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const ref of Object.values(KEYS)) env[ref.env] = CANARY;
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

/** Every file under a folder, as text. */
function filesUnder(dir: string): Array<[string, string]> {
  return readdirSync(dir).flatMap((name): Array<[string, string]> => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [[path, readFileSync(path, 'utf8')]];
  });
}

const RUNS: Array<[string, string[]]> = [
  ['smoke', ['--profile', 'smoke']],
  ['conformance', ['--profile', 'conformance', '--family', 'utility,reference', '--runs', '3']],
  ['certification', ['--profile', 'certification', '--family', 'utility', '--runs', '3']],
];

describe('a canary key echoed by the target appears nowhere', () => {
  it('in any profile: console, reports, error messages, reproduction commands', async () => {
    const results = await Promise.all(
      RUNS.map(([name, flags]) => cli(['run', '--target', profile, ...flags, '--report-dir', tmp.path(name)])),
    );
    // The target did receive the canary and echoed it: without redaction it would be in the reports.
    expect(server.received.some((r) => r.headers['x-api-key'] === CANARY)).toBe(true);

    for (const [[name], result] of RUNS.map((run, i) => [run, results[i]!] as const)) {
      expect(result.stderr, name).not.toContain('internal error');
      expect([0, 1], `${name} exit code`).toContain(result.code);
      expect(result.stdout + result.stderr, `${name} console`).not.toContain(CANARY);

      const dir = tmp.path(name);
      const files = filesUnder(dir);
      const names = files.map(([path]) => path.slice(dir.length + 1));
      expect(names, name).toEqual(
        expect.arrayContaining([
          'summary.json',
          'junit.xml',
          'report.html',
          ...(name === 'certification' ? ['evidence.json'] : []),
        ]),
      );
      for (const [path, text] of files) expect(text, path).not.toContain(CANARY);

      const summary = readSummary(dir);
      const echoed = allExchanges(summary).filter(
        (ex) => ex.response?.headers['x-echo-key'] !== undefined && ex.response.headers['x-echo-key'] !== '',
      );
      expect(echoed.length, `${name}: exchanges showing the echo header`).toBeGreaterThan(0);
      // Requests with a deliberately invalid key get that (non-secret) value echoed instead.
      expect(
        echoed.some((ex) => ex.response!.headers['x-echo-key'] === '<redacted>'),
        `${name}: a redacted echo`,
      ).toBe(true);
      for (const f of summary.findings) {
        for (const text of [f.message, f.observed, f.expected, f.reproduce])
          expect(text ?? '', `${name}: ${f.check}`).not.toContain(CANARY);
      }
    }
  }, 120_000);
});
