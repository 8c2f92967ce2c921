import { describe, expect, it } from 'vitest';
import { countiesForZip, countyByFips, geographyStats, statesOfZip, statesWithCounties } from './counties.js';

const fipsOf = (zip: string) => (countiesForZip(zip) ?? []).map((c) => `${c.fips_code} ${c.name} ${c.state}`);

describe('ZIP codes and their counties (npm data packages)', () => {
  it.each([
    ['40202', ['21111 Jefferson County KY']],
    ['30301', ['13121 Fulton County GA']],
    ['10001', ['36061 New York County NY']],
    ['80202', ['08031 Denver County CO']],
    ['33130', ['12086 Miami-Dade County FL']],
    ['85001', ['04013 Maricopa County AZ']],
  ])('%s lies in %j', (zip, counties) => {
    expect(fipsOf(zip)).toEqual(counties);
  });

  it('keeps a ZIP code crossing a state line in both states: 42223 in Christian KY and Montgomery TN', () => {
    expect(fipsOf('42223').sort()).toEqual(['21047 Christian County KY', '47125 Montgomery County TN']);
    expect(statesOfZip('42223')).toEqual(['KY', 'TN']);
  });

  it('has no county for the well-formed 99999', () => {
    expect(countiesForZip('99999')).toBeUndefined();
    expect(statesOfZip('99999')).toEqual([]);
  });

  it('covers the country: ZIP codes, ZIP-county pairs, ZIP codes crossing county and state lines', () => {
    const s = geographyStats();
    expect(s.zips).toBeGreaterThan(39_000);
    expect(s.pairs).toBeGreaterThan(50_000);
    expect(s.multiCounty).toBeGreaterThan(10_000);
    expect(s.multiState).toBeGreaterThan(100);
    expect(s.counties).toBeGreaterThan(3_200);
    expect(statesWithCounties().size).toBeGreaterThanOrEqual(51);
  });

  it('gives every county a 5-digit FIPS code, a name and the one state of its FIPS prefix', () => {
    const stateOfPrefix = new Map<string, Set<string>>();
    for (const zip of ['40202', '42223', '57717', '06103', '96813', '99501', '00601']) {
      for (const c of countiesForZip(zip) ?? []) {
        expect(c.fips_code).toMatch(/^\d{5}$/);
        expect(c.name.length).toBeGreaterThan(0);
        expect(countyByFips(c.fips_code)).toBe(c);
        const states = stateOfPrefix.get(c.fips_code.slice(0, 2)) ?? new Set();
        stateOfPrefix.set(c.fips_code.slice(0, 2), states.add(c.state));
      }
    }
    for (const [prefix, states] of stateOfPrefix) expect(states.size, prefix).toBe(1);
  });
});
