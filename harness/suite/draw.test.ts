import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { CheckContext } from './context.js';
import { draw } from './draw.js';

const withSeed = (seed: number) => ({ config: { seed } }) as CheckContext;

describe('draw: one value per run seed and label', () => {
  test('the same seed and label draw the same value; other seeds and labels spread over the arbitrary', () => {
    const arb = fc.integer({ min: 0, max: 1_000_000 });
    expect(draw(withSeed(1), arb, 'key')).toBe(draw(withSeed(1), arb, 'key'));
    const bySeed = new Set(Array.from({ length: 20 }, (_, s) => draw(withSeed(s), arb, 'key')));
    const byLabel = new Set(Array.from({ length: 20 }, (_, i) => draw(withSeed(1), arb, `key ${i}`)));
    expect(bySeed.size).toBeGreaterThan(15);
    expect(byLabel.size).toBeGreaterThan(15);
  });

  test('draws only values of the arbitrary', () => {
    for (let s = 0; s < 50; s += 1)
      expect(['a', 'b', 'c']).toContain(draw(withSeed(s), fc.constantFrom('a', 'b', 'c'), 'x'));
  });
});
