/**
 * A run beside the history of its target and run profile (`--history`): what is wrong now
 * (reports/monitor/conditions.ts) against what was open, as `new since last run`, `still
 * failing` (since when, how many runs in a row), `recovered` (judged again and not found) and
 * `not judged` (kept as they were), and which conditions alert: found in `--alert-after` runs in
 * a row, never on an unconfirmed failure alone. The engine keeps the record
 * (engine/monitor/history-store.ts) and tells each destination what it has not heard
 * (engine/monitor/deliver.ts).
 */
import type { RunProfile } from '../../harness/run-profiles.js';
import type { Condition, HistoryComparison, HistoryRecord, TrackedCondition } from '../types.js';

export const HISTORY_FORMAT: HistoryRecord['format'] = 'partner-conformance.history/2';

/** Runs a history record holds: `--alert-after` is at most this. */
export const HISTORY_DEPTH = 10;

/**
 * The one key of a monitored target: its profile's name and the run profile. The history's
 * file, PagerDuty's dedup keys and the metrics' labels are all made of it, so a target whose
 * base URL moved keeps its history and its open incidents.
 */
export function monitorKey(run: { target: { name: string }; runProfile: RunProfile }): string {
  return `${run.target.name}/${run.runProfile}`;
}

/** The run's conditions against the history's: each found one counted, each open one not found kept or recovered. */
export function compareHistory(
  previous: HistoryRecord | undefined,
  now: readonly Condition[],
  judged: (key: string) => boolean,
  alertAfter: number,
  baseUrl?: string,
): HistoryComparison {
  const before = new Map((previous?.conditions ?? []).map((c) => [c.key, c]));
  const tracked = now.map((c): TrackedCondition => {
    const open = before.get(c.key);
    const runs = Math.min(HISTORY_DEPTH, (open?.runs ?? 0) + 1);
    const confirmed = c.confirmed || open?.confirmed === true;
    const alerting = open?.alerting === true || (runs >= alertAfter && (confirmed || runs >= 2));
    return { ...c, ...(open ? { since: open.since, sinceRunId: open.sinceRunId } : {}), runs, confirmed, alerting };
  });
  const found = new Set(now.map((c) => c.key));
  const gone = [...before.values()].filter((c) => !found.has(c.key));
  const recovered = gone.filter((c) => judged(c.key));
  const last = previous?.runs.at(-1);
  const fresh = tracked.filter((c) => !before.has(c.key));
  const still = tracked.filter((c) => before.has(c.key));
  return {
    ...(last ? { previous: last } : {}),
    alertAfter,
    new: fresh,
    still,
    recovered,
    unjudged: gone.filter((c) => !judged(c.key)),
    changed:
      recovered.some((c) => c.alerting) || tracked.some((c) => c.alerting && before.get(c.key)?.alerting !== true),
    ...(previous && baseUrl !== undefined && previous.target.baseUrl !== baseUrl
      ? { moved: { from: previous.target.baseUrl } }
      : {}),
  };
}

/** `(alerting)`, `(1 of 2 runs before it alerts)`, `(unconfirmed: waits for another run)`. */
function alertNote(c: TrackedCondition, alertAfter: number): string {
  if (c.alerting) return ' (alerting)';
  if (c.runs < alertAfter) return ` (${c.runs} of ${alertAfter} runs before it alerts)`;
  return ' (unconfirmed: waits for another run)';
}

/** The lines every report shows of a comparison (console, step summary). */
export function historyLines(history: HistoryComparison): string[] {
  const before = history.previous
    ? `since the last run ${history.previous.runId} (${history.previous.finishedAt}, exit ${history.previous.exitCode})`
    : 'first run of this target and run profile in the history';
  const note = (c: TrackedCondition) => `${c.title} [${c.route}]${alertNote(c, history.alertAfter)}`;
  return [
    `History, ${before}: ${history.new.length} new since last run, ${history.still.length} still ` +
      `failing, ${history.recovered.length} recovered, ${history.unjudged.length} not judged by this run` +
      `${history.alertAfter > 1 ? `; alerts after ${history.alertAfter} runs in a row` : ''}`,
    ...(history.moved
      ? [`  the target moved from ${history.moved.from}: its history and open conditions carry over`]
      : []),
    ...history.new.map((c) => `  new since last run: ${note(c)}`),
    ...history.still.map((c) => `  still failing (since ${c.since}, ${c.runs} runs in a row): ${note(c)}`),
    ...history.recovered.map((c) => `  recovered: ${c.title} [${c.route}]`),
    ...history.unjudged.map((c) => `  not judged by this run, kept open: ${c.title} [${c.route}]`),
  ];
}
