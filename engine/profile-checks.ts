/**
 * The target profile held to the run it is for, before any request: values the schema lets
 * through but the run could not take as written. A latency budget for an operation the run's
 * documents do not have would never be judged; a confirmation value the run would change on
 * its own (harness/budgets.ts decides what it takes) would be changed silently. Each is a
 * ConfigError (exit 2) naming the value and what the run takes.
 */
import { confirmBudgetOf } from '../harness/budgets.js';
import type { Contract } from '../harness/contract/types.js';
import { ConfigError } from '../harness/errors.js';
import { didYouMean } from '../harness/profile-names.js';
import type { TargetProfile } from '../harness/run-config.js';
import { runProfile as runProfileSpec, type RunProfile } from '../harness/run-profiles.js';

/** `latency.operations` names operations of the run's documents only. */
function checkLatencyOperations(profile: TargetProfile, documents: readonly Pick<Contract, 'operations'>[]): void {
  const known = new Set(documents.flatMap((d) => d.operations.map((op) => `${op.method.toUpperCase()} ${op.path}`)));
  const unknown = Object.keys(profile.latency?.operations ?? {}).filter((name) => !known.has(name));
  if (unknown.length === 0) return;
  const named = unknown.map((name) => {
    const near = didYouMean(name, [...known]);
    return `"${name}"${near ? ` (did you mean "${near}"?)` : ''}`;
  });
  throw new ConfigError(
    'E_PROFILE_OPERATION_UNKNOWN',
    `target profile ${profile.name}: /latency/operations names ${named.join(', ')}, which the run's documents do ` +
      'not have: its budget would never be judged',
  );
}

/** Each `confirm` value the run takes as given: one it would lower (or raise) is refused, never changed silently. */
function checkConfirm(profile: TargetProfile, runProfile: RunProfile): void {
  const asked = profile.confirm;
  // A run profile that confirms nothing reads no `confirm`: the profile's is for its other runs (smoke).
  if (!asked || !runProfileSpec(runProfile).confirm) return;
  const taken = confirmBudgetOf(runProfile, profile) ?? { requests: 0, pauseMs: asked.pauseMs };
  const changed = (['requests', 'pauseMs'] as const).filter(
    (k) => asked[k] !== undefined && !(k === 'pauseMs' && taken.requests === 0) && asked[k] !== taken[k],
  );
  if (changed.length === 0) return;
  throw new ConfigError(
    'E_PROFILE_VALUE_RANGE',
    `target profile ${profile.name}: ${changed.map((k) => `/confirm/${k} ${asked[k]}`).join(', ')} is not what a ` +
      `${runProfile} run would take (it would take ${changed.map((k) => `${k} ${taken[k]}`).join(', ')})`,
  );
}

/** Throws the first value of `profile` a `runProfile` run over `documents` could not take as written. */
export function checkProfileForRun(
  profile: TargetProfile,
  runProfile: RunProfile,
  documents: readonly Pick<Contract, 'operations'>[],
): void {
  checkLatencyOperations(profile, documents);
  checkConfirm(profile, runProfile);
}
