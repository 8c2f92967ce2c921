/**
 * A target that goes away during the run, end to end through the CLI: it answers the preflight
 * ping, then stops listening. The checks that got no answer are not read as a broken contract:
 * the cause is told once with the number of checks it blocked and its fix, and the run ends
 * with the cause's exit code (4), not 1; in summary.json, JUnit and HTML those checks are
 * `blocked` by the cause, not failed.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenOnLoopback } from '../../harness/client/test-server.js';
import { answerPlausibly } from '../fault-servers/plausible.js';
import { failedFindings, readSummary, runCli, scratch, writeProfile, saveEnv } from './cli.js';

const tmp = scratch('transport-during-run');
const restoreEnv = saveEnv(['E2E_KEY_APPROVED']);
let server: Server;
let target: { url: string; close(): Promise<void> };
let received = 0;

beforeAll(async () => {
  process.env.E2E_KEY_APPROVED = 'transport-canary-key-9e2c';
  server = createServer((req, res) => {
    received += 1;
    res.setHeader('connection', 'close');
    answerPlausibly(req, res);
    // After its first answer (the preflight) nothing listens any more: every check's connection is refused.
    server.close();
  });
  target = await listenOnLoopback(server);
});
afterAll(async () => {
  restoreEnv();
  await target.close();
  tmp.dispose();
});

describe('a target that stops listening after the preflight', () => {
  it('is one cause with the count of blocked checks and exit 4, not rule failures', async () => {
    const reportDir = tmp.path('gone');
    const result = await runCli([
      'run',
      '--target',
      writeProfile(tmp.path('gone.json'), target.url),
      '--family',
      'utility',
      '--report-dir',
      reportDir,
    ]);
    expect(received).toBe(1);
    const summary = readSummary(reportDir);
    const blocked = summary.findings.filter((f) => f.verdict === 'blocked');
    expect(blocked.length).toBeGreaterThan(1);
    expect(
      blocked.every(
        (f) => f.blockedBy === 'E_TARGET_NOT_LISTENING' && f.exchanges.some((e) => e.error === 'ECONNREFUSED'),
      ),
    ).toBe(true);
    // Not read as broken rules: no check failed for want of an answer, and the header counts the blocked ones.
    expect(failedFindings(summary).filter((f) => f.exchanges.some((e) => e.error === 'ECONNREFUSED'))).toEqual([]);
    expect(summary.counts.blocked).toBe(blocked.length);
    expect(summary.outcome).toBe(failedFindings(summary).length > 0 ? 'failed' : 'blocked');
    expect(result.out).toContain(`${blocked.length} blocked`);
    const junit = readFileSync(join(reportDir, 'junit.xml'), 'utf8');
    expect(junit.match(/<error message="blocked by E_TARGET_NOT_LISTENING"/g)).toHaveLength(blocked.length);
    expect(readFileSync(join(reportDir, 'report.html'), 'utf8')).toContain('blocked by E_TARGET_NOT_LISTENING');
    const lines = result.err.split('\n').filter((l) => l.startsWith('E_TARGET_NOT_LISTENING'));
    expect(lines).toEqual([
      `E_TARGET_NOT_LISTENING: during the run nothing accepts connections there; ${blocked.length} checks ` +
        `blocked (no answer: their rules were not tested)`,
    ]);
    expect(result.err).toMatch(/\n {2}fix: Nothing accepts connections/);
    expect(result.code).toBe(4);
  }, 120_000);
});

describe('a target that resets every connection after the preflight', () => {
  it('is E_TARGET_RESET once with the count of blocked checks and exit 4; no check failed for it', async () => {
    let seen = 0;
    const resetting = createServer((req, res) => {
      seen += 1;
      if (seen === 1) {
        res.setHeader('connection', 'close');
        answerPlausibly(req, res);
      } else req.socket.resetAndDestroy(); // no status line: the answer never began
    });
    const listening = await listenOnLoopback(resetting);
    try {
      const reportDir = tmp.path('reset');
      const result = await runCli([
        'run',
        '--target',
        writeProfile(tmp.path('reset.json'), listening.url),
        '--family',
        'utility',
        '--report-dir',
        reportDir,
      ]);
      const summary = readSummary(reportDir);
      const blocked = summary.findings.filter((f) => f.verdict === 'blocked');
      expect(blocked.length).toBeGreaterThan(1);
      expect(blocked.every((f) => f.blockedBy === 'E_TARGET_RESET')).toBe(true);
      expect(
        failedFindings(summary).filter((f) => f.exchanges.some((e) => e.error !== undefined && !e.answerBegan)),
      ).toEqual([]);
      expect(result.err.split('\n').filter((l) => l.startsWith('E_TARGET_RESET'))).toEqual([
        `E_TARGET_RESET: during the run the connection was closed or reset before any ` +
          `answer; ${blocked.length} checks blocked (no answer: their rules were not tested)`,
      ]);
      expect(result.code).toBe(4);
    } finally {
      await listening.close();
    }
  }, 120_000);
});
