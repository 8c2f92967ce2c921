/**
 * What marks the suite's traffic as its own: a User-Agent naming the suite, its version and the
 * run, and the headers a target profile adds, whose values are secrets (read from variables,
 * redacted in every recording like keys).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../errors.js';
import { toolVersion } from '../tool-version.js';
import { createClient } from './client.js';
import { keyValues, requireKeys } from './keys.js';
import { RateBudgets } from './rate-budget.js';
import { REDACTED } from './redact.js';
import { profileFor, startServer, testEnv, type TestServer } from './test-server.js';

const TOKEN = 'synthetic-Token-9f8e7d6c5b4a';
const env = { ...testEnv, SYNTHETIC_TOKEN: TOKEN };

let server: TestServer;
beforeAll(async () => {
  // Echoes the token back, as a careless target might: the recording must not keep it.
  server = await startServer((req, res) => {
    res.writeHead(200, {
      'content-type': 'application/json',
      'x-echo': String(req.headers['x-synthetic-token'] ?? ''),
    });
    res.end(JSON.stringify({ ok: true, token: req.headers['x-synthetic-token'] ?? null }));
  });
});
afterAll(() => server.close());

const profile = () => profileFor(server.url, { headers: { 'X-Synthetic-Token': { env: 'SYNTHETIC_TOKEN' } } });

describe('every request names the suite and the run', () => {
  it('carries a User-Agent with the suite, its version and the run id', async () => {
    const c = createClient({ profile: profileFor(server.url), runId: 'run-ua-1', env, budgets: new RateBudgets() });
    await c.send({ method: 'GET', path: '/v1/ping' });
    await c.close();
    const ua = server.received.at(-1)!.headers['user-agent'];
    expect(ua).toBe(
      `partner-conformance/${toolVersion()} (run run-ua-1; +https://github.com/partner-api/partner-api-conformance)`,
    );
  });
});

describe("a profile's headers", () => {
  it('are sent with their values from the environment, and redacted wherever the recording holds them', async () => {
    const c = createClient({ profile: profile(), runId: 'run-h', env, budgets: new RateBudgets() });
    const ex = await c.send({ method: 'GET', path: '/v1/ping' });
    await c.close();
    expect(server.received.at(-1)!.headers['x-synthetic-token']).toBe(TOKEN);
    expect(JSON.stringify(ex)).not.toContain(TOKEN);
    expect(ex.request.headers['x-synthetic-token']).toBe(REDACTED);
    expect(ex.response?.headers['x-echo']).toBe(REDACTED);
    expect(ex.response?.body).toContain(REDACTED);
  });

  it('are secrets the reports scrub, like keys', () => {
    expect(keyValues(profile(), env)).toContain(TOKEN);
  });

  it('stop the run before any request when a variable is unset, naming the variable and header, never a value', () => {
    let caught: unknown;
    try {
      requireKeys(profile(), ['approved'], testEnv);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as ConfigError).code).toBe('E_HEADER_ENV_MISSING');
    expect((caught as ConfigError).message).toContain('SYNTHETIC_TOKEN (header X-Synthetic-Token)');
  });
});
