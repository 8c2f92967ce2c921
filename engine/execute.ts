/**
 * A planned run carried out: the target started, the suites run through a suite runner with
 * the plan's RunConfig, and the reports written. `executeRun` is the CLI's whole run;
 * `runPlanned` is one run on a runner the caller keeps (the mutation campaign's lanes).
 */
import { rm } from 'node:fs/promises';
import { ConfigError, formatWarning, TargetUnusable } from '../harness/errors.js';
import type { Finding } from '../harness/model.js';
import { findConfigWarnings } from '../harness/config-warnings/find.js';
import { publicUrl } from '../harness/reproduce.js';
import { HEARTBEAT_MS, standardWriters, type ReportWriter } from '../reports/index.js';
import { catalogueOf } from '../reports/run-info.js';
import type { RunSummary } from '../reports/summary.js';
import { INCOMPLETE_EXIT } from '../harness/exit-codes.js';
import { incompleteLine } from '../reports/required.js';
import { writeUpdatedBaseline } from '../reports/baseline/update.js';
import { dayOf, type BaselineView } from '../reports/baseline/match.js';
import { defectFindings } from './defect-findings.js';
import { startJournal } from '../harness/client/journal.js';
import { KeyRing, keyValues } from '../harness/client/keys.js';
import { startTarget, type EmbeddedServerOptions, type StartedTarget } from './embedded.js';
import { preflight } from './preflight.js';
import { blockedByTransport, describeBlocks, transportBlockExit, transportBlocks } from './transport-blocks.js';
import type { WebhookInbox } from './webhook-inbox.js';
import { startWebhookReceiver } from './webhook-receiver.js';
import { SIGNING_KEY_ENV, signingKeyFromEnv } from './signing-key.js';
import { runProfile } from '../harness/run-profiles.js';
import type { RunIO } from './io.js';
import { runConfigOf, runInfoOf, type RunTarget } from './plan-outputs.js';
import type { RunPlan } from './plan.js';
import { claimReportDir, ensureWritableDir, linkLatest, releaseReportDir } from './report-dir.js';
import { retentionLine } from './report-retention.js';
import { createSuiteRunner, type SuiteRunner } from './suite-runner.js';
import { isRunDeadlinePassed } from '../harness/suite/run-deadline.js';
import { armStop } from './run-stop.js';
import { operationOfRequest, runDocuments } from '../harness/run-documents.js';
import { readOf } from '../harness/contract/load.js';
import type { RunStop } from '../reports/vitest-reporter.js';
import { checkRanSomething } from './selection.js';
import { deliverMonitoring, monitoringBefore } from './monitor/deliver.js';
import { readCertificates } from './monitor/tls-certificate.js';
import { recordPreflightStop } from './monitor/preflight-stop.js';

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
function writersOf(plan: RunPlan, io: RunIO, signingKey: ReturnType<typeof signingKeyFromEnv>): ReportWriter[] {
  return standardWriters(plan.reportDir, io.out, {
    signingKey,
    github: githubOf(process.env),
    console: progressOf(io),
    ...(plan.monitor?.metricsTextfile ? { metricsTextfile: plan.monitor.metricsTextfile } : {}),
  });
}

/** A run carried out: its exit code and the summary its reports were written from. */
export interface RunResult {
  exitCode: number;
  summary: RunSummary;
}

/**
 * `--update-baseline` after the run: the file written and said; the exit code of a write that
 * failed all the same (it was checked before the first request), told on stderr.
 */
function updateBaseline(baseline: BaselineView, summary: RunSummary, strict: boolean, io: RunIO): number | undefined {
  try {
    const spec = summary.spec.version !== undefined ? { version: summary.spec.version } : undefined;
    io.out.write(writeUpdatedBaseline(baseline, summary.findings, strict, spec));
    return undefined;
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    io.err.write(`${err.format()}\n`);
    return err.exitCode;
  }
}

/** `server`: options for the embedded reference server (benchmarks); ignored for a remote target. */
/** ` [embedded] with fault … with variants …` after the target of an embedded run. */
function embeddedNote(plan: RunPlan): string {
  if (!plan.embedded) return '';
  const fault = plan.fault ? ` with fault ${plan.fault}` : '';
  return ` [embedded]${fault}${plan.variants?.length ? ` with variants ${plan.variants.join(', ')}` : ''}`;
}

export async function executeRun(plan: RunPlan, io: RunIO, server: EmbeddedServerOptions = {}): Promise<RunResult> {
  const startedAt = new Date();
  await ensureWritableDir(plan.reportDir);
  const signingKey = runProfile(plan.runProfile).evidence ? signingKeyFromEnv() : undefined;
  await claimReportDir(plan.reportDir, plan.runId, startedAt);
  // Whether the folder holds this run's reports: a run that ended before writing any gives it back.
  let reported = false;
  let started: StartedTarget | undefined;
  let receiver: WebhookInbox | undefined;
  const armed = armStop(plan, io, startedAt);
  const { stop, deadlineAt } = armed;
  try {
    startJournal(plan.journal);
    started = await startTarget(plan, undefined, server);
    // The run's keys, resolved once: the preflight, the configuration warnings and the reports' scrubbing read them.
    const keys = new KeyRing(started.profile.keys, process.env);
    // The certificate chain of each https host of the profile, read beside the preflight (no request of its own).
    const certificates = plan.embedded ? undefined : readCertificates(started.profile);
    receiver =
      !plan.embedded && plan.webhookListen !== undefined ? await startWebhookReceiver(plan.webhookListen) : undefined;
    // The exchanges before the checks are named by their operations too (`GET /v1/ping`).
    const operationOf = operationOfRequest(await runDocuments(plan.contract.source, readOf(plan.contract)));
    let reached: StartedTarget;
    try {
      reached = plan.embedded
        ? started
        : {
            ...started,
            ...(receiver ? { webhookInboxUrl: receiver.url } : {}),
            preflight: await armed.untilStopped(
              preflight({
                profile: started.profile,
                runProfile: plan.runProfile,
                families: plan.families,
                runId: plan.runId,
                journal: plan.journal,
                keys,
                deadlineAt,
                operationOf,
              }),
            ),
          };
    } catch (err) {
      if (isRunDeadlinePassed(err)) {
        // Ctrl-C or the deadline ended the preflight: the target was not judged, the run stopped (every check not run).
        stop.reason ??= 'deadline';
        reached = { ...started, ...(receiver ? { webhookInboxUrl: receiver.url } : {}) };
      } else {
        if (!(err instanceof TargetUnusable)) throw err;
        // An outage leaves a record: the reports, metrics and history of a run that tested nothing.
        reported = true;
        const stoppedRun = await recordPreflightStop({
          plan,
          profile: started.profile,
          error: err,
          writers: writersOf(plan, io, signingKey),
          io,
          startedAt,
          ...(certificates ? { certificates } : {}),
          keys,
        });
        if (plan.defaultReportDir) await linkLatest(plan.reportDir);
        io.out.write(await retentionLine(plan.reportDir, plan.keep));
        return { exitCode: stoppedRun.exitCode, summary: stoppedRun };
      }
    }
    const { profile } = reached;
    io.out.write(
      `partner-conformance ${plan.runProfile} run ${plan.runId}: ${plan.families.join(', ')} ` +
        `against ${profile.name} (${publicUrl(profile.baseUrl)})${embeddedNote(plan)}, ` +
        `seed ${plan.seed}${plan.shard ? `, shard ${plan.shard}` : ''}\n`,
    );
    const delivered = profile.webhookReceiver?.publicUrl;
    if (receiver)
      io.out.write(
        `webhook receiver on ${receiver.url}` +
          `${delivered ? `, delivered to by the target at ${publicUrl(delivered)}` : ''}\n`,
      );
    // The embedded server's profile is its own: only its keys are compared, no fixture is looked up.
    const configWarnings = await armed
      .untilStopped(
        findConfigWarnings({
          profile,
          runId: plan.runId,
          runProfile: plan.runProfile,
          lookUpFixtures: !plan.embedded && stop.reason === undefined,
          journal: plan.journal,
          keys,
          deadlineAt,
          operationOf,
        }),
      )
      // Stopped during the fixture reads: the key warnings alone (found in process, no request).
      .catch(async (err: unknown) => {
        if (!isRunDeadlinePassed(err)) throw err;
        return findConfigWarnings({
          profile,
          runId: plan.runId,
          runProfile: plan.runProfile,
          lookUpFixtures: false,
          keys,
        });
      });
    for (const w of configWarnings) io.out.write(`${formatWarning(w)}\n`);
    const monitored = await monitoringBefore(plan.monitor, certificates, profile, plan.runProfile, io);
    const target = { ...reached, configWarnings, ...monitored };
    const runner = await createSuiteRunner(plan.families, { shard: plan.shard });
    armed.running(runner);
    let summary: RunSummary;
    reported = true;
    try {
      summary = await runPlanned(
        runner,
        plan,
        target,
        {
          writers: writersOf(plan, io, signingKey),
          preFindings: defectFindings(plan.contract),
          journalStarted: true,
          keys,
          stop,
        },
        startedAt,
      );
    } finally {
      armed.disarm();
      await runner.close();
    }
    // Checked writable before the first request; should it fail all the same, the run's verdict stands.
    const unwritten = plan.baseline?.update
      ? updateBaseline({ ...plan.baseline, today: dayOf(startedAt) }, summary, plan.strict, io)
      : undefined;
    const blocks = transportBlocks(summary.findings);
    if (blocks.length > 0) io.err.write(describeBlocks(blocks));
    const code = unwritten !== undefined && summary.exitCode === 0 ? unwritten : summary.exitCode;
    if (code === INCOMPLETE_EXIT) io.err.write(`${incompleteLine(summary)}\n`);
    await deliverMonitoring(plan.monitor, summary, io, monitored.history?.previous);
    if (runProfile(plan.runProfile).evidence && !signingKey)
      io.out.write(
        `The bundle (evidence.json, summary.json, report.html) is unsigned: set ${SIGNING_KEY_ENV} to an Ed25519 ` +
          'private key to sign it (docs/certification.md)\n',
      );
    if (plan.defaultReportDir) await linkLatest(plan.reportDir);
    io.out.write(await retentionLine(plan.reportDir, plan.keep));
    if (!summary.stopped) checkRanSomething(summary, plan);
    return { exitCode: code, summary };
  } finally {
    armed.disarm();
    await receiver?.close();
    await started?.close();
    // A run that ended before its checks began wrote no reports: the folder is free for the next.
    if (!reported) await releaseReportDir(plan.reportDir, plan.journal);
  }
}
