/**
 * A paced request refused with 429 goes once more after the wait asked for; deliberate bursts and races keep their 429.
 */
import { describe, expect, it } from 'vitest';
import type { ApiRequest } from '../client/index.js';
import { answer, fakeClock, fakeTarget } from './fake-target.test-helpers.js';
import { createCheckContext } from './context.js';
import { resolveRules, ruleCatalogue } from './catalogue.js';
import { LIMITED_RETRY_MAX_WAIT_MS, limitedRetryWait, PACED_429S_WARNED, pacedLimited } from './limited-retry.js';

const ping: ApiRequest = { method: 'GET', path: '/v1/ping' };
const limited = (retryAfter?: string) => {
  const ex = answer(ping, 429, { error: { code: 'rate_limited', message: 'slow down' } });
  if (retryAfter !== undefined) ex.response!.headers['retry-after'] = retryAfter;
  return ex;
};

describe('limitedRetryWait', () => {
  it('waits what Retry-After asks, at least one token of the tier, at most the bound', () => {
    expect(limitedRetryWait(ping, limited('1'), 'high')).toBe(1_100);
    expect(limitedRetryWait(ping, limited(), 'high')).toBe(200);
    expect(limitedRetryWait(ping, limited(), 'low')).toBe(1_100);
    expect(limitedRetryWait(ping, limited('60'), 'high')).toBe(LIMITED_RETRY_MAX_WAIT_MS);
  });

  it('leaves deliberate bursts, races and answers other than 429 alone', () => {
    expect(limitedRetryWait({ ...ping, unpaced: true }, limited('1'), 'high')).toBeUndefined();
    expect(limitedRetryWait({ ...ping, together: { id: 'race', size: 2 } }, limited('1'), 'high')).toBeUndefined();
    expect(limitedRetryWait(ping, answer(ping, 503), 'high')).toBeUndefined();
  });
});

describe('t.send after a 429', () => {
  const rules = resolveRules(ruleCatalogue(), 'p', ['PING-200']);

  it('sends once more after the wait, keeps both exchanges and returns the second', async () => {
    let n = 0;
    const target = fakeTarget((req) => (++n === 1 ? limited('1') : answer(req, 200)));
    const clock = fakeClock();
    const t = createCheckContext(target, rules, clock);
    const ex = await t.send(ping);
    expect(ex.response?.status).toBe(200);
    expect(t.exchanges().map((e) => e.response?.status)).toEqual([429, 200]);
    expect(clock.slept).toEqual([1_100]);
  });

  it('sends only once more: a second 429 is the answer the check judges', async () => {
    const target = fakeTarget(() => limited());
    const t = createCheckContext(target, rules, fakeClock());
    const ex = await t.send(ping);
    expect(ex.response?.status).toBe(429);
    expect(t.exchanges()).toHaveLength(2);
  });

  it('does not retry a deliberate burst', async () => {
    const target = fakeTarget(() => limited('1'));
    const t = createCheckContext(target, rules, fakeClock());
    await t.send({ ...ping, unpaced: true });
    expect(t.exchanges()).toHaveLength(1);
  });
});

describe('pacedLimited', () => {
  it('warns once per run and key role, at the third paced 429, naming the tier declared (W_KEY_TIER)', () => {
    const told = Array.from({ length: PACED_429S_WARNED + 2 }, () => pacedLimited('run-1', 'approved', 'high'));
    expect(told.filter(Boolean)).toHaveLength(1);
    expect(told[PACED_429S_WARNED - 1]).toMatchObject({ code: 'W_KEY_TIER', roles: ['approved'] });
    expect(told[PACED_429S_WARNED - 1]!.message).toContain('declared tier high (10/s, burst 20), and 3 requests');
    expect(pacedLimited('run-1', 'reader', 'high')).toBeUndefined();
    expect(pacedLimited('run-2', 'approved', 'high')).toBeUndefined();
  });
});
