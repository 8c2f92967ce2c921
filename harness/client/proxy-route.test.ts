/**
 * Which proxy carries a request (as undici's EnvHttpProxyAgent chooses), and a proxy that cannot
 * be reached named as the proxy: its failure code says so, unlike the target not listening.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createClient } from './client.js';
import { proxyFor } from './proxy-route.js';
import { RateBudgets } from './rate-budget.js';
import { okJson, profileFor, startServer, testEnv } from './test-server.js';

const P = 'http://proxy.example:3128';
const Q = 'http://other.example:8080';

describe('proxyFor', () => {
  it.each([
    ['no proxy variable: direct', 'https://api.example.com', {}, undefined],
    ['https takes HTTPS_PROXY', 'https://api.example.com', { HTTPS_PROXY: P, HTTP_PROXY: Q }, [P, 'HTTPS_PROXY']],
    ['https falls back to HTTP_PROXY', 'https://api.example.com', { HTTP_PROXY: Q }, [Q, 'HTTP_PROXY']],
    ['plain http takes HTTP_PROXY only', 'http://api.example.com', { HTTPS_PROXY: P }, undefined],
    ['lowercase wins, as in curl', 'http://api.example.com', { http_proxy: P, HTTP_PROXY: Q }, [P, 'HTTP_PROXY']],
    ['NO_PROXY lists the host', 'http://api.example.com', { HTTP_PROXY: P, NO_PROXY: 'api.example.com' }, undefined],
    [
      'NO_PROXY lists a parent domain',
      'http://api.example.com',
      { HTTP_PROXY: P, NO_PROXY: '.example.com' },
      undefined,
    ],
    ['NO_PROXY * is every host', 'http://api.example.com', { HTTP_PROXY: P, no_proxy: '*' }, undefined],
    [
      'NO_PROXY with another port',
      'http://api.example.com:8080',
      { HTTP_PROXY: P, NO_PROXY: 'api.example.com:9' },
      [P, 'HTTP_PROXY'],
    ],
    [
      'NO_PROXY with the same port',
      'http://api.example.com:8080',
      { HTTP_PROXY: P, NO_PROXY: 'api.example.com:8080' },
      undefined,
    ],
    [
      'a suffix that is no parent domain',
      'http://notexample.com',
      { HTTP_PROXY: P, NO_PROXY: 'example.com' },
      [P, 'HTTP_PROXY'],
    ],
  ] as const)('%s', (_what, origin, env, expected) => {
    const route = proxyFor(origin, env as NodeJS.ProcessEnv);
    expect(route ? [route.url, route.variable] : undefined).toEqual(expected);
  });
});

async function closedPort(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

describe('a proxy that cannot be reached', () => {
  it('is the failure of the proxy, not of the target', async () => {
    const target = await startServer(okJson);
    const dead = await closedPort();
    const send = async (env: NodeJS.ProcessEnv) => {
      const client = createClient({ profile: profileFor(target.url), runId: 'p', env, budgets: new RateBudgets() });
      try {
        return await client.send({ method: 'GET', path: '/v1/ping' });
      } finally {
        await client.close();
      }
    };
    try {
      expect((await send({ ...testEnv, HTTP_PROXY: dead })).error).toBe('PROXY_UNREACHABLE_ECONNREFUSED');
      // The same dead address as the target itself is the target not listening.
      const direct = createClient({ profile: profileFor(dead), runId: 'p', env: testEnv, budgets: new RateBudgets() });
      expect((await direct.send({ method: 'GET', path: '/v1/ping' })).error).toBe('ECONNREFUSED');
      await direct.close();
      // NO_PROXY keeps the target direct: the dead proxy is never tried.
      const bypassed = await send({ ...testEnv, HTTP_PROXY: dead, NO_PROXY: '127.0.0.1' });
      expect(bypassed.response?.status).toBe(200);
    } finally {
      await target.close();
    }
  });
});
