import { describe, expect, test } from 'vitest';
import type { Exchange } from '../model.js';
import { targetNow, zoneDays } from './target-clock.js';

const NOW = Date.parse('2026-11-28T06:00:00.000Z');

/** An answer sent at `sentMs` that took 20 ms, its Date header `clockMs` on the target's clock. */
function answered(sentMs: number, clockMs?: number): Exchange {
  return {
    request: { method: 'GET', url: 'http://target/v1/ping', headers: {} },
    response: {
      status: 200,
      headers: clockMs === undefined ? {} : { date: new Date(clockMs).toUTCString() },
      body: '',
    },
    durationMs: 20,
    startedAt: new Date(sentMs).toISOString(),
  };
}

describe('targetNow', () => {
  test("is ours when the answers show no Date header, or one within a header's second", () => {
    expect(targetNow([], NOW)).toBe(NOW);
    expect(targetNow([answered(NOW - 1_000)], NOW)).toBe(NOW);
    expect(targetNow([answered(NOW - 1_000, NOW - 1_000)], NOW)).toBe(NOW);
  });

  test("is the target's clock when its answers show another: 30 hours behind, to within a second", () => {
    const behind = 30 * 3_600_000;
    const answers = [1, 2, 3].map((n) => answered(NOW - n * 1_000, NOW - n * 1_000 - behind));
    expect(Math.abs(targetNow(answers, NOW) - (NOW - behind))).toBeLessThan(1_000);
  });

  test('the median of the recent answers: one odd header does not move it', () => {
    const answers = [answered(NOW - 3_000, NOW - 3_000), answered(NOW - 2_000, NOW + 86_400_000)];
    answers.push(answered(NOW - 1_000, NOW - 1_000));
    expect(targetNow(answers, NOW)).toBe(NOW);
  });
});

describe('zoneDays', () => {
  test('an instant falls on two calendar days somewhere, three from 10:00 to 12:00 UTC', () => {
    expect(zoneDays(Date.parse('2026-11-28T06:00:00Z'))).toEqual(['2026-11-27', '2026-11-28']);
    expect(zoneDays(Date.parse('2026-11-28T12:00:00Z'))).toEqual(['2026-11-28', '2026-11-29']);
    expect(zoneDays(Date.parse('2026-12-31T11:00:00Z'))).toEqual(['2026-12-30', '2026-12-31', '2027-01-01']);
  });
});
