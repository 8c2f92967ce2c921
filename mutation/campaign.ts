/**
 * The mutation campaign: the whole suite against the clean reference server, then against
 * every named fault, alone or with a variant switched on beside it (`withVariants`: one sampled
 * per fault, or every pair). Work is spread over lanes (engine/lanes.ts); each run starts a fresh
 * reference server, so runs never share server state or rate budgets.
 */
import type { Family } from '../harness/model.js';
import { HtmlWriter, JunitWriter, SummaryJsonWriter, type ReportWriter } from '../reports/index.js';
import { countVerdicts } from '../reports/summary.js';
import { startTarget, type StartServer } from '../engine/embedded.js';
import { runPlanned } from '../engine/phases/run.js';
import type { RunIO } from '../engine/io.js';
import { embeddedPlan, type EmbeddedRun } from '../engine/plan.js';
import { onLanes } from '../engine/lanes.js';
import type { SuiteRunner } from '../engine/suite-runner.js';
import { MUTATION_FORMAT, progressLine, scoreOf, type CampaignResult, type CampaignScope } from './matrix.js';
import { operationsMatrix, type MatrixPlan } from './operations-matrix.js';
import {
  cleanOutcome,
  faultError,
  faultOutcome,
  heldNone,
  type CleanOutcome,
  type FaultInfo,
  type FaultOutcome,
} from './outcome.js';
import { pairsOf, type VariantInfo, type WithVariants } from './pairs.js';
import type { RunSummary } from '../reports/types.js';

/** The campaign's runs share an embedded run's settings; `reportDir` holds the clean run's reports under `clean/`. */
export interface CampaignOptions extends Omit<EmbeddedRun, 'runId' | 'fault' | 'variants'> {
  campaignId: string;
  faults: readonly FaultInfo[];
  /** Parallel lanes (default 2: one per core of the reference machine). */
  lanes: number;
  /**
   * `all`: every family's suites against every fault; `family`: only the fault's own family;
   * `operations`: only the checks of the fault's own family that name its rule (the faults per operation),
   * then, when those miss it, every check of its family.
   */
  scope?: CampaignScope;
  /** The operations matrix the faults fill (scope `operations`): the result shows each cell's verdict. */
  matrix?: MatrixPlan;
  io: RunIO;
  /** Builds a lane's runner (default: vitest). */
  createRunner?: (families: readonly Family[]) => Promise<SuiteRunner>;
  /** Starts a reference server with a fault (default: the embedded reference server). */
  startServer?: StartServer;
  /** Variants a fault may be paired with: those valid under the campaign's document. */
  variantPool?: readonly VariantInfo[];
  /** `none` (default): each fault alone; `sample`: one variant beside each fault; `all`: every pair. */
  withVariants?: WithVariants;
}

type Job = { kind: 'clean' } | { kind: 'fault'; fault: FaultInfo; variant?: string };

export async function runCampaign(options: CampaignOptions): Promise<CampaignResult> {
  const started = Date.now();
  const withVariants = options.withVariants ?? 'none';
  const pairs = pairsOf(options.faults, options.variantPool ?? [], withVariants, options.seed);
  const scope = options.scope ?? 'all';
  const jobs: Job[] = [
    { kind: 'clean' },
    ...pairs.map(({ fault, variant }) => ({ kind: 'fault' as const, fault, ...(variant ? { variant } : {}) })),
  ];
  const outcomes: FaultOutcome[] = [];
  let clean: CleanOutcome | undefined;
  let done = 0;

  const lanes = await onLanes(jobs, options, async (runner, job, lane) => {
    const runStart = Date.now();
    const runId = `${options.campaignId}-${lane}`;
    if (job.kind === 'clean') {
      const cleanDir = `${options.reportDir}/clean`;
      try {
        const summary = await runOnce({ ...options, ...cleanSelection(options) }, runner, runId, {}, [
          new SummaryJsonWriter(cleanDir),
          new JunitWriter(cleanDir),
          new HtmlWriter(cleanDir),
        ]);
        clean = cleanOutcome(summary, Date.now() - runStart, cleanDir);
      } catch (err) {
        clean = {
          counts: countVerdicts([]),
          falseFailures: [],
          durationMs: Date.now() - runStart,
          error: (err as Error).message,
        };
      }
      options.io.out.write(
        `clean server: ${clean.counts.total} checks, ${clean.falseFailures.length} false failures ` +
          `(${(clean.durationMs / 1000).toFixed(1)} s)\n`,
      );
      return;
    }
    const { fault, variant } = job;
    const switches = { fault: fault.name, variants: variant ? [variant] : [] };
    let outcome: FaultOutcome;
    try {
      const summary = await runOnce({ ...options, ...selectionOf(options, fault) }, runner, runId, switches, []);
      outcome = faultOutcome(fault, summary, Date.now() - runStart, variant);
      // A rule judged over every exchange of the run (suites/run-wide/) may need exchanges that checks
      // naming other rules send: missed by its own checks, the fault gets its family's whole run.
      if (options.scope === 'operations' && !outcome.ownRuleCaught) {
        const { families } = selectionOf({ ...options, scope: 'family' }, fault);
        const wide = await runOnce({ ...options, families }, runner, runId, switches, []);
        const unnamed = heldNone(outcome) ? { unnamed: true as const } : {};
        outcome = { ...faultOutcome(fault, wide, Date.now() - runStart, variant), widened: true, ...unnamed };
      }
    } catch (err) {
      outcome = faultError(fault, err, Date.now() - runStart, variant);
    }
    outcomes.push(outcome);
    options.io.out.write(progressLine(outcome, ++done, pairs.length));
  });

  // In the order of the pairs, whichever lane finished first.
  const key = (fault: string, variant?: string) => `${fault} ${variant ?? ''}`;
  const byKey = new Map(outcomes.map((o) => [key(o.fault, o.variant), o]));
  const faults = pairs.map((p) => byKey.get(key(p.fault.name, p.variant))!);
  const score = scoreOf(faults);
  const cleanResult = clean!;
  return {
    format: MUTATION_FORMAT,
    campaignId: options.campaignId,
    startedAt: new Date(started).toISOString(),
    durationMs: Date.now() - started,
    lanes,
    scope,
    withVariants,
    seed: options.seed,
    clean: cleanResult,
    faults,
    score,
    ...(options.matrix ? { operations: operationsMatrix(options.matrix, faults) } : {}),
    // Beside a variant, a fault counts only when its own rule still catches it.
    passed:
      !cleanResult.error &&
      cleanResult.falseFailures.length === 0 &&
      score.caught === score.total &&
      (withVariants === 'none' || score.ownRule === score.total),
  };
}

/** The suites a fault runs against: every family's, its own family's, or those of its family naming its rule. */
function selectionOf(options: CampaignOptions, fault: FaultInfo): { families: Family[]; rules?: string[] } {
  if (options.scope === 'all' || options.scope === undefined) return { families: [...options.families] };
  const families = options.families.filter((f) => f === fault.family);
  return options.scope === 'operations' ? { families, rules: [...fault.rules] } : { families };
}

/** The clean run holds every check a fault may run against: under `operations`, every check of the faults' families. */
function cleanSelection(options: CampaignOptions): { families: Family[] } {
  if (options.scope !== 'operations') return { families: [...options.families] };
  return { families: options.families.filter((f) => options.faults.some((fault) => fault.family === f)) };
}

async function runOnce(
  options: CampaignOptions,
  runner: SuiteRunner,
  runId: string,
  switches: { fault?: string; variants?: string[] },
  writers: ReportWriter[],
): Promise<RunSummary> {
  const plan = embeddedPlan({ ...options, runId, ...switches });
  const target = await startTarget(plan, options.startServer);
  try {
    return await runPlanned(runner, plan, target, { writers });
  } finally {
    await target.close();
  }
}
