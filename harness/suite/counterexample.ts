/**
 * A property check's failure: the error of its minimal failing run, with the run's exchanges
 * and what replays it (seed and path, counterexample). The finding shows that run only, not
 * every run; a sequence property's run also reads as numbered steps.
 */
import type { Exchange } from '../model.js';

/**
 * The minimal failing input run once more: `reproduced` (it failed again), `flaky` (it passed:
 * the outcome turns on timing; the check still fails), `not replayed` (no time was left).
 */
export type Replay = 'reproduced' | 'flaky' | 'not replayed';

export class PropertyCounterexample extends Error {
  readonly code = 'E_PROPERTY_FAILED' as const;
  constructor(
    /** What the minimal failing run threw (usually a RuleViolation). */
    readonly failure: unknown,
    readonly exchanges: readonly Exchange[],
    readonly seed: number,
    /** JSON of the shrunk input. */
    readonly counterexample: string,
    readonly numRuns: number,
    /** fast-check's path to the shrunk input: with the seed, replays it at once (`--path`). */
    readonly path = '',
    /** The minimal run as numbered steps with their exchanges (a sequence property), else empty. */
    readonly steps = '',
    /** What running the minimal input once more gave. */
    readonly replay: Replay = 'not replayed',
  ) {
    super(`property failed after ${numRuns} run(s) (seed ${seed}) on ${counterexample}`);
    this.name = 'PropertyCounterexample';
  }
}

export function isPropertyCounterexample(e: unknown): e is PropertyCounterexample {
  return e instanceof PropertyCounterexample;
}
