import { afterEach, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../server.js';
import { accountForRole } from './accounts.js';
import { RateLimiter } from './rate-limit.js';
import { client } from '../probe/client.js';
import { fakeClock } from '../probe/fixtures.js';

let server: ReferenceServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('rate limits (section 8) with a fake clock', () => {
  it.each([
    ['tierLow', 2, 1],
    ['tierMedium', 10, 5],
    ['tierHigh', 20, 10],
  ] as const)(
    '%s: burst %i passes, the next gets 429 with Retry-After, and %i/s comes back',
    async (role, burst, rate) => {
      const clock = fakeClock();
      server = await startReferenceServer({ clock: clock.now });
      const call = client(server.url);
      for (let i = 0; i < burst; i++) expect((await call('GET', '/v1/ping', { role })).status).toBe(200);
      const limited = await call('GET', '/v1/ping', { role });
      expect(limited.status).toBe(429);
      expect(limited.body.error.code).toBe('rate_limited');
      expect(limited.body.error).not.toHaveProperty('details');
      expect(limited.headers['retry-after']).toMatch(/^\d+$/);
      clock.advance(1000);
      for (let i = 0; i < rate; i++) expect((await call('GET', '/v1/ping', { role })).status).toBe(200);
      expect((await call('GET', '/v1/ping', { role })).status).toBe(429);
    },
  );

  it('shares the stage limit (burst 30) across keys', async () => {
    const clock = fakeClock();
    server = await startReferenceServer({ clock: clock.now });
    const call = client(server.url);
    const statuses: number[] = [];
    for (const role of ['approved', 'tierHigh'])
      for (let i = 0; i < 20; i++) statuses.push((await call('GET', '/v1/ping', { role })).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses.slice(30).every((s) => s === 429)).toBe(true);
  });

  it('does not take a key token when the stage bucket refuses', () => {
    const limiter = new RateLimiter();
    const low = accountForRole('tierLow')!;
    const high = accountForRole('approved')!;
    const other = accountForRole('tierHigh')!;
    for (let i = 0; i < 20; i++) limiter.take(high, 0);
    for (let i = 0; i < 10; i++) limiter.take(other, 0);
    expect(limiter.take(low, 0)?.scope).toBe('stage');
    expect(limiter.take(low, 1000)).toBeUndefined();
    expect(limiter.take(low, 1000)).toBeUndefined();
  });
});
