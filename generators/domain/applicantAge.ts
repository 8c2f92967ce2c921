import fc from 'fast-check';

/**
 * Ages where rules about people change: a newborn, the end of childhood (18), of a dependent's
 * cover on a parent's plan (26) and of the individual market's age rating (21, 64), Medicare (65),
 * and the centenarian; each with its neighbour below.
 */
export const AGE_EDGES = [0, 1, 17, 18, 20, 21, 25, 26, 63, 64, 65, 99, 100] as const;

export interface ApplicantAgeOptions {
  /** Youngest (default 0). */
  min?: number;
  /** Oldest (default 120). */
  max?: number;
}

/**
 * `applicantAge({ min = 0, max = 120 })`: an age in whole years, half the draws on AGE_EDGES
 * (and the bounds) within the range, half anywhere in it. Shrinks towards `min`.
 */
export function applicantAge(options: ApplicantAgeOptions = {}): fc.Arbitrary<number> {
  const min = options.min ?? 0;
  const max = options.max ?? 120;
  const edges = [...new Set([min, ...AGE_EDGES, max])].filter((a) => a >= min && a <= max).sort((a, b) => a - b);
  return fc.oneof(fc.constantFrom(...edges), fc.integer({ min, max }));
}
