import { describe, expect, it } from 'vitest';
import type { Client } from './client/index.js';
import type { Exchange } from './model.js';
import { boundedClient, capRequests, RequestCapExceeded } from './request-cap.js';
import { RUN_PROFILES } from './run-profiles.js';

/** A client that answers every request at once and refuses POSTs before sending, like a read-only client. */
function fakeClient(): Client & { sent: string[] } {
  const sent: string[] = [];
  const send: Client['send'] = async (req) => {
    if (req.method === 'POST') throw Object.assign(new Error('refused'), { code: 'E_READ_ONLY' });
    sent.push(`${req.method} ${req.path}`);
    return { request: { method: req.method, url: req.path, headers: {} }, durationMs: 0 } as Exchange;
  };
  return { sent, send, sendConcurrently: (reqs) => Promise.all(reqs.map(send)), newIdempotencyKey: () => 'k', exchanges: () => [], requestCount: () => sent.length, close: async () => {} };
}

const get = (i: number) => ({ method: 'GET' as const, path: `/v1/ping?i=${i}` });

describe('the per-run request cap', () => {
  it('sends the first `cap` requests and refuses the next before it is sent, naming the budget', async () => {
    const inner = fakeClient();
    const client = capRequests(inner, 3, 'smoke');
    for (let i = 0; i < 3; i++) await client.send(get(i));
    const refused = await client.send(get(3)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RequestCapExceeded);
    expect((refused as RequestCapExceeded).code).toBe('E_REQUEST_CAP');
    expect((refused as Error).message).toContain('refused GET /v1/ping: the smoke profile sends at most 3 requests a run and this would be request 4');
    expect(inner.sent).toHaveLength(3);
  });

  it('holds for concurrent sends', async () => {
    const inner = fakeClient();
    const client = capRequests(inner, 4, 'smoke');
    const results = await Promise.allSettled([client.sendConcurrently([0, 1, 2].map(get)), client.sendConcurrently([3, 4, 5].map(get))]);
    expect(inner.sent).toHaveLength(4);
    expect(results.some((r) => r.status === 'rejected')).toBe(true);
  });

  it('does not count a request the client refused before sending', async () => {
    const inner = fakeClient();
    const client = capRequests(inner, 1, 'smoke');
    await expect(client.send({ method: 'POST', path: '/v1/quotes' })).rejects.toMatchObject({ code: 'E_READ_ONLY' });
    await client.send(get(0));
    expect(inner.sent).toEqual(['GET /v1/ping?i=0']);
  });

  it('bounds smoke runs at 10 requests and leaves the other profiles unbounded', async () => {
    expect(RUN_PROFILES.smoke.requestCap).toBe(10);
    const smoke = boundedClient(fakeClient(), 'smoke');
    const sends = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => smoke.send(get(i))));
    expect(sends.filter((s) => s.status === 'fulfilled')).toHaveLength(10);
    const conformance = fakeClient();
    expect(boundedClient(conformance, 'conformance')).toBe(conformance);
  });
});
