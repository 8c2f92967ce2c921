/**
 * Read-only enforcement end to end (issue "Ready for CI", section 2): a local server records
 * every method it receives and answers plausible JSON for any path. A smoke run and a
 * conformance run against a `readOnly: true` profile send it nothing but GETs, and complete;
 * the checks that need writes are reported skipped, with what they need.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type LocalServer } from '../fault-servers/listen.js';
import { answerPlausibly } from '../fault-servers/plausible.js';
import { readSummary, runCli, scratch, writeProfile, saveEnv } from './cli.js';

const tmp = scratch('read-only');
let server: LocalServer;
const restoreEnv = saveEnv(['PARTNER_KEY_APPROVED', 'E2E_KEY_APPROVED']);

beforeAll(async () => {
  server = await listen((req, res) => answerPlausibly(req, res));
  process.env.PARTNER_KEY_APPROVED = 'read-only-test-key-0001';
  process.env.E2E_KEY_APPROVED = 'read-only-test-key-0002';
});
afterAll(async () => {
  await server.close();
  restoreEnv();
  tmp.dispose();
});

describe('read-only runs against a recording server', () => {
  it('smoke with --base-url: only GETs arrive and the run completes', async () => {
    const before = server.received.length;
    const dir = tmp.path('smoke');
    const result = await runCli(['run', '--profile', 'smoke', '--base-url', server.url, '--report-dir', dir]);
    expect(result.err).not.toContain('internal error');
    expect([0, 1]).toContain(result.code);
    const received = server.received.slice(before);
    expect(received.length).toBeGreaterThan(0);
    expect(received.map((r) => r.method).filter((m) => m !== 'GET')).toEqual([]);
    expect(readSummary(dir).counts.total).toBeGreaterThan(0);
  });

  it(
    'conformance with a readOnly target: only GETs arrive and write checks are skipped ' + 'as needing writes',
    async () => {
      const before = server.received.length;
      const dir = tmp.path('conformance');
      const profile = writeProfile(tmp.path('read-only.json'), server.url, {
        readOnly: true,
        keys: { approved: { env: 'E2E_KEY_APPROVED', tier: 'high' } },
      });
      const result = await runCli([
        'run',
        '--profile',
        'conformance',
        '--target',
        profile,
        '--family',
        'utility,enrollment-sessions,enrollments',
        '--runs',
        '2',
        '--report-dir',
        dir,
      ]);
      expect(result.err).not.toContain('internal error');
      expect([0, 1]).toContain(result.code);
      const received = server.received.slice(before);
      expect(received.length).toBeGreaterThan(0);
      expect(received.map((r) => `${r.method} ${r.path}`).filter((m) => !m.startsWith('GET '))).toEqual([]);
      const summary = readSummary(dir);
      const writeSkips = summary.findings.filter((f) => f.verdict === 'skipped' && /^writes\b/.test(f.needs ?? ''));
      expect(writeSkips.length).toBeGreaterThan(0);
      // Every check that sent nothing but was not skipped must not have needed writes either.
      for (const f of summary.findings) {
        expect(
          f.exchanges.every((ex) => ex.request.method === 'GET'),
          f.check,
        ).toBe(true);
      }
    },
  );
});
