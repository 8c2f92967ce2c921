/**
 * The scope of a run: what it covered (families, rule filter, shard, run profile, seed, runs)
 * and with what (tool, catalogue and spec versions). Every report shows it, and a run that
 * covered less than everything reads as partial, never as a plain PASSED.
 */
import { FAMILIES, type Family } from '../harness/model.js';
import type { RunProfile } from '../harness/run-profiles.js';
import type { RunInfo } from './run-info.js';

export interface RunScope {
  runProfile: RunProfile;
  families: Family[];
  /** `--rule` filter, when given. */
  rules?: string[];
  /** `--shard i/n`, when given. */
  shard?: string;
  seed: number;
  runs: number;
  strict: boolean;
  toolVersion: string;
  catalogueVersion: string;
  /** `sha256:<hex>` of the spec document the schema checks came from. */
  specDigest?: string;
  /** Every family, no rule filter, no shard: the whole of the run profile. */
  complete: boolean;
  /** Why the run is partial, in the words of its flags; empty when complete. */
  partial: string[];
}

export function scopeOf(info: RunInfo): RunScope {
  const partial = [
    ...(FAMILIES.some((f) => !info.families.includes(f))
      ? [`families ${info.families.join(', ') || 'none'} of ${FAMILIES.length}`]
      : []),
    ...(info.rules && info.rules.length > 0 ? [`rules ${info.rules.join(', ')}`] : []),
    ...(info.shard ? [`shard ${info.shard}`] : []),
  ];
  return {
    runProfile: info.runProfile,
    families: [...info.families],
    ...(info.rules && info.rules.length > 0 ? { rules: [...info.rules] } : {}),
    ...(info.shard ? { shard: info.shard } : {}),
    seed: info.seed,
    runs: info.runs,
    strict: info.strict,
    toolVersion: info.toolVersion ?? 'unknown',
    catalogueVersion: info.catalogueVersion ?? 'unknown',
    ...(info.spec.digest ? { specDigest: info.spec.digest } : {}),
    complete: partial.length === 0,
    partial,
  };
}

/**
 * `PASSED`; `PASSED (PARTIAL: rules PING-200)` for a run that covered less than everything;
 * `INCOMPLETE (interrupted) ...` for a run stopped by Ctrl-C before its end; `NOT TESTED, THE
 * TARGET IS UNUSABLE (E_...)` for one the preflight stopped.
 */
export function outcomeLabel(run: {
  outcome: string;
  scope: Pick<RunScope, 'partial'>;
  interrupted?: boolean;
  preflightStop?: { code: string };
}): string {
  const word =
    run.outcome === 'empty'
      ? 'NOTHING TESTED'
      : run.outcome === 'unusable'
        ? `NOT TESTED, THE TARGET IS UNUSABLE (${run.preflightStop?.code ?? 'preflight'})`
        : run.outcome.toUpperCase();
  const label = run.scope.partial.length === 0 ? word : `${word} (PARTIAL: ${run.scope.partial.join('; ')})`;
  return run.interrupted ? `INCOMPLETE (interrupted): ${label}` : label;
}

/** One line of the scope, for headers. */
export function scopeLine(scope: RunScope): string {
  return [
    `profile ${scope.runProfile}`,
    `families ${scope.families.join(', ')}`,
    `rules ${scope.rules?.join(', ') ?? 'all'}`,
    `shard ${scope.shard ?? 'none'}`,
    `seed ${scope.seed}`,
    `runs ${scope.runs}`,
    `tool ${scope.toolVersion}`,
    `catalogue ${scope.catalogueVersion}`,
    `spec ${scope.specDigest ?? 'digest unknown'}`,
  ].join(' · ');
}
