import fc from 'fast-check';
import { zipTable } from '../_internals/data/zipTable.js';

/**
 * `zipCode()`: a 5-digit ZIP code in use (the HUD USPS crosswalk and the Census ZCTA table; see
 * `_internals/data/zipTable.ts`). Most draws pick a state or territory first, every one alike,
 * then one of its ZIP codes, so a small state is met as often as California; the others are a
 * ZIP code that begins with 0 or one whose counties lie in two or more states. Shrinks towards
 * the first ZIP code of the first state.
 */
export function zipCode(): fc.Arbitrary<string> {
  const table = zipTable();
  const states = [...table.byState.keys()];
  // An index into a list, not a chain: the value shrinks without its context.
  const pick = (list: readonly string[]) => fc.nat({ max: list.length - 1 }).map((i) => list[i]!);
  const ofState = fc.tuple(fc.nat({ max: states.length - 1 }), fc.nat()).map(([s, n]) => {
    const zips = table.byState.get(states[s]!)!;
    return zips[n % zips.length]!;
  });
  return fc.oneof(
    { weight: 4, arbitrary: ofState },
    { weight: 1, arbitrary: pick(table.leadingZero) },
    { weight: 1, arbitrary: pick(table.crossState) },
  );
}
