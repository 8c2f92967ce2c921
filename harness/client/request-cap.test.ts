/**
 * The request cap interceptor: the request past the bound never reaches the server, and refusals before it are not
 * counted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from './client.js';
import { RequestCapExceeded } from './errors.js';
import { RateBudgets } from './rate-budget.js';
import { okJson, profileFor, startServer, testEnv, type TestServer } from './test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer(okJson);
});
afterAll(() => server.close());

const get = (i: number) => ({ method: 'GET' as const, path: `/v1/ping?i=${i}` });
const capped = (max: number, readOnly = false) =>
  createClient({
    profile: profileFor(server.url),
    runId: 'cap',
    env: testEnv,
    budgets: new RateBudgets(),
    readOnly,
    requestCap: { max, runProfile: 'smoke' },
  });

describe('the per-run request cap', () => {
  it('sends the first `max` requests and refuses the next before it is sent, naming the budget', async () => {
    const before = server.received.length;
    const client = capped(3);
    for (let i = 0; i < 3; i++) await client.send(get(i));
    const refused = await client.send(get(3)).catch((e: unknown) => e);
    await client.close();
    expect(refused).toBeInstanceOf(RequestCapExceeded);
    expect((refused as RequestCapExceeded).code).toBe('E_REQUEST_CAP');
    expect((refused as Error).message).toContain(
      'refused GET /v1/ping: the smoke profile sends at most 3 requests a run and this would be request 4',
    );
    expect(server.received.length - before).toBe(3);
    expect(client.exchanges()).toHaveLength(3);
  });

  it('holds for concurrent sends', async () => {
    const before = server.received.length;
    const client = capped(4);
    const results = await Promise.allSettled([
      client.sendConcurrently([0, 1, 2].map(get)),
      client.sendConcurrently([3, 4, 5].map(get)),
    ]);
    await client.close();
    expect(server.received.length - before).toBe(4);
    expect(results.some((r) => r.status === 'rejected')).toBe(true);
  });

  it('does not count a request refused before it, by the read-only guard or for a missing key', async () => {
    const before = server.received.length;
    const client = capped(1, true);
    await expect(client.send({ method: 'POST', path: '/v1/quotes', json: {} })).rejects.toMatchObject({
      code: 'E_READ_ONLY',
    });
    await expect(client.send({ ...get(0), role: 'no-such-role' })).rejects.toMatchObject({
      code: 'E_KEY_ROLE_MISSING',
    });
    await client.send(get(1));
    await client.close();
    expect(server.received.slice(before).map((r) => `${r.method} ${r.url}`)).toEqual(['GET /v1/ping?i=1']);
  });
});
