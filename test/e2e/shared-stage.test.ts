/**
 * A target whose stage other callers share (section 8): now and then it refuses one of the run's
 * paced requests with 429, though the run keeps to every limit it knows. The run sends such a
 * request once more and judges that answer, so it passes; both exchanges are in its reports.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenceProfilePath } from '../../harness/profile.js';
import { referenceKeyEnv, startReferenceServer } from '../../reference/server.js';
import { alteringProxy } from '../fault-servers/proxy.js';
import type { LocalServer } from '../fault-servers/listen.js';
import { allExchanges, readSummary, runCli, saveEnv, scratch } from './cli.js';

const tmp = scratch('shared-stage');
const keys = referenceKeyEnv();
const restoreEnv = saveEnv(Object.keys(keys));
/** Every n-th request meets a stage another caller has just emptied. */
const EVERY = 6;
let upstream: { url: string; close(): Promise<void> };
let proxy: LocalServer;
let seen = 0;

beforeAll(async () => {
  Object.assign(process.env, keys);
  upstream = await startReferenceServer({ port: 0 });
  proxy = await alteringProxy(upstream.url, {
    answer: () =>
      ++seen % EVERY === 0
        ? { status: 429, json: { error: { code: 'rate_limited', message: 'stage limit reached' } } }
        : undefined,
  });
});
afterAll(async () => {
  restoreEnv();
  await proxy?.close();
  await upstream?.close();
  tmp.dispose();
});

describe('a stage shared with other callers', () => {
  it('refuses some paced requests with 429: each goes once more, and the run judges the answer to it', async () => {
    const profile = JSON.parse(readFileSync(referenceProfilePath(), 'utf8')) as Record<string, unknown>;
    delete profile.$schema;
    const path = tmp.path('shared.json');
    writeFileSync(
      path,
      JSON.stringify({
        ...profile,
        name: 'shared',
        baseUrl: proxy.url,
        legacyBaseUrl: proxy.url,
        medicareBaseUrl: proxy.url,
      }),
    );
    const reportDir = tmp.path('run');
    const result = await runCli(['run', '--target', path, '--family', 'policy-status', '--report-dir', reportDir]);
    expect(result.code, result.out).toBe(0);
    const exchanges = allExchanges(readSummary(reportDir));
    const limited = exchanges.filter((ex) => ex.response?.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    // The checks' findings: a run-wide check cites a 429 as the proof of its envelope, not its retry; a check of a
    // 429 (every operation's, with its key's bucket empty) sends unpaced on purpose and judges the 429 itself.
    const paced = (f: { family: string; rules: string[] }) =>
      f.family !== 'contract' && !f.rules.includes('RATE-429-TIER');
    for (const f of readSummary(reportDir).findings.filter(paced)) {
      f.exchanges.forEach((ex, i) => {
        if (ex.response?.status === 429) expect(f.exchanges[i + 1]?.request.url, f.check).toBe(ex.request.url);
      });
    }
  });
});
