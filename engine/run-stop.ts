/**
 * A CLI run's stop, armed from its start: Ctrl-C, and its overall deadline, which bounds the
 * preflight and the fixture reads as it bounds the checks. Whichever comes first is the cause
 * every report names (`ReportRun.stop`); the suite runner, once there is one, is cancelled, and
 * what waits on the target before the checks stops waiting.
 */
import { INTERRUPTED_EXIT } from '../harness/exit-codes.js';
import { RunDeadlinePassed } from '../harness/suite/run-deadline.js';
import type { RunStop } from '../reports/vitest-reporter.js';
import type { RunIO } from './io.js';
import { runTimeoutOf } from './plan-outputs.js';
import type { RunPlan } from './plan.js';
import type { SuiteRunner } from './suite-runner.js';

export function armStop(plan: RunPlan, io: RunIO, startedAt: Date) {
  const stop: RunStop = {};
  let runner: SuiteRunner | undefined;
  let stopped: () => void = () => {};
  // Settles (rejects) when the run is stopped: what waits on the target before the checks stops waiting.
  const stopping = new Promise<never>((_, reject) => {
    stopped = () => reject(new RunDeadlinePassed());
  });
  stopping.catch(() => {});
  const timeoutMs = runTimeoutOf(plan);
  let interrupts = 0;
  // Ctrl-C: the run stops, every check it had not finished is `not run`, and the reports say so;
  // a second Ctrl-C stops at once.
  const onInterrupt = () => {
    interrupts += 1;
    if (interrupts > 1) process.exit(INTERRUPTED_EXIT);
    io.err.write(
      'interrupted: stopping the run; the checks it has not finished are reported not run ' +
        '(Ctrl-C again to stop at once)\n',
    );
    stop.reason ??= 'interrupted';
    stopped();
    void runner?.cancel?.();
  };
  const deadline = setTimeout(
    () => {
      if (stop.reason !== undefined) return;
      io.err.write(
        `deadline: the run has reached its overall deadline (${Math.round(timeoutMs / 1000)} s: ` +
          `runTimeoutMs of the target profile, else of the run profile), stopping it and writing a partial report\n`,
      );
      stop.reason = 'deadline';
      stopped();
      void runner?.cancel?.();
    },
    Math.max(0, startedAt.getTime() + timeoutMs - Date.now()),
  );
  process.on('SIGINT', onInterrupt);
  return {
    stop,
    deadlineAt: startedAt.getTime() + timeoutMs,
    /** The runner a stop cancels from now on. */
    running: (r: SuiteRunner) => {
      runner = r;
    },
    /** `work`, unless the run is stopped first (Ctrl-C, the deadline): then RunDeadlinePassed at once. */
    untilStopped: <T>(work: Promise<T>): Promise<T> => Promise.race([work, stopping]),
    disarm: () => {
      clearTimeout(deadline);
      process.off('SIGINT', onInterrupt);
    },
  };
}
