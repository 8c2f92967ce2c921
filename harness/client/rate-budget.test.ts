import { describe, expect, it } from 'vitest';
import { EXACT_PACING, PACING_MARGIN, RateBudgets, TokenBucket, TIER_RATES } from './rate-budget.js';

/** Budgets on a fake clock the test moves by hand. */
function fakeBudgets(stage = { perSecond: 1000, burst: 1000 }, margin = EXACT_PACING) {
  const clock = { t: 0 };
  return { clock, budgets: new RateBudgets(() => clock.t, stage, margin) };
}

/** Waits returned for n reservations made at the same instant. */
function waits(budgets: RateBudgets, bucket: string, tier: 'low' | 'medium' | 'high', n: number): number[] {
  return Array.from({ length: n }, () => budgets.reserve({ bucket, tier }, 60_000) as number);
}

describe('token buckets per tier', () => {
  it.each([
    ['low', [0, 0, 1000, 2000]],
    ['medium', [...Array(10).fill(0), 200, 400]],
    ['high', [...Array(20).fill(0), 100, 200]],
  ] as const)('paces tier %s to its rate after its burst', (tier, expected) => {
    const { budgets } = fakeBudgets();
    expect(waits(budgets, 'K', tier, expected.length)).toEqual(expected);
  });

  it('refills with time', () => {
    const { clock, budgets } = fakeBudgets();
    waits(budgets, 'K', 'low', 2);
    clock.t = 2000;
    expect(waits(budgets, 'K', 'low', 3)).toEqual([0, 0, 1000]);
  });

  it('says when a key is full again: at once for an unused key, after the refill of what it sent', () => {
    const { clock, budgets } = fakeBudgets();
    expect(budgets.fullIn({ bucket: 'K', tier: 'low' })).toBe(0);
    waits(budgets, 'K', 'low', 2);
    expect(budgets.fullIn({ bucket: 'K', tier: 'low' })).toBe(2000);
    clock.t = 1500;
    expect(budgets.fullIn({ bucket: 'K', tier: 'low' })).toBe(500);
  });

  it('keeps one budget per key, shared by every caller of that key', () => {
    const { budgets } = fakeBudgets();
    expect(waits(budgets, 'A', 'low', 2)).toEqual([0, 0]);
    expect(waits(budgets, 'B', 'low', 2)).toEqual([0, 0]);
    expect(waits(budgets, 'A', 'low', 1)).toEqual([1000]);
  });

  it('paces every key together to the stage limit', () => {
    const { budgets } = fakeBudgets({ perSecond: 20, burst: 30 });
    const all = ['A', 'B'].flatMap((k) => waits(budgets, k, 'high', 20));
    expect(all.filter((w) => w === 0)).toHaveLength(30);
    expect(Math.max(...all)).toBe(500); // ten more at the stage's 50 ms spacing
  });

  it('refuses to reserve when the wait would exceed the bound, and spends nothing then', () => {
    const { budgets } = fakeBudgets();
    waits(budgets, 'K', 'low', 2);
    expect(budgets.reserve({ bucket: 'K', tier: 'low' }, 500)).toBeNull();
    expect(budgets.reserve({ bucket: 'K', tier: 'low' }, 1000)).toBe(1000);
  });

  it('sends nothing during a pause and one at a time after it', () => {
    const { budgets } = fakeBudgets();
    budgets.pause({ bucket: 'K', tier: 'high' }, 3000);
    expect(waits(budgets, 'K', 'high', 3)).toEqual([3000, 3100, 3200]);
  });

  it('after a burst drained the stage, sends every key one stage interval apart, not after a full refill', () => {
    const { budgets } = fakeBudgets({ perSecond: 20, burst: 30 });
    budgets.stageDrained();
    expect([...waits(budgets, 'A', 'high', 2), ...waits(budgets, 'B', 'high', 1)]).toEqual([50, 100, 150]);
  });

  it('says how long until n requests could leave together on the stage, by what was sent', () => {
    const { budgets } = fakeBudgets({ perSecond: 20, burst: 30 });
    expect(budgets.stageRoomIn(12)).toBe(0);
    waits(budgets, 'A', 'high', 20);
    // 20 sent at once-ish: 10 left, so 12 together need two more back (50 ms each).
    expect(budgets.stageRoomIn(12)).toBe(100);
    expect(budgets.stageRoomIn(100)).toBe(budgets.stageRoomIn(30));
  });

  it('uses the contract tiers', () => {
    expect(TIER_RATES).toEqual({
      low: { perSecond: 1, burst: 2 },
      medium: { perSecond: 5, burst: 10 },
      high: { perSecond: 10, burst: 20 },
    });
    expect(new TokenBucket(TIER_RATES.low, EXACT_PACING).tolerance).toBe(1000);
  });

  it('by default keeps a token of the burst in reserve and spaces requests wider than the rate', () => {
    const { budgets } = fakeBudgets({ perSecond: 1000, burst: 1000 }, PACING_MARGIN);
    const spacing = 100 * PACING_MARGIN.intervalFactor;
    expect(waits(budgets, 'K', 'high', 21)).toEqual(
      [...Array(19).fill(0), spacing, 2 * spacing].map((w) => expect.closeTo(w, 6)),
    );
  });

  it('reserves a race at one instant once the bucket holds all of it, margin or not', () => {
    const { clock, budgets } = fakeBudgets({ perSecond: 1000, burst: 1000 }, PACING_MARGIN);
    const low = { bucket: 'K', tier: 'low' as const };
    const interval = 1000 * PACING_MARGIN.intervalFactor;
    expect(budgets.reserve(low, 60_000)).toBe(0);
    // The default margin would space two single requests a whole interval apart; a race of two waits for the refill
    // instead.
    expect(budgets.reserveTogether(low, 2, 60_000)).toBeCloseTo(interval, 6);
    clock.t = interval;
    // Both tokens were spent at that instant; with a token kept in reserve the next request waits for both to refill.
    expect(budgets.reserve(low, 60_000)).toBeCloseTo(2 * interval, 6);
    expect(budgets.burstOf(low)).toBe(2);
    expect(budgets.reserveTogether(low, 3, 60_000)).toBeNull();
  });
});
