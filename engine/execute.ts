/**
 * A planned run carried out, as its phases: the report folder claimed, the target started, the
 * preflight (or, when it finds the target unusable, the record of its stop), the checks run with
 * their reports, and the steps after them. Each phase is a file of `phases/`.
 */
import type { EmbeddedServerOptions } from './embedded.js';
import type { RunIO } from './io.js';
import type { RunPlan } from './plan.js';
import { stepsAfter } from './phases/after.js';
import { claim } from './phases/claim.js';
import { checkTarget, recordStop } from './phases/preflight.js';
import { runChecks } from './phases/run.js';
import { type Started, start } from './phases/start.js';
import { armStop } from './run-stop.js';
import type { RunSummary } from '../reports/types.js';

/** A run carried out: its exit code and the summary its reports were written from. */
export interface RunResult {
  exitCode: number;
  summary: RunSummary;
}

/** `server`: options for the embedded reference server (benchmarks); ignored for a remote target. */
export async function executeRun(plan: RunPlan, io: RunIO, server: EmbeddedServerOptions = {}): Promise<RunResult> {
  const startedAt = new Date();
  const claimed = await claim(plan, startedAt);
  const armed = armStop(plan, io, startedAt);
  let started: Started | undefined;
  try {
    started = await start(plan, server);
    const checked = await checkTarget(plan, started, armed, io);
    const ran =
      'stopped' in checked
        ? await recordStop({ plan, started, error: checked.stopped, claimed, io, startedAt })
        : await runChecks({ plan, target: checked.target, keys: started.keys, armed, claimed, io, startedAt });
    const { signingKey } = claimed;
    const exitCode = await stepsAfter(
      { plan, io, startedAt, ...(signingKey ? { signingKey } : {}), ...ran },
      'stopped' in checked,
    );
    return { exitCode, summary: ran.summary };
  } finally {
    armed.disarm();
    await started?.close();
    // A run that ended before its checks began wrote no reports: the folder is free for the next.
    await claimed.release();
  }
}
