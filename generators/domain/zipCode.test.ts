import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { zipTable } from '../_internals/data/zipTable.js';
import { zipCode } from './zipCode.js';

describe('zipCode: ZIP codes in use, every state alike, leading zeros and state lines', () => {
  const table = zipTable();
  const drawn = fc.sample(zipCode(), { numRuns: 6_000, seed: 7 });
  const stateOf = new Map([...table.byState].flatMap(([state, zips]) => zips.map((z) => [z, state] as const)));

  it('holds every ZIP code of the crosswalk and the ZCTA table, territories included', () => {
    const total = [...table.byState.values()].reduce((n, zips) => n + zips.length, 0);
    expect(total).toBeGreaterThan(39_000);
    for (const state of ['PR', 'VI', 'GU', 'AS', 'MP', 'DC', 'AK', 'HI'])
      expect(table.byState.get(state)?.length).toBeGreaterThan(0);
    expect(table.crossState).toContain('42223');
    expect(table.leadingZero.every((z) => z.startsWith('0'))).toBe(true);
  });

  it('draws only ZIP codes of the table, five digits each', () => {
    expect(drawn.every((z) => /^\d{5}$/.test(z) && stateOf.has(z))).toBe(true);
  });

  it('meets every state and territory, and leading zeros and cross-state ZIP codes often', () => {
    expect(new Set(drawn.map((z) => stateOf.get(z))).size).toBe(table.byState.size);
    const share = (p: (z: string) => boolean) => drawn.filter(p).length / drawn.length;
    const cross = new Set(table.crossState);
    expect(share((z) => z.startsWith('0'))).toBeGreaterThan(0.15);
    expect(share((z) => cross.has(z))).toBeGreaterThan(0.1);
  });

  it('draws one kind alone when asked', () => {
    const sample = (of: 'leadingZero' | 'crossState' | 'territory') =>
      fc.sample(zipCode({ of }), { numRuns: 300, seed: 1 });
    expect(sample('leadingZero').every((z) => z.startsWith('0'))).toBe(true);
    expect(sample('crossState').every((z) => table.crossState.includes(z))).toBe(true);
    const territories = new Set(sample('territory').map((z) => stateOf.get(z)));
    expect([...territories].sort()).toEqual(['AS', 'GU', 'MP', 'PR', 'VI']);
  });
});
