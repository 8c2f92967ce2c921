/** The generic JSON webhook: one POST per change, the whole change in the suite's own words. */
import { exitCodeSpec } from '../../../harness/exit-codes.js';
import { headline, type Change } from './change.js';

const NOTIFICATION_FORMAT = 'partner-conformance.notification/1';

export function jsonMessages(change: Change): unknown[] {
  const spec = exitCodeSpec(change.run.exitCode);
  return [
    {
      format: NOTIFICATION_FORMAT,
      summary: headline(change),
      runId: change.run.runId,
      finishedAt: change.run.finishedAt,
      target: change.run.target,
      runProfile: change.run.runProfile,
      outcome: change.run.outcome,
      exitCode: change.run.exitCode,
      ...(spec ? { exit: spec } : {}),
      new: change.new,
      recovered: change.recovered,
      reminders: change.reminders,
      still: change.still,
      ...(change.runUrl ? { runUrl: change.runUrl } : {}),
    },
  ];
}
