/**
 * The target profile held to the run it is for, before any request: values the schema lets
 * through but the run could not take as written. A latency budget for an operation the run's
 * documents do not have would never be judged. Each is a ConfigError (exit 2) naming the value.
 * (`confirm` is held to the run by harness/budgets.ts, E_CONFIRM_INVALID.)
 */
import type { Contract } from '../harness/contract/types.js';
import { ConfigError } from '../harness/errors.js';
import { didYouMean } from '../harness/profile-names.js';
import type { TargetProfile } from '../harness/run-config.js';

/** `latency.operations` names operations of the run's documents only (E_PROFILE_OPERATION_UNKNOWN). */
export function checkLatencyOperations(
  profile: TargetProfile,
  documents: readonly Pick<Contract, 'operations'>[],
): void {
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
