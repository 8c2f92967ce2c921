/**
 * The after phase: what a run does once its reports are written, one ordered list of steps. Each
 * step reads what the run left (`Ran`) and may leave another exit code; a step marked `afterStop`
 * runs after a preflight stop's record too.
 */
import type { KeyObject } from 'node:crypto';
import { copyFile, mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { ConfigError } from '../../harness/errors.js';
import { INCOMPLETE_EXIT } from '../../harness/exit-codes.js';
import { runProfile } from '../../harness/run-profiles.js';
import { dayOf } from '../../reports/baseline/match.js';
import { writeUpdatedBaseline } from '../../reports/baseline/update.js';
import { incompleteLine } from '../../reports/required.js';
import type { RunIO } from '../io.js';
import { deliverMonitoring } from '../monitor/deliver.js';
import type { RunPlan } from '../plan.js';
import { linkLatest } from '../report-dir.js';
import { retentionLine } from '../report-retention.js';
import { checkRanSomething } from '../selection.js';
import { SIGNING_KEY_ENV } from '../signing-key.js';
import { describeBlocks, transportBlocks } from '../transport-blocks.js';
import type { HistoryRecord, RunSummary } from '../../reports/types.js';

/** What a run left for the steps after it. */
export interface Ran {
  plan: RunPlan;
  io: RunIO;
  summary: RunSummary;
  startedAt: Date;
  /** The exit code so far: the summary's, unless a step before changed it. */
  exitCode: number;
  signingKey?: KeyObject;
  /** The history's record before this run (`--history`): what each destination was told. */
  previous?: HistoryRecord;
}

interface AfterStep {
  name: string;
  /** Runs after a preflight stop's record too, not only after the checks. */
  afterStop?: true;
  /** Returns the exit code the run ends with from here on (a number), or nothing to leave it as it is. */
  step(ran: Ran): unknown;
}

/**
 * `--update-baseline`: the file written and said. Checked writable before the first request;
 * should the write fail all the same, a passing run exits with its error's code, told on stderr.
 */
function updateBaseline({ plan, summary, startedAt, io }: Ran): number | undefined {
  if (!plan.baseline?.update) return undefined;
  try {
    const spec = summary.spec.version !== undefined ? { version: summary.spec.version } : undefined;
    const baseline = { ...plan.baseline, today: dayOf(startedAt) };
    io.out.write(writeUpdatedBaseline(baseline, summary.findings, plan.strict, spec));
    return undefined;
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    io.err.write(`${err.format()}\n`);
    return summary.exitCode === 0 ? err.exitCode : undefined;
  }
}

/** The checks a transport cause blocked, grouped by cause, on stderr. */
function tellTransportBlocks({ summary, io }: Ran): void {
  const blocks = transportBlocks(summary.findings);
  if (blocks.length > 0) io.err.write(describeBlocks(blocks));
}

/** An incomplete run (exit 7) says which required rules it left unproven. */
function tellIncomplete({ exitCode, summary, io }: Ran): void {
  if (exitCode === INCOMPLETE_EXIT) io.err.write(`${incompleteLine(summary)}\n`);
}

/** The metrics pushed and the notifications sent (`--push-gateway`, `--notify`), the history moved on. */
async function notifyAndPush({ plan, summary, io, previous }: Ran): Promise<void> {
  await deliverMonitoring(plan.monitor, summary, io, previous);
}

/** A run profile that writes evidence with no signing key says the bundle is unsigned and how to sign it. */
function noteUnsignedEvidence({ plan, signingKey, io }: Ran): void {
  if (runProfile(plan.runProfile).evidence && !signingKey)
    io.out.write(
      `The bundle (evidence.json, summary.json, report.html) is unsigned: set ${SIGNING_KEY_ENV} to an Ed25519 ` +
        'private key to sign it (docs/certification.md)\n',
    );
}

/**
 * `--junit-xml`: the run's junit.xml copied where the CI reads it. A copy that fails leaves the
 * reports as they are; a passing run exits with its error's code, as the file is missing.
 */
async function copyJunit({ plan, summary, io }: Ran): Promise<number | undefined> {
  if (!plan.junitXml) return undefined;
  try {
    await mkdir(dirname(plan.junitXml), { recursive: true });
    await copyFile(join(plan.reportDir, 'junit.xml'), plan.junitXml);
    return undefined;
  } catch (err) {
    const cause = (err as NodeJS.ErrnoException).code ?? String(err);
    const error = new ConfigError(
      'E_REPORT_DIR_UNWRITABLE',
      `--junit-xml ${plan.junitXml} could not be written (${cause}); the run's own is in ${plan.reportDir}`,
      'Give --junit-xml a file in a folder you can write to.',
    );
    io.err.write(`${error.format()}\n`);
    return summary.exitCode === 0 ? error.exitCode : undefined;
  }
}

/** `reports/out/latest` follows a run under the default report root. */
async function linkLatestRun({ plan }: Ran): Promise<void> {
  if (plan.defaultReportDir) await linkLatest(plan.reportDir);
}

/** The reports' size, and the runs beyond `--keep` removed from the default report root. */
async function keepNewest({ plan, io }: Ran): Promise<void> {
  io.out.write(await retentionLine(plan.reportDir, plan.keep));
}

/** A run that tested nothing (every check skipped, or none selected) is a mistake of its flags: E_NOTHING_TESTED. */
function requireSomethingTested({ plan, summary }: Ran): void {
  if (!summary.stopped) checkRanSomething(summary, plan);
}

const AFTER: readonly AfterStep[] = [
  { name: 'baseline', step: updateBaseline },
  { name: 'transport blocks', step: tellTransportBlocks },
  { name: 'incomplete', step: tellIncomplete },
  { name: 'notifications and metrics', afterStop: true, step: notifyAndPush },
  { name: 'evidence', step: noteUnsignedEvidence },
  { name: 'junit copy', afterStop: true, step: copyJunit },
  { name: 'latest link', afterStop: true, step: linkLatestRun },
  { name: 'keep', afterStop: true, step: keepNewest },
  { name: 'something tested', step: requireSomethingTested },
];

/** Every step after the run (or, `stopped`, after a preflight stop's record), in order; the run's exit code. */
export async function stepsAfter(ran: Omit<Ran, 'exitCode'>, stopped = false): Promise<number> {
  let exitCode = ran.summary.exitCode;
  for (const { step, afterStop } of AFTER) {
    if (stopped && !afterStop) continue;
    const left = await step({ ...ran, exitCode });
    if (typeof left === 'number') exitCode = left;
  }
  return exitCode;
}
