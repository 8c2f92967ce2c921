/** How many runs a property check gets: the run's `--runs`, narrowed by the property's own options. */
import type { RunConfig } from '../run-config.js';
import { runProfile } from '../run-profiles.js';

export interface PropertyRunsOptions {
  /** At most this many runs, whatever `--runs` says. */
  maxRuns?: number;
  /** A sequence property: this share of the run profile's `sequenceRuns` (at least one run). */
  sequenceShare?: number;
}

/**
 * Runs of a property under `config`: `--runs`, capped by `maxRuns` and, for a sequence property, its share of
 * `sequenceRuns`.
 */
export function propertyRuns(config: Pick<RunConfig, 'runs' | 'runProfile'>, opts: PropertyRunsOptions): number {
  const sequence =
    opts.sequenceShare === undefined
      ? Number.POSITIVE_INFINITY
      : Math.ceil((runProfile(config.runProfile).sequenceRuns ?? config.runs) * opts.sequenceShare);
  return Math.max(1, Math.min(config.runs, opts.maxRuns ?? Number.POSITIVE_INFINITY, sequence));
}
