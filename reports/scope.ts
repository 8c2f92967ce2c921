/**
 * The scope of a run: what it covered (families, rule filter, shard, run profile, seed, runs)
 * and with what (tool, catalogue and spec versions). Every report shows it, and a run that
 * covered less than everything reads as partial, never as a plain PASSED.
 */
import { FAMILIES, type StopReason } from '../harness/model.js';
import { publicSource } from '../harness/reproduce.js';
import type { MissingRule, RunInfo, RunScope } from './types.js';

/** What the run left undone, beside its selection. */
export interface RunGaps {
  missing?: readonly MissingRule[];
  stopped?: StopReason;
}

export function scopeOf(info: RunInfo, gaps: RunGaps = {}): RunScope {
  const missing = gaps.missing?.length ?? 0;
  const partial = [
    ...(FAMILIES.some((f) => !info.families.includes(f))
      ? [`families ${info.families.join(', ') || 'none'} of ${FAMILIES.length}`]
      : []),
    ...(info.rules && info.rules.length > 0 ? [`rules ${info.rules.join(', ')}`] : []),
    ...(info.shard ? [`shard ${info.shard}`] : []),
    ...(info.excludedFamilies?.length ? [`excluded families ${info.excludedFamilies.join(', ')}`] : []),
    ...(info.excludedRules?.length ? [`excluded rules ${info.excludedRules.join(', ')}`] : []),
    ...(gaps.stopped ? [`stopped: ${gaps.stopped}`] : []),
    // A run the preflight stopped tested nothing: that, not each rule it left, is its gap.
    ...(info.preflightStop
      ? [`not tested: the preflight stopped the run (${info.preflightStop.code})`]
      : missing > 0
        ? [`${missing} required rule${missing === 1 ? '' : 's'} not proven`]
        : []),
  ];
  return {
    runProfile: info.runProfile,
    families: [...info.families],
    ...(info.rules && info.rules.length > 0 ? { rules: [...info.rules] } : {}),
    ...(info.shard ? { shard: info.shard } : {}),
    ...(info.excludedRules?.length ? { excludedRules: [...info.excludedRules] } : {}),
    ...(info.excludedFamilies?.length ? { excludedFamilies: [...info.excludedFamilies] } : {}),
    ...(info.baseline ? { baseline: publicSource(info.baseline.file) } : {}),
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
 * `INCOMPLETE (3 required rules not proven)` for one that left a required rule unproven;
 * `INCOMPLETE (interrupted): ...` for a run stopped before its end (Ctrl-C, its deadline);
 * `NOT TESTED, THE TARGET IS UNUSABLE (E_...)` for one the preflight stopped.
 */
export function outcomeLabel(run: {
  outcome: string;
  scope: Pick<RunScope, 'partial'>;
  interrupted?: boolean;
  stopped?: { reason: StopReason };
  counts?: { 'not run'?: number };
  preflightStop?: { code: string };
}): string {
  const stop = run.stopped?.reason ?? (run.interrupted ? 'interrupted' : undefined);
  const notRun = run.counts?.['not run'] ?? 0;
  const reasons = [
    ...(stop && notRun > 0 ? [`${notRun} check${notRun === 1 ? '' : 's'} not run`] : []),
    // The stop is said in front, a preflight stop by the outcome's own word.
    ...run.scope.partial.filter((p) => !p.startsWith('stopped: ') && !p.startsWith('not tested: ')),
  ];
  if (stop && run.outcome === 'incomplete') return `INCOMPLETE (${stop}): ${reasons.join('; ')}`;
  const word =
    run.outcome === 'empty'
      ? 'NOTHING TESTED'
      : run.outcome === 'unusable'
        ? `NOT TESTED, THE TARGET IS UNUSABLE (${run.preflightStop?.code ?? 'preflight'})`
        : run.outcome.toUpperCase();
  const label =
    reasons.length === 0
      ? word
      : run.outcome === 'incomplete'
        ? `${word} (${reasons.join('; ')})`
        : `${word} (PARTIAL: ${reasons.join('; ')})`;
  return stop ? `INCOMPLETE (${stop}): ${label}` : label;
}

/** One line of the scope, for headers. */
export function scopeLine(scope: RunScope): string {
  return [
    `profile ${scope.runProfile}`,
    `families ${scope.families.join(', ')}`,
    `rules ${scope.rules?.join(', ') ?? 'all'}`,
    `shard ${scope.shard ?? 'none'}`,
    ...(scope.excludedFamilies ? [`excluded families ${scope.excludedFamilies.join(', ')}`] : []),
    ...(scope.excludedRules ? [`excluded rules ${scope.excludedRules.join(', ')}`] : []),
    ...(scope.baseline ? [`baseline ${scope.baseline}`] : []),
    `seed ${scope.seed}`,
    `runs ${scope.runs}`,
    `tool ${scope.toolVersion}`,
    `catalogue ${scope.catalogueVersion}`,
    `spec ${scope.specDigest ?? 'digest unknown'}`,
  ].join(' · ');
}
