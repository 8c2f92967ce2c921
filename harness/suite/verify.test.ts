/**
 * verify() end to end: the utility suite (ping's own checks and those every operation owes) run
 * through vitest's Node API, as the CLI runs it, against a small ping server on 127.0.0.1, clean
 * and with a broken ping object.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createVitest } from 'vitest/node';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Finding } from '../model.js';
import type { RunConfig } from '../run-config.js';
import { runConfigFor } from './fake-target.test-helpers.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const GOOD_KEY = 'verify-test-key-approved';
const UNAPPROVED_KEY = 'verify-test-key-unapproved';

let brokenPing = false;
let server: Server;
let baseUrl: string;

function send(res: import('node:http').ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const key = req.headers['x-api-key'];
    if (key !== GOOD_KEY && key !== UNAPPROVED_KEY)
      return send(res, 403, { error: { code: 'forbidden', message: 'missing or invalid key' } });
    if (req.url === '/v1/ping') return send(res, 200, { ok: brokenPing ? 'yes' : true, environment: 'test' });
    return send(res, 404, { error: { code: 'not_found', message: 'no such route' } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.VERIFY_TEST_KEY_APPROVED = GOOD_KEY;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  delete process.env.VERIFY_TEST_KEY_APPROVED;
});

/** Runs ping's checks of suites/utility once and returns each test's finding (or its skip note) by title. */
async function runUtility(
  config: RunConfig,
): Promise<Map<string, { finding?: Finding; state: string; note?: string }>> {
  const results = new Map<string, { finding?: Finding; state: string; note?: string }>();
  const reporter = {
    onTestCaseResult(tc: import('vitest/node').TestCase) {
      const result = tc.result();
      results.set(tc.name, {
        finding: tc.meta().finding,
        state: result.state,
        note: 'note' in result ? result.note : undefined,
      });
    },
  };
  const vitest = await createVitest('test', {
    config: false,
    root: ROOT,
    include: ['suites/utility/ping.conformance.ts', 'suites/utility/owed.conformance.ts'],
    pool: 'threads',
    maxWorkers: 1,
    isolate: false,
    watch: false,
    reporters: [reporter],
    provide: { runConfig: config },
  });
  try {
    await vitest.start();
  } finally {
    await vitest.close();
  }
  return results;
}

function config(overrides: Partial<RunConfig> = {}): RunConfig {
  return runConfigFor(
    {
      specSource: fileURLToPath(new URL('../../specs/partner-api.yaml', import.meta.url)),
      embedded: false,
      ...overrides,
    },
    {
      baseUrl,
      keys: {
        approved: { env: 'VERIFY_TEST_KEY_APPROVED', tier: 'high' },
        unapproved: { env: 'VERIFY_TEST_KEY_UNSET', tier: 'high' },
      },
    },
  );
}

describe('verify through vitest', () => {
  test('a conforming target: passed findings in task meta, needs become skips', async () => {
    brokenPing = false;
    const results = await runUtility(config());
    const ping = results.get('ping answers 200 with the ping object');
    expect(ping?.state).toBe('passed');
    expect(ping?.finding).toMatchObject({
      verdict: 'passed',
      family: 'utility',
      rules: ['PING-200', 'PING-SCHEMA', 'SCHEMA-RESPONSE-VALID', 'SCHEMA-SUCCESS-JSON', 'AUTH-KEY-NOT-ECHOED'],
    });
    expect(ping?.finding?.exchanges[0]?.request.headers['x-api-key']).toBe('<redacted>');
    expect(results.get('ping without a key is 403 forbidden in the unified envelope')?.finding?.verdict).toBe('passed');
    const unapproved = results.get('ping answers a valid unapproved key with 200');
    expect(unapproved).toMatchObject({
      state: 'skipped',
      note: 'needs role unapproved',
      finding: { verdict: 'skipped', needs: 'role unapproved' },
    });
    expect(JSON.stringify([...results.values()])).not.toContain(GOOD_KEY);
  }, 30_000);

  test('a broken ping object fails PING-SCHEMA; smoke deselects the rest without findings', async () => {
    brokenPing = true;
    const results = await runUtility(config({ runProfile: 'smoke', runId: 'run2' }));
    const ping = results.get('ping answers 200 with the ping object');
    expect(ping?.state).toBe('failed');
    expect(ping?.finding).toMatchObject({ verdict: 'failed', rules: ['PING-SCHEMA'], message: 'ping object fields' });
    const invalid = results.get('ping with an invalid key is 403 forbidden in the unified envelope');
    expect(invalid?.state).toBe('skipped');
    expect(invalid?.note).toMatch(/^not selected/);
    expect(invalid?.finding).toBeUndefined();
  }, 30_000);
});
