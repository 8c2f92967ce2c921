import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from './client.js';
import { IDEMPOTENCY_KEY_FORMAT, newIdempotencyKey } from './idempotency.js';
import { RateBudgets } from './rate-budget.js';
import { okJson, profileFor, startServer, testEnv, type TestServer } from './test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer(okJson);
});
afterAll(() => server.close());

describe('idempotency keys', () => {
  it('are fresh, in the contract format, and carry the run prefix', () => {
    const keys = Array.from({ length: 5 }, () => newIdempotencyKey('run-2025-01-01T00:00Z.abc'));
    for (const k of keys) {
      expect(k).toMatch(IDEMPOTENCY_KEY_FORMAT);
      expect(k.startsWith('run-2025-01-01T00-00Z-abc-')).toBe(true);
    }
    expect(new Set(keys).size).toBe(5);
  });

  it('stay within 255 characters and keep the label', () => {
    const k = newIdempotencyKey('r'.repeat(400), 'create enrollment');
    expect(k).toMatch(IDEMPOTENCY_KEY_FORMAT);
    expect(newIdempotencyKey('short', 'create enrollment')).toMatch(/^short-create-enrollment-\d+$/);
  });

  it('never repeat between two clients of one run', () => {
    const profile = profileFor(server.url);
    const a = createClient({ profile, runId: 'same-run', env: testEnv });
    const b = createClient({ profile, runId: 'same-run', env: testEnv });
    const keys = [a.newIdempotencyKey(), b.newIdempotencyKey(), a.newIdempotencyKey(), b.newIdempotencyKey()];
    expect(new Set(keys).size).toBe(4);
    return Promise.all([a.close(), b.close()]);
  });

  it('are sent as Idempotency-Key: a fresh one for true, the given one otherwise', async () => {
    const c = createClient({
      profile: profileFor(server.url),
      runId: 'idem-run',
      env: testEnv,
      budgets: new RateBudgets(),
    });
    const fresh = await c.send({ method: 'POST', path: '/v1/enrollments', json: {}, idempotencyKey: true });
    await c.send({ method: 'POST', path: '/v1/enrollments', json: {}, idempotencyKey: 'given_key-1' });
    await c.close();
    const [first, second] = server.received.slice(-2).map((r) => r.headers['idempotency-key']);
    expect(first).toMatch(/^idem-run-\d+$/);
    expect(fresh.request.headers['idempotency-key']).toBe(first);
    expect(second).toBe('given_key-1');
  });
});
