import fc from 'fast-check';

/**
 * The contract states no largest household (2.5 and 2.6 give `household_size` as an integer; the
 * provider document a minimum of 1). The default covers the federal poverty guideline's table
 * (8 people) and two more.
 */
export const DEFAULT_MAX_HOUSEHOLD = 10;

export interface HouseholdSizeOptions {
  /** Largest size drawn (default DEFAULT_MAX_HOUSEHOLD). */
  max?: number;
}

/**
 * `householdSize({ max = 10 })`: 1 to `max`, the two ends drawn as often as every size between
 * together. Shrinks towards 1.
 */
export function householdSize(options: HouseholdSizeOptions = {}): fc.Arbitrary<number> {
  const max = options.max ?? DEFAULT_MAX_HOUSEHOLD;
  return fc.oneof(fc.constantFrom(1, max), fc.integer({ min: 1, max }));
}
