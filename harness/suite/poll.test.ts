import { describe, expect, test } from 'vitest';
import type { Exchange } from '../model.js';
import { answer, fakeClock, fakeTarget } from './fake-target.test-helpers.js';
import { createCheckContext } from './context.js';
import { FIRST_READ_AFTER_MS, MAX_POLL_ATTEMPTS, pollInterval, pollUntil } from './poll.js';
import { resolveRules, ruleCatalogue } from './catalogue.js';

const read = (status: () => number) => async (): Promise<Exchange> => answer({ method: 'GET', path: '/x' }, status());

describe('pollUntil', () => {
  test('returns as soon as the condition holds', async () => {
    let n = 0;
    const clock = fakeClock();
    const ex = await pollUntil(
      read(() => (++n >= 3 ? 202 : 200)),
      (e) => e.response?.status === 202,
      1_000,
      200,
      clock,
    );
    expect(ex.response?.status).toBe(202);
    expect(n).toBe(3);
    // A moment before the first read (the outcome is asynchronous), then the interval.
    expect(clock.slept).toEqual([FIRST_READ_AFTER_MS, 200, 200]);
  });
  test('gives up at the timeout and returns the last exchange', async () => {
    let n = 0;
    const ex = await pollUntil(
      read(() => {
        n += 1;
        return 200;
      }),
      () => false,
      1_000,
      100,
      fakeClock(),
    );
    expect(ex.response?.status).toBe(200);
    // Reads at 100, 200, ..., 1000 ms: the last one at the deadline.
    expect(n).toBe(10);
  });
  test('never exceeds the attempt bound, whatever the timeout', async () => {
    let n = 0;
    await pollUntil(
      read(() => {
        n += 1;
        return 200;
      }),
      () => false,
      10_000_000,
      1,
      fakeClock(),
    );
    expect(n).toBe(MAX_POLL_ATTEMPTS);
  });
  test('interval defaults to a tenth of the timeout within 50 ms .. 1 s', () => {
    expect(pollInterval(5_000)).toBe(500);
    expect(pollInterval(100)).toBe(50);
    expect(pollInterval(60_000)).toBe(1_000);
    expect(pollInterval(5_000, 20)).toBe(20);
  });
  test('t.poll uses the target asyncTimeoutMs and records every read', async () => {
    const target = fakeTarget((req) => answer(req, 200));
    const t = createCheckContext(target, resolveRules(ruleCatalogue(), 'p', ['PING-200']), fakeClock());
    await t.poll({ method: 'GET', path: '/v1/enrollments/1' }, () => false);
    // asyncTimeoutMs 1000 in the fake profile: reads 100 ms apart from 100 to 1000 ms.
    expect(t.exchanges()).toHaveLength(10);
  });
});
