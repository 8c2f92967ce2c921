/**
 * Outputs for CI and for people, end to end through the CLI against a local target that breaks
 * PING-200: exchanges.har holds every exchange with keys redacted, and inside GitHub Actions
 * each failed rule is an `::error` annotation and the step summary says outcome and scope.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, sendJson, type LocalServer } from '../fault-servers/listen.js';
import { answerPlausibly } from '../fault-servers/plausible.js';
import { allExchanges, journalOf, readSummary, runCli, scratch, writeProfile, saveEnv } from './cli.js';

const tmp = scratch('ci-outputs');
const KEY = 'ci-outputs-canary-key-5e1b';
const restoreEnv = saveEnv(['E2E_KEY_APPROVED', 'GITHUB_ACTIONS', 'GITHUB_STEP_SUMMARY']);
let server: LocalServer;
let calls = 0;

beforeAll(async () => {
  process.env.E2E_KEY_APPROVED = KEY;
  // The preflight ping is answered (the first of each run); every later ping is a 500 (PING-200 fails).
  server = await listen((req, res) =>
    req.url === '/v1/ping' && calls++ > 0
      ? sendJson(res, 500, { error: { code: 'internal', message: `echo ${String(req.headers['x-api-key'])}` } })
      : answerPlausibly(req, res),
  );
});
afterAll(async () => {
  restoreEnv();
  await server.close();
  tmp.dispose();
});

describe('HAR, annotations and the step summary', () => {
  it('are written for a failing run, with no key value anywhere', async () => {
    process.env.GITHUB_ACTIONS = 'true';
    process.env.GITHUB_STEP_SUMMARY = tmp.path('step-summary.md');
    const dir = tmp.path('run');
    const result = await runCli([
      'run',
      '--target',
      writeProfile(tmp.path('p.json'), server.url),
      '--rule',
      'PING-200',
      '--report-dir',
      dir,
    ]);
    // The one check of the run got a 500: the target is unhealthy (exit 9), and its failed rule is annotated.
    expect(result.code).toBe(9);

    expect(result.out).toMatch(/^::error title=\[utility\] PING-200 §4\.1::.+/m);
    const step = readFileSync(tmp.path('step-summary.md'), 'utf8');
    expect(step).toContain('## Partner API conformance: FAILED (PARTIAL: families utility of 8; rules PING-200)');
    expect(step).toMatch(/\| utility \| PING-200 \|/);

    const har = JSON.parse(readFileSync(join(dir, 'exchanges.har'), 'utf8')) as {
      log: {
        version: string;
        entries: Array<{ request: { headers: Array<{ name: string; value: string }> }; response: { status: number } }>;
      };
    };
    expect(har.log.version).toBe('1.2');
    // Every exchange of the run: the checks' and the preflight's (the journal's).
    expect(har.log.entries).toHaveLength(journalOf(dir).length);
    expect(har.log.entries.length).toBeGreaterThan(allExchanges(readSummary(dir)).length);
    expect(har.log.entries.some((e) => e.response.status === 500)).toBe(true);
    const keyHeaders = har.log.entries.flatMap((e) =>
      e.request.headers.filter((h) => h.name.toLowerCase() === 'x-api-key'),
    );
    expect(keyHeaders.length).toBeGreaterThan(0);
    for (const h of keyHeaders) expect(h.value).toBe('<redacted>');
    for (const text of [readFileSync(join(dir, 'exchanges.har'), 'utf8'), step, result.out, result.err])
      expect(text).not.toContain(KEY);
  });

  it('writes no annotations outside GitHub Actions', async () => {
    delete process.env.GITHUB_ACTIONS;
    calls = 0; // this run's preflight gets the ping object too
    const result = await runCli([
      'run',
      '--target',
      writeProfile(tmp.path('q.json'), server.url),
      '--rule',
      'PING-200',
      '--report-dir',
      tmp.path('plain'),
    ]);
    expect(result.code).toBe(9);
    expect(result.out).not.toContain('::error');
  });
});
