/**
 * The mutation campaign: the whole suite against the clean reference server, then against
 * every named fault. Work is spread over lanes; each lane keeps one vitest instance (one
 * worker) for all its runs and starts a fresh reference server per run, so runs never share
 * server state or rate budgets.
 */
import type { Family } from '../harness/model.js';
import { HtmlWriter, JunitWriter, SummaryJsonWriter, type ReportWriter } from '../reports/index.js';
import type { RunSummary } from '../reports/summary.js';
import { startTarget, type StartServer } from '../engine/embedded.js';
import { runPlanned } from '../engine/execute.js';
import type { RunIO } from '../engine/io.js';
import { embeddedPlan, type EmbeddedRun } from '../engine/plan.js';
import { createSuiteRunner, type SuiteRunner } from '../engine/suite-runner.js';
import { MUTATION_FORMAT, progressLine, scoreOf, type CampaignResult } from './matrix.js';
import { cleanOutcome, faultError, faultOutcome, type CleanOutcome, type FaultInfo, type FaultOutcome } from './outcome.js';

/** The campaign's runs share an embedded run's settings; `reportDir` holds the clean run's reports under `clean/`. */
export interface CampaignOptions extends Omit<EmbeddedRun, 'runId' | 'fault'> {
  campaignId: string;
  faults: readonly FaultInfo[];
  /** Parallel lanes (default 2: one per core of the reference machine). */
  lanes: number;
  /** `all`: every family's suites against every fault; `family`: only the fault's own family. */
  scope?: 'all' | 'family';
  io: RunIO;
  /** Builds a lane's runner (default: vitest). */
  createRunner?: (families: readonly Family[]) => Promise<SuiteRunner>;
  /** Starts a reference server with a fault (default: the embedded reference server). */
  startServer?: StartServer;
}

type Job = { kind: 'clean' } | { kind: 'fault'; fault: FaultInfo };

export async function runCampaign(options: CampaignOptions): Promise<CampaignResult> {
  const started = Date.now();
  const jobs: Job[] = [{ kind: 'clean' }, ...options.faults.map((fault) => ({ kind: 'fault' as const, fault }))];
  const outcomes = new Map<string, FaultOutcome>();
  let clean: CleanOutcome | undefined;
  let done = 0;
  let next = 0;
  const lanes = Math.max(1, Math.min(options.lanes, jobs.length));

  const lane = async (laneIndex: number) => {
    const runner = await (options.createRunner ?? createSuiteRunner)(options.families);
    try {
      for (let job = jobs[next++]; job; job = jobs[next++]) {
        const runStart = Date.now();
        const runId = `${options.campaignId}-${laneIndex}${String(next).padStart(3, '0')}`;
        if (job.kind === 'clean') {
          const cleanDir = `${options.reportDir}/clean`;
          try {
            const summary = await runOnce(options, runner, runId, undefined, [new SummaryJsonWriter(cleanDir), new JunitWriter(cleanDir), new HtmlWriter(cleanDir)]);
            clean = cleanOutcome(summary, Date.now() - runStart, cleanDir);
          } catch (err) {
            clean = { counts: { total: 0, passed: 0, failed: 0, warning: 0, skipped: 0 }, falseFailures: [], durationMs: Date.now() - runStart, error: (err as Error).message };
          }
          options.io.out.write(`clean server: ${clean.counts.total} checks, ${clean.falseFailures.length} false failures (${(clean.durationMs / 1000).toFixed(1)} s)\n`);
          continue;
        }
        const { fault } = job;
        let outcome: FaultOutcome;
        try {
          const families = options.scope === 'family' ? options.families.filter((f) => f === fault.family) : options.families;
          const summary = await runOnce({ ...options, families }, runner, runId, fault.name, []);
          outcome = faultOutcome(fault, summary, Date.now() - runStart);
        } catch (err) {
          outcome = faultError(fault, err, Date.now() - runStart);
        }
        outcomes.set(fault.name, outcome);
        options.io.out.write(progressLine(outcome, ++done, options.faults.length));
      }
    } finally {
      await runner.close();
    }
  };

  await Promise.all(Array.from({ length: lanes }, (_, i) => lane(i)));
  const faults = options.faults.map((f) => outcomes.get(f.name)!);
  const score = scoreOf(faults);
  const cleanResult = clean!;
  return {
    format: MUTATION_FORMAT,
    campaignId: options.campaignId,
    startedAt: new Date(started).toISOString(),
    durationMs: Date.now() - started,
    lanes,
    scope: options.scope ?? 'all',
    seed: options.seed,
    clean: cleanResult,
    faults,
    score,
    passed: !cleanResult.error && cleanResult.falseFailures.length === 0 && score.caught === score.total,
  };
}

async function runOnce(options: CampaignOptions, runner: SuiteRunner, runId: string, fault: string | undefined, writers: ReportWriter[]): Promise<RunSummary> {
  const plan = embeddedPlan({ ...options, runId, fault });
  const target = await startTarget(plan, options.startServer);
  try {
    return await runPlanned(runner, plan, target, { writers });
  } finally {
    await target.close();
  }
}
