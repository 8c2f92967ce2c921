/** What a notification tells: a run's change of state, as one destination is to hear it. */
import { exitCodeSpec } from '../../../harness/exit-codes.js';
import type { Condition, RunSummary } from '../../../reports/types.js';

export interface Change {
  run: Pick<RunSummary, 'runId' | 'finishedAt' | 'target' | 'runProfile' | 'outcome' | 'exitCode'>;
  /**
   * What this destination hears: `new`, each alerting condition it was not told of; `recovered`,
   * each it was told of that no longer alerts (the run judged it and found it gone); `reminders`,
   * each it was told of longer than the reminder interval ago, still alerting; `still`, the rest
   * it was told of that still alert (for context).
   */
  new: Condition[];
  recovered: Array<Pick<Condition, 'key' | 'title' | 'route'>>;
  reminders: Condition[];
  still: Condition[];
  /** Where the run can be read (the CI run's page), when known. */
  runUrl?: string;
}

/** `production smoke: exit 4 (unreachable); 1 new, 0 recovered`: a notification's first line. */
export function headline(change: Change): string {
  const spec = exitCodeSpec(change.run.exitCode);
  return (
    `partner-conformance ${change.run.runProfile} of ${change.run.target.name}: ` +
    `exit ${change.run.exitCode}${spec ? ` (${spec.name})` : ''}; ${change.new.length} new, ` +
    `${change.recovered.length} recovered, ${change.reminders.length + change.still.length} still failing`
  );
}

/** The page of the GitHub Actions run that ran this, when inside one. */
export function runUrlOf(env: NodeJS.ProcessEnv): string | undefined {
  const { GITHUB_SERVER_URL, GITHUB_REPOSITORY, GITHUB_RUN_ID } = env;
  return GITHUB_SERVER_URL && GITHUB_REPOSITORY && GITHUB_RUN_ID
    ? `${GITHUB_SERVER_URL}/${GITHUB_REPOSITORY}/actions/runs/${GITHUB_RUN_ID}`
    : undefined;
}
