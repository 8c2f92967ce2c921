/**
 * Setup mistakes told apart from broken rules, end to end through the CLI: before the first
 * check, a preflight ping tells "the target refused our key" (exit 5) and "the target cannot be
 * reached" (exit 4) apart, each with its own E_ code and fix, and no check runs; a base URL
 * with a path prefix still works; the ping counts against the smoke profile's cap.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREFLIGHT_CAUSES, PREFLIGHT_CONFIRM } from '../../engine/preflight.js';
import { closedPort, listen, sendJson, type LocalServer } from '../fault-servers/listen.js';
import { answerPlausibly } from '../fault-servers/plausible.js';
import { journalOf, LOCAL_KEYS, readSummary, runCli, scratch, writeProfile, saveEnv } from './cli.js';

const tmp = scratch('preflight');
const KEY = 'preflight-canary-key-7f3a9c';
const restoreEnv = saveEnv(['E2E_KEY_APPROVED', 'E2E_KEY_TIER_LOW']);
let refusing: LocalServer;
let prefixed: LocalServer;
let resetting: LocalServer;
let closed = '';

beforeAll(async () => {
  process.env.E2E_KEY_APPROVED = KEY;
  process.env.E2E_KEY_TIER_LOW = `${KEY}-low`;
  refusing = await listen((_req, res) => sendJson(res, 403, { error: { code: 'forbidden', message: 'key revoked' } }));
  // The API under a path prefix, as behind a gateway: anything else is a 404.
  prefixed = await listen((req, res) => {
    if (!req.url?.startsWith('/partner-api/'))
      return sendJson(res, 404, { error: { code: 'not_found', message: 'no such path' } });
    req.url = req.url.slice('/partner-api'.length);
    answerPlausibly(req, res);
  });
  // Accepts the connection, reads the request, then resets it without a status line.
  resetting = await listen((req) => req.socket.resetAndDestroy());
  closed = await closedPort();
});
afterAll(async () => {
  restoreEnv();
  await refusing.close();
  await prefixed.close();
  await resetting.close();
  tmp.dispose();
});

/** [what, base URL, exit code, E_ code]; built once the servers listen. */
const UNUSABLE: Array<[string, () => string, number, string]> = [
  ['a target that refuses our key (403 on ping)', () => refusing.url, 5, 'E_TARGET_KEY_REFUSED'],
  ['a host name that does not resolve', () => 'http://no-such-host.invalid', 4, 'E_TARGET_HOST_UNKNOWN'],
  ['nothing listening on the port', () => closed, 4, 'E_TARGET_NOT_LISTENING'],
  ['https to a server that speaks plain http', () => prefixed.url.replace('http:', 'https:'), 4, 'E_TARGET_TLS'],
  ['a connection reset before any answer', () => resetting.url, 4, 'E_TARGET_RESET'],
];

describe('a target that cannot be tested is told apart from a broken rule', () => {
  it.each(UNUSABLE)('%s', async (_what, base, exit, code) => {
    const reportDir = tmp.path(code);
    const result = await runCli([
      'run',
      '--target',
      writeProfile(tmp.path(`${code}.json`), base()),
      '--family',
      'utility',
      '--report-dir',
      reportDir,
    ]);
    expect(result.code).toBe(exit);
    expect(result.err).toMatch(
      new RegExp(`^${code}: preflight GET \\S+/v1/ping with the approved(, \\w+)* keys?: .+\\n  fix: .+`),
    );
    expect(result.err).not.toMatch(/\n\s+at /); // no stack trace
    expect(result.err + result.out).not.toContain(KEY);
    // An outage leaves a record: the reports and metrics of a run that tested nothing, with the cause.
    const summary = readSummary(reportDir);
    // One ping per key role when each answered (every refused key is named); a cause that may pass (a
    // reset, nothing listening, no such host yet) is tried again, as a 5xx is, before it stops the run.
    const passing = PREFLIGHT_CAUSES.find((c) => c.code === code)?.passing;
    const pings = exit === 5 ? Object.keys(LOCAL_KEYS).length : passing ? PREFLIGHT_CONFIRM.attempts : 1;
    expect(summary).toMatchObject({ outcome: 'unusable', exitCode: exit, requests: pings, counts: { total: 0 } });
    expect(journalOf(reportDir)).toHaveLength(pings);
    expect(summary.preflightStop).toMatchObject({ code, exitCode: exit });
    expect(summary.preflightStop!.fix.length).toBeGreaterThan(0);
    const metrics = readFileSync(join(reportDir, 'metrics.prom'), 'utf8');
    expect(metrics).toMatch(/^partner_conformance_success\{[^}]*\} 0$/m);
    expect(metrics).toMatch(new RegExp(`^partner_conformance_exit_code\\{[^}]*\\} ${exit}$`, 'm'));
    expect(readFileSync(join(reportDir, 'junit.xml'), 'utf8')).toContain(
      `Stopped by the preflight (exit ${exit}): ${code}`,
    );
    expect(result.out).toContain(`Result: NOT TESTED, THE TARGET IS UNUSABLE (${code})`);
  });

  it("a run the preflight stopped still writes GitHub's step summary, with the cause and its fix", async () => {
    const stepSummary = tmp.path('stopped-step-summary.md');
    writeFileSync(stepSummary, '');
    const restore = saveEnv(['GITHUB_ACTIONS', 'GITHUB_STEP_SUMMARY']);
    process.env.GITHUB_ACTIONS = 'true';
    process.env.GITHUB_STEP_SUMMARY = stepSummary;
    try {
      const result = await runCli([
        'run',
        '--target',
        writeProfile(tmp.path('stopped-gh.json'), closed),
        '--report-dir',
        tmp.path('stopped-gh'),
      ]);
      expect(result.code).toBe(4);
    } finally {
      restore();
    }
    const text = readFileSync(stepSummary, 'utf8');
    expect(text).toContain('## Partner API conformance: NOT TESTED, THE TARGET IS UNUSABLE (E_TARGET_NOT_LISTENING)');
    expect(text).toMatch(
      /Stopped by the preflight \(exit 4\): E_TARGET_NOT_LISTENING: .*\n\s+- fix: Nothing accepts connections/,
    );
  });

  it('a target that refuses the keys gets one ping per key role, nothing else, and every role is named', async () => {
    const before = refusing.received.length;
    const result = await runCli([
      'run',
      '--target',
      writeProfile(tmp.path('once.json'), refusing.url),
      '--report-dir',
      tmp.path('once'),
    ]);
    const roles = Object.keys(LOCAL_KEYS);
    expect(refusing.received.slice(before).map((r) => r.path)).toEqual(roles.map(() => '/v1/ping'));
    for (const [role, { env }] of Object.entries(LOCAL_KEYS))
      expect(result.err).toContain(`role ${role} (variable ${env})`);
  });
});

describe('a base URL with a path prefix', () => {
  it('keeps the prefix for the preflight and the checks, and the run passes', async () => {
    const before = prefixed.received.length;
    const reportDir = tmp.path('prefixed');
    const result = await runCli([
      'run',
      '--target',
      writeProfile(tmp.path('prefixed.json'), `${prefixed.url}/partner-api/`),
      '--rule',
      'PING-200',
      '--report-dir',
      reportDir,
    ]);
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    const paths = prefixed.received.slice(before).map((r) => r.path);
    expect(paths[0]).toBe('/partner-api/v1/ping');
    expect(paths.every((p) => p.startsWith('/partner-api/v1/'))).toBe(true);
    expect(readSummary(reportDir)).toMatchObject({ outcome: 'passed', preflight: { status: 200, role: 'approved' } });
  });

  it('counts the preflight against the smoke cap: the wire carries at most 10 requests', async () => {
    const before = prefixed.received.length;
    const reportDir = tmp.path('smoke');
    await runCli([
      'run',
      '--profile',
      'smoke',
      '--target',
      writeProfile(tmp.path('smoke.json'), `${prefixed.url}/partner-api`),
      '--report-dir',
      reportDir,
    ]);
    const wire = prefixed.received.length - before;
    expect(wire).toBeLessThanOrEqual(10);
    // The journal holds every request that went out, the one preflight ping (smoke proves the approved key) first.
    const journal = journalOf(reportDir);
    expect(wire).toBe(journal.length);
    expect(journal.filter((e) => e.check === 'preflight').map((e) => e.exchange.role)).toEqual(['approved']);
  });
});
