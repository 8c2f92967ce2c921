/**
 * A property check's failure: the error of its minimal failing run, with the run's exchanges
 * and what replays it (seed, counterexample). The finding shows that run only, not every run.
 */
import type { Exchange } from '../model.js';

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
  ) {
    super(`property failed after ${numRuns} run(s) (seed ${seed}) on ${counterexample}`);
    this.name = 'PropertyCounterexample';
  }
}

export function isPropertyCounterexample(e: unknown): e is PropertyCounterexample {
  return e instanceof PropertyCounterexample;
}
