import fc from 'fast-check';
import { TERRITORIES } from '../_internals/data/territories.js';
import { zipTable } from '../_internals/data/zipTable.js';

/** Kinds of ZIP codes a target may mishandle as a class. */
type ZipCodeKind = 'any' | 'leadingZero' | 'crossState' | 'territory';

export interface ZipCodeOptions {
  /**
   * `any` (default): a state or territory first, every one alike, then one of its ZIP codes, or
   * (a third of the draws) a ZIP code of another kind; or only ZIP codes that begin with 0, that
   * cross a state line, or of a territory.
   */
  of?: ZipCodeKind;
}

/** An index into a list, not a chain: the value shrinks without its context. */
const pick = (list: readonly string[]) => fc.nat({ max: list.length - 1 }).map((i) => list[i]!);

/** A state first, every one alike, then one of its ZIP codes. */
function byState(byStateTable: ReadonlyMap<string, readonly string[]>, states: readonly string[]) {
  return fc.tuple(fc.nat({ max: states.length - 1 }), fc.nat()).map(([s, n]) => {
    const zips = byStateTable.get(states[s]!)!;
    return zips[n % zips.length]!;
  });
}

/**
 * `zipCode({ of = 'any' })`: a 5-digit ZIP code in use (the HUD USPS crosswalk and the Census
 * ZCTA table; see `_internals/data/zipTable.ts`), so a small state is met as often as
 * California, and ZIP codes beginning with 0 and crossing a state line often. Shrinks towards
 * the first ZIP code of the first state.
 */
export function zipCode(options: ZipCodeOptions = {}): fc.Arbitrary<string> {
  const table = zipTable();
  const states = [...table.byState.keys()];
  const kinds: Record<Exclude<ZipCodeKind, 'any'>, fc.Arbitrary<string>> = {
    leadingZero: pick(table.leadingZero),
    crossState: pick(table.crossState),
    territory: byState(
      table.byState,
      states.filter((s) => TERRITORIES.has(s)),
    ),
  };
  const of = options.of ?? 'any';
  if (of !== 'any') return kinds[of];
  return fc.oneof(
    { weight: 4, arbitrary: byState(table.byState, states) },
    { weight: 1, arbitrary: kinds.leadingZero },
    { weight: 1, arbitrary: kinds.crossState },
  );
}
