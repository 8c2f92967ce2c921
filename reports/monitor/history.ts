/**
 * A run beside the last run of the same target and run profile (`--history`): what is wrong now
 * as a set of conditions (each failed rule the run does not accept; any exit code but 0 and 1,
 * with its cause), and what is `new since last run`, `still failing` (since when) and
 * `recovered`. The engine keeps the record (engine/monitor/history-store.ts) and notifies on a
 * change (engine/monitor/notify/).
 */
import { EXIT_CODES, exitCodeSpec, type ExitRoute } from '../../harness/exit-codes.js';
import type { RunProfile } from '../../harness/run-profiles.js';
import type { RuleOutcome } from '../summary.js';
import { overBudgetLine, type LatencyJudgement } from './latency.js';

export const HISTORY_FORMAT = 'partner-conformance.history/1';

/** Something wrong with the target in a run, keyed so that the next run can tell whether it is the same. */
export interface Condition {
  /** `rule:ISSUERS-ORDER`, `exit:4`: one PagerDuty dedup key each. */
  key: string;
  /** Whose it is to act (the exit code's route; a failed rule is the contract's). */
  route: ExitRoute;
  /** One line an on-call reads. */
  title: string;
  /** When the first run that had it finished (ISO 8601), and which run that was. */
  since: string;
  sinceRunId: string;
}

/** The record of one run kept for the next: what it found wrong. */
export interface HistoryRecord {
  format: typeof HISTORY_FORMAT;
  target: { name: string; baseUrl: string };
  runProfile: RunProfile;
  runId: string;
  finishedAt: string;
  exitCode: number;
  outcome: string;
  conditions: Condition[];
}

export interface HistoryComparison {
  /** The run compared with; absent for the first run of this target and run profile. */
  previous?: Pick<HistoryRecord, 'runId' | 'finishedAt' | 'exitCode' | 'outcome'>;
  /** Wrong now, not in the last run. */
  new: Condition[];
  /** Wrong now and in the last run (`since` the first run that had it). */
  still: Condition[];
  /** Wrong in the last run, not now. */
  recovered: Condition[];
  /** Something is new or recovered: the change notifications are sent on. */
  changed: boolean;
}

/** What a run's summary holds that makes its conditions. */
export interface RunState {
  runId: string;
  finishedAt: string;
  exitCode: number;
  ruleVerdicts: Record<string, RuleOutcome>;
  /** Failed rules the run accepts (known in its baseline, or excluded): not conditions. */
  acceptedRules?: readonly string[];
  /** Codes of the causes that blocked checks or stopped the run (`E_TARGET_NOT_LISTENING`). */
  causes: string[];
  latency?: LatencyJudgement;
}

/**
 * Exit codes that are not a condition: passed, a rule failed (its rules are the conditions), interrupted (no verdict).
 */
const NOT_A_CONDITION = new Set([0, 1, 130]);

/** What is wrong in a run, each condition new as of this run. */
export function conditionsOf(state: RunState): Condition[] {
  const since = { since: state.finishedAt, sinceRunId: state.runId };
  const accepted = new Set(state.acceptedRules ?? []);
  const rules = Object.entries(state.ruleVerdicts)
    .filter(([id, outcome]) => outcome.verdict === 'failed' && !accepted.has(id))
    .map(([id, outcome]) => ({
      key: `rule:${id}`,
      route: EXIT_CODES[1].route,
      title:
        `${id}${outcome.section ? ` §${outcome.section}` : ''} ` +
        `failed${outcome.statement ? `: ${outcome.statement}` : ''}`,
      ...since,
    }));
  const spec = exitCodeSpec(state.exitCode);
  if (NOT_A_CONDITION.has(state.exitCode) || !spec) return rules;
  const detail = [...state.causes, ...(state.latency?.over.map(overBudgetLine) ?? [])].join('; ');
  return [
    {
      key: `exit:${state.exitCode}`,
      route: spec.route,
      title: `exit ${state.exitCode} (${spec.name})${detail ? `: ${detail}` : ''}`,
      ...since,
    },
    ...rules,
  ];
}

/** This run's conditions beside the last run's; a condition still present keeps the `since` of its first run. */
export function compareHistory(previous: HistoryRecord | undefined, now: readonly Condition[]): HistoryComparison {
  const before = new Map((previous?.conditions ?? []).map((c) => [c.key, c]));
  const current = new Set(now.map((c) => c.key));
  const still = now
    .filter((c) => before.has(c.key))
    .map((c) => ({ ...c, since: before.get(c.key)!.since, sinceRunId: before.get(c.key)!.sinceRunId }));
  const fresh = now.filter((c) => !before.has(c.key));
  const recovered = [...before.values()].filter((c) => !current.has(c.key));
  return {
    ...(previous
      ? {
          previous: {
            runId: previous.runId,
            finishedAt: previous.finishedAt,
            exitCode: previous.exitCode,
            outcome: previous.outcome,
          },
        }
      : {}),
    new: fresh,
    still,
    recovered,
    changed: fresh.length > 0 || recovered.length > 0,
  };
}

/** The lines every report shows of a comparison (console, step summary). */
export function historyLines(history: HistoryComparison): string[] {
  const before = history.previous
    ? `since the last run ${history.previous.runId} (${history.previous.finishedAt}, exit ${history.previous.exitCode})`
    : 'first run of this target and run profile in the history';
  return [
    `History, ${before}: ${history.new.length} new since last run, ${history.still.length} still ` +
      `failing, ${history.recovered.length} recovered`,
    ...history.new.map((c) => `  new since last run: ${c.title} [${c.route}]`),
    ...history.still.map((c) => `  still failing (since ${c.since}): ${c.title} [${c.route}]`),
    ...history.recovered.map((c) => `  recovered: ${c.title} [${c.route}]`),
  ];
}
