import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../errors.js';
import { createClient } from './client.js';
import { MissingKeyRole } from './errors.js';
import { RateBudgets } from './rate-budget.js';
import { okJson, profileFor, startServer, testEnv, type ReceivedRequest, type TestServer } from './test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer(okJson);
});
afterAll(() => server.close());

function client(env = testEnv) {
  const profile = profileFor(server.url, {
    legacyBaseUrl: `${server.url}/legacy`,
    medicareBaseUrl: `${server.url}/medicare`,
  });
  return createClient({ profile, runId: 'run-auth', env, budgets: new RateBudgets() });
}

/** The key headers a request carried, with their names exactly as sent. */
function keyHeaders(r: ReceivedRequest): Array<[string, string]> {
  return r.rawHeaders.filter(([name]) => name.toLowerCase() === 'x-api-key');
}

describe('key header per role and per API', () => {
  it('sends x-api-key with the approved key by default on /v1', async () => {
    const c = client();
    const ex = await c.send({ method: 'GET', path: '/v1/ping' });
    await c.close();
    expect(ex.response?.status).toBe(200);
    expect(ex.role).toBe('approved');
    const got = server.received.at(-1)!;
    expect(got.url).toBe('/v1/ping');
    expect(keyHeaders(got)).toEqual([['x-api-key', testEnv.TEST_KEY_APPROVED]]);
  });

  it('sends the key of the role asked for', async () => {
    const c = client();
    await c.send({ method: 'GET', path: '/v1/ping', role: 'unapproved' });
    await c.close();
    expect(keyHeaders(server.received.at(-1)!)).toEqual([['x-api-key', testEnv.TEST_KEY_UNAPPROVED]]);
  });

  it('uses the legacy base URL and x-api-key for the older ICHRA API', async () => {
    const c = client();
    await c.send({ method: 'GET', path: '/api/v1/plans/12345', api: 'legacy' });
    await c.close();
    const got = server.received.at(-1)!;
    expect(got.url).toBe('/legacy/api/v1/plans/12345');
    expect(keyHeaders(got)).toEqual([['x-api-key', testEnv.TEST_KEY_APPROVED]]);
  });

  it('uses the Medicare base URL and the header spelled X-API-Key', async () => {
    const c = client();
    await c.send({
      method: 'PATCH',
      path: '/v1/contacts/c1',
      api: 'medicare',
      role: 'medicare',
      json: { agent_email: 'a@b.co' },
    });
    await c.close();
    const got = server.received.at(-1)!;
    expect(got.url).toBe('/medicare/v1/contacts/c1');
    expect(keyHeaders(got)).toEqual([['X-API-Key', testEnv.TEST_KEY_MEDICARE]]);
    expect(got.headers['content-type']).toBe('application/json');
    expect(JSON.parse(got.body)).toEqual({ agent_email: 'a@b.co' });
  });

  it('falls back to baseUrl when the profile has no legacy or Medicare URL', async () => {
    const c = createClient({ profile: profileFor(server.url), runId: 'r', env: testEnv, budgets: new RateBudgets() });
    await c.send({ method: 'GET', path: '/x', api: 'medicare', role: 'medicare' });
    await c.close();
    expect(server.received.at(-1)!.url).toBe('/x');
  });

  it('sends no key header for role null', async () => {
    const c = client();
    const ex = await c.send({ method: 'GET', path: '/v1/ping', role: null });
    await c.close();
    expect(keyHeaders(server.received.at(-1)!)).toEqual([]);
    expect(ex.role).toBeUndefined();
  });

  it('sends an invalid key shaped like the real one, never a known key', async () => {
    const c = client();
    await c.send({ method: 'GET', path: '/v1/ping', invalidKey: true });
    await c.close();
    const [[, value]] = keyHeaders(server.received.at(-1)!) as [[string, string]];
    expect(Object.values(testEnv)).not.toContain(value);
    expect(value).toHaveLength(testEnv.TEST_KEY_APPROVED!.length);
    expect(value).toMatch(/^[a-z]+-[A-Z][a-z]{2}-\d{4}-[a-z]{4}$/);
  });

  it('appends query parameters to a path that already has a query, skipping undefined', async () => {
    const c = client();
    await c.send({
      method: 'GET',
      path: '/v1/reference/providers?zip_code=10001',
      query: { page: 2, q: 'a b', none: undefined },
    });
    await c.close();
    expect(server.received.at(-1)!.url).toBe('/v1/reference/providers?zip_code=10001&page=2&q=a%20b');
  });
});

describe('missing keys', () => {
  it('throws MissingKeyRole for a role the profile lacks, sending nothing', async () => {
    const c = client();
    const before = server.received.length;
    const err = await c.send({ method: 'GET', path: '/v1/ping', role: 'oauthUnhealthy' }).catch((e: unknown) => e);
    await c.close();
    expect(err).toBeInstanceOf(MissingKeyRole);
    expect((err as MissingKeyRole).needs).toBe('role oauthUnhealthy');
    expect(server.received.length).toBe(before);
    expect(c.exchanges()).toEqual([]);
  });

  it('throws ConfigError E_KEY_ENV_MISSING naming the variable when it is unset', async () => {
    const c = client({ ...testEnv, TEST_KEY_UNAPPROVED: undefined });
    const err = await c.send({ method: 'GET', path: '/v1/ping', role: 'unapproved' }).catch((e: unknown) => e);
    await c.close();
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).code).toBe('E_KEY_ENV_MISSING');
    expect((err as ConfigError).message).toContain('TEST_KEY_UNAPPROVED');
  });
});
