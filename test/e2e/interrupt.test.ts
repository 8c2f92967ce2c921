/**
 * Ctrl-C during a run: the checks under way finish, the rest are dropped, and the reports are
 * written marked incomplete (exit 130), against a slow local target.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type LocalServer } from '../fault-servers/listen.js';
import { answerPlausibly } from '../fault-servers/plausible.js';
import { readSummary, runCli, scratch, writeProfile, saveEnv } from './cli.js';

const tmp = scratch('interrupt');
const restoreEnv = saveEnv(['E2E_KEY_APPROVED']);
let server: LocalServer;

beforeAll(async () => {
  process.env.E2E_KEY_APPROVED = 'interrupt-key-0001';
  // Every answer takes 200 ms: the utility family runs for many seconds.
  server = await listen((req, res, onClose) => {
    const timer = setTimeout(() => answerPlausibly(req, res), 200);
    onClose(() => clearTimeout(timer));
  });
});
afterAll(async () => {
  restoreEnv();
  await server.close();
  tmp.dispose();
});

describe('Ctrl-C', () => {
  it('writes a partial report marked incomplete and exits 130', async () => {
    const dir = tmp.path('run');
    const running = runCli([
      'run',
      '--target',
      writeProfile(tmp.path('p.json'), server.url),
      '--family',
      'utility',
      '--report-dir',
      dir,
    ]);
    // Once the checks have started (the preflight and a first exchange are on the wire).
    for (let i = 0; i < 200 && server.received.length < 3; i++) await new Promise((r) => setTimeout(r, 50));
    process.emit('SIGINT');
    const result = await running;
    expect(result.err).toContain('interrupted: finishing the checks under way');
    expect(result.code).toBe(130);
    const summary = readSummary(dir);
    expect(summary.interrupted).toBe(true);
    expect(result.out).toContain('Result: INCOMPLETE (interrupted): ');
    expect(readFileSync(join(dir, 'report.html'), 'utf8')).toContain('INCOMPLETE (interrupted)');
  }, 120_000);
});
