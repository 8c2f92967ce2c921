/**
 * The variants matrix: the whole suite against the clean reference server and against each
 * variant (a valid choice where the contract is open), each run its own server, over a few
 * lanes. A valid variant must pass: any failure or warning is a false failure of the suite.
 */
import type { Family, Finding } from '../harness/model.js';
import { countVerdicts, SummaryJsonWriter } from '../reports/index.js';
import { startTarget, type StartServer } from '../engine/embedded.js';
import { runPlanned } from '../engine/phases/run.js';
import type { RunIO } from '../engine/io.js';
import { onLanes } from '../engine/lanes.js';
import { embeddedPlan, type EmbeddedRun } from '../engine/plan.js';
import type { SuiteRunner } from '../engine/suite-runner.js';
import {
  clean,
  progressLine,
  VARIANTS_FORMAT,
  type Issue,
  type VariantInfo,
  type VariantOutcome,
  type VariantsResult,
} from './matrix.js';

/** Each run's summary.json goes to `<reportDir>/<variant>/` (the clean run's to `clean/`). */
export interface VariantsOptions extends Omit<EmbeddedRun, 'fault' | 'variants'> {
  variants: readonly VariantInfo[];
  /** Parallel lanes (default 2: one per core of the reference machine). */
  lanes: number;
  /** The document the runs are held to, as variants name it (`partner-api`, `provider`). */
  document: string;
  io: RunIO;
  createRunner?: (families: readonly Family[]) => Promise<SuiteRunner>;
  startServer?: StartServer;
}

const issuesOf = (findings: readonly Finding[]): Issue[] =>
  findings
    .filter((f): f is Finding & Issue => f.verdict === 'failed' || f.verdict === 'warning')
    .map((f) => ({ check: f.check, family: f.family, rules: f.rules, verdict: f.verdict, observed: f.observed }));

export async function runVariants(options: VariantsOptions): Promise<VariantsResult> {
  const started = Date.now();
  const jobs: Array<VariantInfo | undefined> = [undefined, ...options.variants];
  const outcomes = new Map<string, VariantOutcome>();
  let done = 0;
  const lanes = await onLanes(jobs, options, async (runner, variant, lane) => {
    const runStart = Date.now();
    const name = variant?.name ?? 'clean';
    const shown = variant ? { variant: variant.name, family: variant.family, permits: variant.permits } : {};
    let outcome: VariantOutcome;
    try {
      const plan = embeddedPlan({
        ...options,
        runId: `${options.runId}-${lane}`,
        variants: variant ? [variant.name] : [],
      });
      const target = await startTarget(plan, options.startServer);
      try {
        const summary = await runPlanned(runner, plan, target, {
          writers: [new SummaryJsonWriter(`${options.reportDir}/${name}`)],
        });
        outcome = {
          ...shown,
          counts: summary.counts,
          issues: issuesOf(summary.findings),
          durationMs: Date.now() - runStart,
        };
      } finally {
        await target.close();
      }
    } catch (err) {
      outcome = {
        ...shown,
        counts: countVerdicts([]),
        issues: [],
        durationMs: Date.now() - runStart,
        error: err instanceof Error ? err.message : String(err),
      };
    }
    outcomes.set(name, outcome);
    options.io.out.write(progressLine(outcome, ++done, jobs.length));
  });
  const ordered = jobs.map((v) => outcomes.get(v?.name ?? 'clean')!);
  return {
    format: VARIANTS_FORMAT,
    runId: options.runId,
    startedAt: new Date(started).toISOString(),
    durationMs: Date.now() - started,
    lanes,
    document: options.document,
    spec: options.contract.source,
    seed: options.seed,
    outcomes: ordered,
    passed: ordered.every(clean),
  };
}
