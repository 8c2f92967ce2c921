/**
 * The one vitest reporter of a conformance run: it turns finished tests into findings and
 * feeds them to the report writers. One instance can serve many runs of the same vitest
 * (the mutation campaign): `open()` is called at the start of each run for its writers.
 */
import type { Reporter, TestCase, TestModule, TestRunEndReason, TestSpecification } from 'vitest/node';
import type { Finding, StopReason } from '../harness/model.js';
import { reproduceCommand } from '../harness/reproduce.js';
import { checkId } from '../harness/suite/inventory.js';
import {
  familyOfModule,
  findingFromRunError,
  findingsFromModuleErrors,
  findingsFromTestCase,
  inventoryOf,
  notRunFinding,
} from './finding-from-test.js';
import { selectedChecks, type InventoryCheck } from './required.js';
import { scrubFinding } from './scrub.js';
import { acceptFinding } from './accepted.js';
import { StepTeller } from './setup-steps.js';
import { BUDGET_TIMEOUT } from '../harness/client/errors.js';
import { readJournal } from '../harness/client/journal.js';
import { buildSummary, type SummaryOptions } from './summary.js';
import type { ReportWriter } from './writer.js';
import type { Catalogue, RunInfo, RunSummary } from './types.js';

export interface ReportRun {
  info: RunInfo;
  catalogue: Catalogue;
  writers: ReportWriter[];
  /** Key values removed from every finding before any writer sees it. Never written. */
  secrets?: readonly string[];
  /** Findings known before any test ran (e.g. defects of the loaded spec). */
  preFindings?: readonly Finding[];
  /** Rewrites a finding before any writer sees it (the engine marks checks blocked by a transport cause). */
  classify?: (finding: Finding) => Finding;
  /** The exit code of the transport cause that blocked checks, if one did (the engine's table). */
  transportBlock?: SummaryOptions['transportBlock'];
  /** The run's journal (harness/client/journal.ts): the summary counts the requests that left from it. */
  journal?: string;
  /** Why the run is being stopped before its end, set by whoever stops it (the engine: Ctrl-C, its deadline). */
  stop?: RunStop;
}

/** A run's stop, once someone stops it: every check it had not finished is `not run` for this reason. */
export interface RunStop {
  reason?: StopReason;
}

/** Requests of the journal that left the client (one held back for its rate budget never did). */
const requestsSent = (journal: string): number =>
  readJournal(journal).filter((e) => e.exchange.error !== BUDGET_TIMEOUT).length;

/**
 * `<command> --family <f> --rule <id>... --seed <n>`: the run narrowed to one finding that carries no command of its
 * own.
 */
function findingCommand(info: RunInfo, finding: Finding): string {
  return reproduceCommand(info.command, {
    family: finding.family === 'contract' ? undefined : finding.family,
    rules: finding.rules,
    seed: info.seed,
  });
}

export class ConformanceReporter implements Reporter {
  private run?: ReportRun;
  private findings: Finding[] = [];
  private pendingModules = new Map<string, number>();
  private endedFamilies = new Set<string>();
  /** Every check of the run's suite files as collected, deselected ones included. */
  private inventory: InventoryCheck[] = [];
  /** What vitest said at the run's end, kept for `finish` (a caller that collects the checks a stop left unseen). */
  private ended?: { errors: ReadonlyArray<{ message?: string; name?: string }>; reason?: TestRunEndReason };
  /** Tells each failed setup step once, however many checks it blocked. */
  private steps?: StepTeller;
  /** The summary of the last completed run. */
  lastSummary?: RunSummary;
  /** Errors raised by writers while writing (the run's verdict still stands). */
  writeErrors: Error[] = [];

  /**
   * `finishedBy: 'caller'`: the reports are written when the caller calls `finish` after vitest's
   * run, not at its end (engine/suite-runner.ts: a stopped run's unseen checks are collected first).
   */
  constructor(
    private readonly open: () => ReportRun,
    private readonly options: { finishedBy?: 'caller' } = {},
  ) {}

  onTestRunStart(specifications: ReadonlyArray<TestSpecification>): void {
    this.run = this.open();
    this.findings = [];
    this.writeErrors = [];
    this.pendingModules = new Map();
    this.endedFamilies = new Set();
    this.inventory = [];
    this.collected.clear();
    this.ended = undefined;
    this.steps = new StepTeller(this.run.catalogue, this.run.info.strict);
    for (const spec of specifications) {
      const family = familyOfModule(spec.moduleId);
      this.pendingModules.set(family, (this.pendingModules.get(family) ?? 0) + 1);
    }
    for (const finding of this.run.preFindings ?? []) this.record(finding);
  }

  /** Why the run stopped before its end, if it did. */
  private get stopReason(): StopReason | undefined {
    return this.run?.stop?.reason;
  }

  onTestModuleCollected(testModule: TestModule): void {
    this.collected.add(testModule.moduleId);
    this.inventory.push(...inventoryOf(testModule));
  }

  onTestCaseResult(testCase: TestCase): void {
    for (const finding of findingsFromTestCase(testCase, this.stopReason)) this.record(finding);
  }

  onTestModuleEnd(testModule: TestModule): void {
    for (const finding of findingsFromModuleErrors(testModule)) this.record(finding);
    const family = familyOfModule(testModule.moduleId);
    this.endedFamilies.add(family);
    const left = (this.pendingModules.get(family) ?? 1) - 1;
    this.pendingModules.set(family, left);
    if (left === 0) for (const writer of this.run?.writers ?? []) writer.familyDone?.(family);
  }

  async onTestRunEnd(
    _modules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<{ message?: string; name?: string }>,
    reason?: TestRunEndReason,
  ): Promise<void> {
    this.ended = { errors: unhandledErrors, reason };
    if (this.options.finishedBy !== 'caller') await this.finish();
  }

  /** The suite files whose checks this run collected (a stopped run may leave some unseen). */
  readonly collected = new Set<string>();

  /**
   * Writes the run's reports. `unseen`: checks of suite files the run never reached (it stopped
   * first); with those it collected, every check the run selected and did not finish is `not
   * run`, and a stopped run lists no check outside its selection (run profile, families, --rule).
   */
  async finish(unseen: readonly InventoryCheck[] = []): Promise<void> {
    const run = this.run;
    if (!run) return;
    const { errors = [], reason } = this.ended ?? {};
    this.inventory.push(...unseen);
    // A sharded run starts with every file of a family but runs only its share: a family
    // some of whose files ran is done now.
    for (const [family, left] of this.pendingModules) {
      if (left > 0 && this.endedFamilies.has(family)) for (const writer of run.writers) writer.familyDone?.(family);
    }
    for (const error of errors) this.record(findingFromRunError(error));
    const stopped = this.stopReason ?? (reason === 'interrupted' ? 'interrupted' : undefined);
    if (stopped) this.notRunOfSelection(run, stopped);
    const summary = buildSummary(
      run.info,
      this.findings,
      run.catalogue,
      { finishedAt: new Date(), inventory: this.inventory, ...(stopped ? { stopped } : {}) },
      false,
      {
        ...(run.transportBlock ? { transportBlock: run.transportBlock } : {}),
        ...(run.journal ? { requestsSent: requestsSent(run.journal) } : {}),
      },
    );
    this.lastSummary = summary;
    for (const writer of run.writers) {
      try {
        await writer.close(summary);
      } catch (err) {
        this.writeErrors.push(err as Error);
      }
    }
  }

  /** A stopped run's checks: `not run` for each it selected and never finished, none for one it did not select. */
  private notRunOfSelection(run: ReportRun, stop: StopReason): void {
    const key = (family: string, id: string | undefined) => `${family}/${id}`;
    const selected = selectedChecks(this.inventory, run.info);
    const chosen = new Set(selected.map((c) => key(c.family, c.entry.id)));
    this.findings = this.findings.filter((f) => f.verdict !== 'not run' || chosen.has(key(f.family, f.id)));
    const seen = new Set(this.findings.map((f) => key(f.family, f.id)));
    for (const c of selected)
      if (!seen.has(key(c.family, c.entry.id))) this.record(notRunFinding(c.family, c.entry, stop));
  }

  private record(finding: Finding): void {
    const run = this.run!;
    for (const told of this.steps!.findingsFor(run.classify ? run.classify(finding) : finding)) this.add(told);
  }

  private add(finding: Finding): void {
    const run = this.run!;
    const clean = acceptFinding(
      scrubFinding({ ...finding, id: finding.id ?? checkId(finding.check) }, run.secrets ?? []),
      run.info,
    );
    const complete =
      clean.reproduce || clean.verdict === 'passed' ? clean : { ...clean, reproduce: findingCommand(run.info, clean) };
    this.findings.push(complete);
    for (const writer of run.writers) writer.add?.(complete);
  }
}
