/**
 * One value of an arbitrary for a check that is not a property (`verify`): drawn from the run's
 * seed and the check's own label, so `--seed` replays it and two checks draw independently. A
 * check that sends what a property would send many times (a walk of pages, a replay) takes the
 * domain this way at no extra request.
 */
import fc from 'fast-check';
import type { CheckContext } from './context.js';

/** Draws of which one is taken: the first draws of fast-check lean to small values. */
const CANDIDATES = 16;

function hash(text: string): number {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ c.codePointAt(0)!, 16777619);
  return h >>> 0;
}

/** A value of `arbitrary` for this run's seed and `label` (unique within the check). */
export function draw<T>(t: CheckContext, arbitrary: fc.Arbitrary<T>, label: string): T {
  const seed = (hash(label) ^ (t.config.seed >>> 0)) >>> 0;
  const values = fc.sample(arbitrary, { seed, numRuns: CANDIDATES });
  return values[seed % CANDIDATES]!;
}
