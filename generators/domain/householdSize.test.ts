import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_HOUSEHOLD, householdSize } from './householdSize.js';

describe('householdSize: 1 to the largest, the ends often', () => {
  it('stays within 1 and the default largest, and draws both ends often', () => {
    const drawn = fc.sample(householdSize(), { numRuns: 1_000, seed: 2 });
    expect(drawn.every((n) => Number.isInteger(n) && n >= 1 && n <= DEFAULT_MAX_HOUSEHOLD)).toBe(true);
    expect(drawn.filter((n) => n === 1).length).toBeGreaterThan(150);
    expect(drawn.filter((n) => n === DEFAULT_MAX_HOUSEHOLD).length).toBeGreaterThan(150);
    expect(new Set(drawn).size).toBe(DEFAULT_MAX_HOUSEHOLD);
  });

  it('takes another largest size, and shrinks towards 1', () => {
    expect(fc.sample(householdSize({ max: 3 }), { numRuns: 200, seed: 1 }).every((n) => n >= 1 && n <= 3)).toBe(true);
    const out = fc.check(
      fc.property(householdSize(), (n) => n < 0),
      { seed: 1 },
    );
    expect(out.counterexample?.[0]).toBe(1);
  });
});
