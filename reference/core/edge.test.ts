import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { startReferenceServer, type ReferenceServer } from '../server.js';
import { routeModules } from '../routes.js';
import { keyForRole } from './accounts.js';
import { MAX_BODY_BYTES } from './limits.js';
import { client, type Call } from '../probe/client.js';
import { steppingClock } from '../probe/fixtures.js';
import type { ServerEnv } from '../types.js';

let server: ReferenceServer;
let call: Call;
beforeAll(async () => {
  server = await startReferenceServer({ clock: steppingClock() });
  call = client(server.url);
});
afterAll(() => server.close());

/** Every route the server mounts, with its parameters filled in. */
function mountedRoutes(): Array<{ method: string; path: string }> {
  const env: ServerEnv = {
    now: () => new Date(),
    nextId: (p) => `${p}_1`,
    on: () => false,
    processingDelayMs: 50,
    later: () => {},
  };
  return routeModules
    .flatMap((m) => m(env))
    .map((r) => ({ method: r.method, path: r.pattern.replace(/\{[^}]+\}/g, 'x1') }));
}

describe('edge order and envelopes', () => {
  it('answers an unknown route with 404 not_found in the unified envelope', async () => {
    const res = await call('GET', '/v1/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: 'not_found', message: expect.any(String) });
  });

  it('refuses a missing and an invalid key with 403 forbidden on every mounted route', async () => {
    const routes = mountedRoutes();
    expect(routes.length).toBeGreaterThan(10);
    for (const { method, path } of routes) {
      for (const opts of [{ role: null }, { key: 'sandbox_not_a_key' }]) {
        const res = await call(method, path, { ...opts, json: method === 'GET' ? undefined : {} });
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(res.body.error.code).toBe('forbidden');
      }
    }
  });

  it('reads the key header case-insensitively (Medicare X-API-Key)', async () => {
    const res = await request(`${server.url}/v1/ping`, { headers: { 'X-API-Key': keyForRole('medicare') } });
    expect(res.statusCode).toBe(200);
    await res.body.dump();
  });

  it('answers a body above 1 MiB with 413 in the unified envelope', async () => {
    const res = await call('POST', '/v1/quotes', { raw: Buffer.alloc(MAX_BODY_BYTES + 1, 0x20) });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('payload_too_large');
    // Edge-generated: no details, as the provider's document has it.
    expect(res.body.error).not.toHaveProperty('details');
  });

  it('answers an unsupported content type with 415, and accepts multipart only on uploads', async () => {
    const text = await call('POST', '/v1/quotes', { raw: '{}', contentType: 'text/plain' });
    expect(text.status).toBe(415);
    const multipart = await call('POST', '/v1/enrollment-sessions', {
      raw: '--b\r\n\r\n--b--',
      contentType: 'multipart/form-data; boundary=b',
    });
    expect(multipart.status).toBe(415);
    expect(multipart.body.error.code).toBe('unsupported_media_type');
  });

  it('answers malformed JSON with 400: unified on quotes, errors[] on direct enrollment', async () => {
    const quotes = await call('POST', '/v1/quotes', { raw: '{"context":' });
    expect(quotes.status).toBe(400);
    expect(quotes.body.error.code).toBe('invalid_request');
    const enr = await call('POST', '/v1/enrollments', { raw: '{bad', headers: { 'idempotency-key': 'k1' } });
    expect(enr.status).toBe(400);
    expect(enr.body.errors[0].code).toBe('invalid_request');
  });

  it('rejects bad UTF-8 in a JSON body with 400', async () => {
    const res = await call('POST', '/v1/quotes', { raw: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]) });
    expect(res.status).toBe(400);
  });

  it('checks the approval gate after the body (403 forbidden, unified)', async () => {
    const res = await call('GET', '/v1/policy-status/applications?exchange=on_exchange&plan_year=2026', {
      role: 'unapproved',
    });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('forbidden');
  });

  it('puts X-Request-Id on every response, errors included', async () => {
    for (const [method, path, role] of [
      ['GET', '/v1/ping', 'approved'],
      ['GET', '/nope', 'approved'],
      ['GET', '/v1/ping', null],
    ] as const) {
      const res = await call(method, path, { role });
      expect(res.headers['x-request-id']).toMatch(/^req_\d{6}$/);
    }
  });
});

describe('handler failures', () => {
  it('turns a handler exception into 500 internal_error and keeps serving', async () => {
    const broken = await startReferenceServer({
      modules: [
        () => [
          {
            method: 'GET',
            pattern: '/v1/ping',
            family: 'utility',
            handler: () => {
              throw new Error('boom');
            },
          },
        ],
      ],
    });
    try {
      const res = await client(broken.url)('GET', '/v1/ping');
      expect(res.status).toBe(500);
      expect(res.body.error.code).toBe('internal_error');
      expect(res.text).not.toContain('boom');
    } finally {
      await broken.close();
    }
  });

  it('refuses an unknown fault name with E_FAULT_UNKNOWN', async () => {
    await expect(startReferenceServer({ fault: 'no-such-fault' })).rejects.toMatchObject({ code: 'E_FAULT_UNKNOWN' });
  });
});
