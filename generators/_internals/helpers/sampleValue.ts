/** One value drawn with a fixed seed: deterministic bases for boundary and invalid requests. */
import fc from 'fast-check';

/** Seed of every deterministic draw (default 20_200_099, any fixed value would do). */
const SAMPLE_SEED = 20_200_099;

export function sampleValue<T>(arb: fc.Arbitrary<T>): T {
  return fc.sample(arb, { seed: SAMPLE_SEED, numRuns: 1 })[0];
}
