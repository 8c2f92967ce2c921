/** What a notification tells: a run's change of state, as one destination is to hear it. */
import { exitCodeSpec } from '../../../harness/exit-codes.js';
import type { Condition } from '../../../reports/monitor/history.js';
import type { RunSummary } from '../../../reports/summary.js';

export interface Change {
  run: Pick<RunSummary, 'runId' | 'finishedAt' | 'target' | 'runProfile' | 'outcome' | 'exitCode'>;
  /** Conditions this destination hears of: new since the last run, recovered, and still failing (for context). */
  new: Condition[];
  recovered: Condition[];
  still: Condition[];
  /** Where the run can be read (the CI run's page), when known. */
  runUrl?: string;
}

/** `production smoke: exit 4 (unreachable); 1 new, 0 recovered`: a notification's first line. */
export function headline(change: Change): string {
  const spec = exitCodeSpec(change.run.exitCode);
  return (
    `partner-conformance ${change.run.runProfile} of ${change.run.target.name}: ` +
    `exit ${change.run.exitCode}${spec ? ` (${spec.name})` : ''}; ${change.new.length} new since last ` +
    `run, ${change.recovered.length} recovered, ${change.still.length} still failing`
  );
}

/** The page of the GitHub Actions run that ran this, when inside one. */
export function runUrlOf(env: NodeJS.ProcessEnv): string | undefined {
  const { GITHUB_SERVER_URL, GITHUB_REPOSITORY, GITHUB_RUN_ID } = env;
  return GITHUB_SERVER_URL && GITHUB_REPOSITORY && GITHUB_RUN_ID
    ? `${GITHUB_SERVER_URL}/${GITHUB_REPOSITORY}/actions/runs/${GITHUB_RUN_ID}`
    : undefined;
}
