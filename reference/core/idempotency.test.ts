import { afterEach, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../server.js';
import { IdempotencyStore } from './idempotency.js';
import { IDEMPOTENCY_RETENTION_MS } from './limits.js';
import { client, type Call } from '../probe/client.js';
import { fakeClock, sessionBody } from '../probe/fixtures.js';

const SESSIONS = '/v1/enrollment-sessions';
let server: ReferenceServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});
async function start(opts: Parameters<typeof startReferenceServer>[0] = {}): Promise<Call> {
  server = await startReferenceServer(opts);
  return client(server.url);
}
const keyed = (key: string) => ({ 'idempotency-key': key });

describe('Idempotency-Key (section 8)', () => {
  it('replays the original status, headers and body verbatim with Idempotent-Replay: true', async () => {
    const call = await start();
    const first = await call('POST', SESSIONS, { json: sessionBody(), headers: keyed('replay-1') });
    const again = await call('POST', SESSIONS, { json: sessionBody(), headers: keyed('replay-1') });
    expect(first.status).toBe(200);
    expect(first.headers['idempotent-replay']).toBeUndefined();
    expect(again.status).toBe(first.status);
    expect(again.text).toBe(first.text);
    expect(again.headers['x-request-id']).toBe(first.headers['x-request-id']);
    expect(again.headers['idempotent-replay']).toBe('true');
  });

  it('answers the same key with a different body with 422 idempotency_mismatch', async () => {
    const call = await start();
    await call('POST', SESSIONS, { json: sessionBody(), headers: keyed('mm') });
    const res = await call('POST', SESSIONS, { json: sessionBody({ external_id: 'other' }), headers: keyed('mm') });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('idempotency_mismatch');
  });

  it('answers a concurrent call with 409 idempotency_in_progress, then replays once settled', async () => {
    const call = await start();
    const body = sessionBody({ external_id: 'slow-race' });
    const [a, b] = await Promise.all([
      call('POST', SESSIONS, { json: body, headers: keyed('race') }),
      delay(50).then(() => call('POST', SESSIONS, { json: body, headers: keyed('race') })),
    ]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(409);
    expect(b.body.error.code).toBe('idempotency_in_progress');
    const c = await call('POST', SESSIONS, { json: body, headers: keyed('race') });
    expect(c.headers['idempotent-replay']).toBe('true');
    expect(c.text).toBe(a.text);
  });

  it('scopes keys by API key', async () => {
    const call = await start();
    await call('POST', SESSIONS, { json: sessionBody(), headers: keyed('shared') });
    const other = await call('POST', SESSIONS, { role: 'tierHigh', json: sessionBody(), headers: keyed('shared') });
    expect(other.status).toBe(200);
    expect(other.headers['idempotent-replay']).toBeUndefined();
  });

  it('stores a 5xx: the retry with the same key replays it', async () => {
    const call = await start();
    const body = sessionBody({ external_id: 'fail-5xx-1' });
    const first = await call('POST', SESSIONS, { json: body, headers: keyed('boom') });
    const again = await call('POST', SESSIONS, { json: body, headers: keyed('boom') });
    expect(first.status).toBe(500);
    expect(again.status).toBe(500);
    expect(again.headers['idempotent-replay']).toBe('true');
  });

  it('does not store a 429: after refill the same key gets a fresh response', async () => {
    const clock = fakeClock();
    const call = await start({ clock: clock.now });
    const body = sessionBody();
    await call('GET', '/v1/ping', { role: 'tierLow' });
    await call('GET', '/v1/ping', { role: 'tierLow' });
    const limited = await call('POST', SESSIONS, { role: 'tierLow', json: body, headers: keyed('limited') });
    expect(limited.status).toBe(429);
    clock.advance(1000);
    const fresh = await call('POST', SESSIONS, { role: 'tierLow', json: body, headers: keyed('limited') });
    expect(fresh.status).toBe(200);
    expect(fresh.headers['idempotent-replay']).toBeUndefined();
  });

  it('checks the key format: 255 characters pass, 256 or other characters give 400', async () => {
    const call = await start();
    expect((await call('POST', SESSIONS, { json: sessionBody(), headers: keyed('a'.repeat(255)) })).status).toBe(200);
    for (const bad of ['a'.repeat(256), 'has space', 'semi;colon']) {
      const res = await call('POST', SESSIONS, { json: sessionBody(), headers: keyed(bad) });
      expect(res.status, bad).toBe(400);
      expect(res.body.error.code).toBe('idempotency_key_invalid');
    }
  });

  it('requires the key on create enrollment, in the errors[] shape', async () => {
    const call = await start();
    const res = await call('POST', '/v1/enrollments', {
      json: { context: { product: 'ichra', exchange: 'off_exchange', plan_year: 2026 } },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ code: 'idempotency_key_required', message: expect.any(String) }]);
  });

  it('forgets keys after 24 hours of the injected clock', async () => {
    const clock = fakeClock();
    const call = await start({ clock: clock.now });
    await call('POST', SESSIONS, { json: sessionBody(), headers: keyed('old') });
    clock.advance(IDEMPOTENCY_RETENTION_MS + 1);
    const res = await call('POST', SESSIONS, { json: sessionBody({ external_id: 'new' }), headers: keyed('old') });
    expect(res.status).toBe(200);
    expect(res.body.external_id).toBe('new');
  });
});

describe('IdempotencyStore', () => {
  it('stays within its cap, evicting the least recently used completed entry', () => {
    const store = new IdempotencyStore(() => 0, 3);
    const stored = { status: 200, headers: {}, bodyText: '{}' };
    for (const k of ['a', 'b', 'c']) store.complete('s', k, 'p', stored);
    store.get('s', 'a');
    store.complete('s', 'd', 'p', stored);
    expect(store.size).toBe(3);
    expect(store.get('s', 'b')).toBeUndefined();
    expect(store.get('s', 'a')).toBeDefined();
  });
});

function delay(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
