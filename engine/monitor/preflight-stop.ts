/**
 * A run the preflight stopped (the target unreachable, our key refused, ...) still leaves its
 * record: summary.json, metrics.prom, the console and step summary with the cause and its fix,
 * and the history read for the notifications after it, through the same reporter and writers as
 * any run, with no finding. Its exit code is the cause's.
 */
import type { TargetUnusable } from '../../harness/errors.js';
import { type KeyRing, keyValues } from '../../harness/client/keys.js';
import type { TargetProfile } from '../../harness/run-config.js';
import { catalogueOf } from '../../reports/run-info.js';
import { ConformanceReporter } from '../../reports/vitest-reporter.js';
import type { ReportWriter } from '../../reports/writer.js';
import type { RunIO } from '../io.js';
import { runInfoOf } from '../plan-outputs.js';
import type { RunPlan } from '../plan.js';
import { PreflightUnusable } from '../preflight.js';
import { monitoringBefore } from './deliver.js';
import type { TlsCertificate } from '../../reports/monitor/tls.js';
import type { HistoryRecord, RunSummary } from '../../reports/types.js';

export interface PreflightStopInput {
  plan: RunPlan;
  profile: TargetProfile;
  error: TargetUnusable;
  writers: ReportWriter[];
  io: RunIO;
  startedAt: Date;
  /** The certificate chains of the profile's https hosts, being read. */
  certificates?: Promise<TlsCertificate[]>;
  /** The run's keys, resolved once; default a ring over the profile's keys. */
  keys?: KeyRing;
}

/** Writes the reports of a run the preflight stopped; resolves with its summary and the history before it. */
export async function recordPreflightStop(
  input: PreflightStopInput,
): Promise<{ summary: RunSummary; previous?: HistoryRecord }> {
  const { plan, profile, error, io } = input;
  // The cause first, as a setup error is told: the line an on-call greps for.
  io.err.write(`${error.format()}\n`);
  const monitored = await monitoringBefore(plan.monitor, input.certificates, profile, plan.runProfile, io);
  const info = {
    ...runInfoOf(plan, { profile, ...monitored }, input.startedAt),
    preflightStop: {
      code: error.code,
      exitCode: error.exitCode,
      message: error.message,
      fix: error.hint,
      ...(error instanceof PreflightUnusable ? { attempts: error.attempts, confirmed: error.confirmed } : {}),
    },
  };
  const reporter = new ConformanceReporter(() => ({
    info,
    catalogue: catalogueOf(plan.catalogue),
    writers: input.writers,
    secrets: keyValues(profile, process.env, input.keys),
    // The pings it sent are in the journal: the summary counts them, the HAR and evidence list them.
    journal: plan.journal,
  }));
  reporter.onTestRunStart([]);
  await reporter.onTestRunEnd([], []);
  if (reporter.writeErrors.length > 0) throw reporter.writeErrors[0];
  const previous = monitored.history?.previous;
  return { summary: reporter.lastSummary!, ...(previous ? { previous } : {}) };
}
