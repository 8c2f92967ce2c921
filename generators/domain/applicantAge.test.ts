import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AGE_EDGES, applicantAge } from './applicantAge.js';

describe('applicantAge: whole years, the ages where rules change drawn often', () => {
  it('stays within 0 to 120 and meets every edge', () => {
    const drawn = fc.sample(applicantAge(), { numRuns: 3_000, seed: 4 });
    expect(drawn.every((a) => Number.isInteger(a) && a >= 0 && a <= 120)).toBe(true);
    for (const edge of [...AGE_EDGES, 120]) expect(drawn).toContain(edge);
  });

  it('keeps edges inside another range, and its bounds are edges', () => {
    const drawn = fc.sample(applicantAge({ min: 21, max: 64 }), { numRuns: 1_000, seed: 4 });
    expect(drawn.every((a) => a >= 21 && a <= 64)).toBe(true);
    expect(drawn).toContain(21);
    expect(drawn).toContain(64);
    expect(drawn).toContain(26);
  });
});
