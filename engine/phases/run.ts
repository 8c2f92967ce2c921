/**
 * The run phase: the suites run on a suite runner with the plan's RunConfig, the reports written
 * as they run. `runPlanned` is one run on a runner the caller keeps (the mutation campaign's
 * lanes, the variants matrix); `runChecks` is a CLI run's, on a runner of its own that a stop cancels.
 */
import type { KeyObject } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { startJournal } from '../../harness/client/journal.js';
import { type KeyRing, keyValues } from '../../harness/client/keys.js';
import type { Finding } from '../../harness/model.js';
import { HEARTBEAT_MS, standardWriters, type ReportWriter } from '../../reports/index.js';
import { catalogueOf } from '../../reports/run-info.js';
import type { RunStop } from '../../reports/vitest-reporter.js';
import { defectFindings } from '../defect-findings.js';
import type { RunIO } from '../io.js';
import { runConfigOf, runInfoOf, type RunTarget } from '../plan-outputs.js';
import type { RunPlan } from '../plan.js';
import type { armStop } from '../run-stop.js';
import type { Claimed } from './claim.js';
import { createSuiteRunner, type SuiteRunner } from '../suite-runner.js';
import { blockedByTransport, transportBlockExit } from '../transport-blocks.js';
import type { HistoryRecord, RunSummary } from '../../reports/types.js';

export interface ReportOptions {
  writers: ReportWriter[];
  /** Findings known before any test ran (the CLI: defects of the loaded document). */
  preFindings?: readonly Finding[];
  /** The journal already holds this run's first exchanges (the preflight's): it is not started anew. */
  journalStarted?: boolean;
  /** The run's keys, resolved once; default a ring over the target profile's keys. */
  keys?: KeyRing;
  /** The run's stop, set by whoever stops it (Ctrl-C, the deadline): its reports name the cause. */
  stop?: RunStop;
}

/** One run of `plan` against `target` on `runner`; resolves with its summary once the reports are written. */
export function runPlanned(
  runner: SuiteRunner,
  plan: RunPlan,
  target: RunTarget,
  report: ReportOptions,
  startedAt = new Date(),
): Promise<RunSummary> {
  if (!report.journalStarted) startJournal(plan.journal);
  const run = runner.run(runConfigOf(plan, target, startedAt), {
    info: runInfoOf(plan, target, startedAt),
    catalogue: catalogueOf(plan.catalogue),
    writers: report.writers,
    secrets: keyValues(target.profile, process.env, report.keys),
    preFindings: report.preFindings,
    classify: blockedByTransport,
    transportBlock: transportBlockExit,
    journal: plan.journal,
    ...(report.stop ? { stop: report.stop } : {}),
  });
  return plan.discardJournal ? run.finally(() => rm(plan.journal, { force: true })) : run;
}

/** Live progress on a terminal; a heartbeat line in logs. */
function progressOf(io: RunIO): { live?: boolean; heartbeatMs?: number } {
  const live = (io.out as { isTTY?: boolean }).isTTY === true;
  return live ? { live } : { heartbeatMs: HEARTBEAT_MS };
}

/** Inside GitHub Actions (GITHUB_ACTIONS=true): annotations, and the step summary where GitHub asks for it. */
function githubOf(env: NodeJS.ProcessEnv): { summaryPath?: string } | undefined {
  if (env.GITHUB_ACTIONS !== 'true') return undefined;
  return env.GITHUB_STEP_SUMMARY ? { summaryPath: env.GITHUB_STEP_SUMMARY } : {};
}

/** Every report format of a CLI run: console progress, the files, GitHub's annotations and step summary. */
export function writersOf(plan: RunPlan, io: RunIO, signingKey: KeyObject | undefined): ReportWriter[] {
  return standardWriters(plan.reportDir, io.out, {
    signingKey,
    github: githubOf(process.env),
    console: progressOf(io),
    ...(plan.monitor?.metricsTextfile ? { metricsTextfile: plan.monitor.metricsTextfile } : {}),
  });
}

export interface ChecksInput {
  plan: RunPlan;
  target: RunTarget;
  keys: KeyRing;
  armed: ReturnType<typeof armStop>;
  claimed: Claimed;
  io: RunIO;
  startedAt: Date;
}

/**
 * The checks of a CLI run on a runner of its own, which Ctrl-C and the deadline cancel from now on;
 * their summary, and the history's record before the run for the notifications after it.
 */
export async function runChecks(input: ChecksInput): Promise<{ summary: RunSummary; previous?: HistoryRecord }> {
  const { plan, armed, io } = input;
  const runner = await createSuiteRunner(plan.families, { shard: plan.shard });
  armed.running(runner);
  input.claimed.reported();
  try {
    const writers = writersOf(plan, io, input.claimed.signingKey);
    const report = { writers, preFindings: defectFindings(plan.contract), journalStarted: true, keys: input.keys };
    const summary = await runPlanned(runner, plan, input.target, { ...report, stop: armed.stop }, input.startedAt);
    const previous = input.target.history?.previous;
    return { summary, ...(previous ? { previous } : {}) };
  } finally {
    armed.disarm();
    await runner.close();
  }
}
