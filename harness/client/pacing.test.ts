import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from './client.js';
import { BUDGET_TIMEOUT } from './errors.js';
import { EXACT_PACING, RateBudgets } from './rate-budget.js';
import { profileFor, startServer, testEnv, type TestServer } from './test-server.js';

// Real timing, kept short: tier low is 1 request a second with a burst of 2.
let server: TestServer;
let rateLimitedOnce = false;
beforeAll(async () => {
  server = await startServer((req, res) => {
    if (req.url === '/limited' && !rateLimitedOnce) {
      rateLimitedOnce = true;
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' });
      return void res.end('{"error":{"code":"rate_limited","message":"slow down"}}');
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{}');
  });
});
afterAll(() => server.close());

const arrivals = (from: number) => server.received.slice(from).map((r) => r.at);

describe('pacing to the key tier', () => {
  it('spaces a third concurrent request on tier low about a second after the burst of two', async () => {
    const budgets = new RateBudgets(undefined, undefined, EXACT_PACING);
    const c = createClient({ profile: profileFor(server.url), runId: 'pace', env: testEnv, budgets });
    const from = server.received.length;
    const started = performance.now();
    const exs = await c.sendConcurrently(
      [1, 2, 3].map(() => ({ method: 'GET' as const, path: '/p', role: 'tierLow' })),
    );
    await c.close();
    expect(exs.map((e) => e.response?.status)).toEqual([200, 200, 200]);
    expect(performance.now() - started).toBeGreaterThanOrEqual(900);
    const [a, b, third] = arrivals(from) as [number, number, number];
    expect(b - a).toBeLessThan(300);
    expect(third - a).toBeGreaterThanOrEqual(900);
  });

  it('sends a race of two on tier low together, even right after another request', async () => {
    const c = createClient({
      profile: profileFor(server.url),
      runId: 'pace',
      env: testEnv,
      budgets: new RateBudgets(),
    });
    await c.send({ method: 'GET', path: '/p', role: 'tierLow' });
    const from = server.received.length;
    const exs = await c.sendConcurrently([1, 2].map(() => ({ method: 'GET' as const, path: '/p', role: 'tierLow' })));
    await c.close();
    expect(exs.map((e) => e.response?.status)).toEqual([200, 200]);
    const [a, b] = arrivals(from) as [number, number];
    expect(Math.abs(b - a)).toBeLessThan(100);
  });

  it('sends unpaced requests at once, and still records them', async () => {
    const c = createClient({
      profile: profileFor(server.url),
      runId: 'pace',
      env: testEnv,
      budgets: new RateBudgets(),
    });
    const started = performance.now();
    const exs = await c.sendConcurrently(
      [1, 2, 3, 4].map(() => ({ method: 'GET' as const, path: '/p', role: 'tierLow', unpaced: true })),
    );
    await c.close();
    expect(performance.now() - started).toBeLessThan(500);
    expect(c.exchanges()).toHaveLength(4);
    expect(exs.every((e) => e.response?.status === 200)).toBe(true);
  });

  it('fails with BUDGET_TIMEOUT, unsent, when the wait would exceed the bound', async () => {
    const c = createClient({
      profile: profileFor(server.url),
      runId: 'pace',
      env: testEnv,
      budgets: new RateBudgets(),
    });
    const from = server.received.length;
    await c.sendConcurrently([1, 2].map(() => ({ method: 'GET' as const, path: '/p', role: 'tierLow' })));
    const ex = await c.send({ method: 'GET', path: '/p', role: 'tierLow', budgetWaitMs: 200 });
    await c.close();
    expect(ex.error).toBe(BUDGET_TIMEOUT);
    expect(ex.response).toBeUndefined();
    expect(server.received.length - from).toBe(2);
    expect(c.requestCount()).toBe(2);
    expect(c.exchanges()).toHaveLength(3);
  });

  it('returns a 429 as is and pauses the key until Retry-After', async () => {
    const budgets = new RateBudgets();
    const c = createClient({ profile: profileFor(server.url), runId: 'pace', env: testEnv, budgets });
    const from = server.received.length;
    const limited = await c.send({ method: 'GET', path: '/limited' });
    const next = await c.send({ method: 'GET', path: '/limited' });
    await c.close();
    expect(limited.response?.status).toBe(429);
    expect(next.response?.status).toBe(200);
    const [first, second] = arrivals(from) as [number, number];
    expect(second - first).toBeGreaterThanOrEqual(900);
    expect(server.received.length - from).toBe(2);
  });

  it('shares one budget between two clients of the same run', async () => {
    const budgets = new RateBudgets();
    const one = createClient({ profile: profileFor(server.url), runId: 'pace', env: testEnv, budgets });
    const two = createClient({ profile: profileFor(server.url), runId: 'pace', env: testEnv, budgets });
    await one.sendConcurrently([1, 2].map(() => ({ method: 'GET' as const, path: '/p', role: 'tierLow' })));
    const ex = await two.send({ method: 'GET', path: '/p', role: 'tierLow', budgetWaitMs: 200 });
    await Promise.all([one.close(), two.close()]);
    expect(ex.error).toBe(BUDGET_TIMEOUT);
  });
});
