import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stateCode } from './stateCode.js';

describe('stateCode: every state and territory a county FIPS code can belong to', () => {
  const drawn = fc.sample(stateCode(), { numRuns: 3_000, seed: 1 });

  it('draws two uppercase letters, and every one of the 57 codes in a few thousand draws', () => {
    expect(drawn.every((s) => /^[A-Z]{2}$/.test(s))).toBe(true);
    const seen = new Set(drawn);
    expect(seen.size).toBe(57);
    for (const code of ['DC', 'PR', 'VI', 'GU', 'AS', 'MP', 'UM', 'KY', 'CA', 'WY']) expect(seen).toContain(code);
  });

  it('draws only the territories when asked', () => {
    const territories = new Set(fc.sample(stateCode({ of: 'territories' }), { numRuns: 300, seed: 1 }));
    expect([...territories].sort()).toEqual(['AS', 'GU', 'MP', 'PR', 'UM', 'VI']);
  });

  it('shrinks towards AL', () => {
    const out = fc.check(
      fc.property(stateCode(), (s) => s === 'ZZ'),
      { seed: 1 },
    );
    expect(out.counterexample?.[0]).toBe('AL');
  });
});
