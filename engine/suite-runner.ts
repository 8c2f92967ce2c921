/**
 * Runs the conformance suites through vitest's Node API, with an inline configuration (the
 * project's vitest.config.ts is for its own tests). One worker thread, not isolated: the
 * run-wide rate budget of each key lives in that one worker. One instance serves many runs
 * (the mutation campaign), each with its own provided RunConfig and report writers.
 */
import { Writable } from 'node:stream';
import { createVitest, type TestSpecification, type Vitest } from 'vitest/node';
import type { Family } from '../harness/model.js';
import type { RunConfig } from '../harness/run-config.js';
import { familyOfModule } from '../reports/finding-from-test.js';
import { ConformanceReporter, type ReportRun } from '../reports/vitest-reporter.js';
import { inventoryOf } from '../reports/finding-from-test.js';
import type { InventoryCheck } from '../reports/required.js';
import { PROJECT_ROOT } from '../harness/paths.js';
import { FamiliesSpread, isRunWide, RUN_WIDE_FOLDER } from './suite-order.js';
import type { RunSummary } from '../reports/types.js';

/** Per-test bound: the slowest checks poll asynchronous outcomes and wait out rate limits. */
const TEST_TIMEOUT_MS = 60_000;

// `.js` in the built package (dist/), `.ts` in the sources. The run-wide checks join every run.
const suiteGlobs = (families: readonly Family[]) => [
  ...families.map((f) => `suites/${f}/**/*.conformance.{ts,js}`),
  `${RUN_WIDE_FOLDER}/**/*.conformance.{ts,js}`,
];

export interface SuiteRunner {
  /**
   * Runs the suite files of `config.families` (among those the runner was created for) once
   * against `config`; resolves when all reports are written.
   */
  run(config: RunConfig, report: ReportRun): Promise<RunSummary>;
  /**
   * Stops the current run: the checks it has not finished are `not run` for the reason the caller
   * set in its `ReportRun.stop`; its reports are still written.
   */
  cancel?(): Promise<void>;
  /** The checks of the runner's suite files (of `families`, within its shard), collected without running any. */
  collect?(families: readonly Family[]): Promise<InventoryCheck[]>;
  close(): Promise<void>;
}

/** vitest's own console output (it has none with our reporter, except internal errors) goes here. */
export interface RunnerOptions {
  stderr?: NodeJS.WritableStream;
  /** Folder holding `suites/` (default the project root). */
  root?: string;
  /** vitest shard `i/n`: only that share of the suite files runs (a long run split across CI jobs). */
  shard?: string;
}

export async function createSuiteRunner(
  families: readonly Family[],
  options: RunnerOptions = {},
): Promise<SuiteRunner> {
  let pending: ReportRun | undefined;
  const reporter = new ConformanceReporter(
    () => {
      if (!pending) throw new Error('a suite run started without report writers');
      return pending;
    },
    { finishedBy: 'caller' },
  );
  const stderr = options.stderr ?? process.stderr;
  const sigintBefore = new Set(process.listeners('SIGINT'));
  const vitest: Vitest = await createVitest(
    'test',
    {
      config: false,
      root: options.root ?? PROJECT_ROOT,
      include: suiteGlobs(families),
      pool: 'threads',
      maxWorkers: 1,
      isolate: false,
      watch: false,
      reporters: [reporter],
      testTimeout: TEST_TIMEOUT_MS,
      hookTimeout: TEST_TIMEOUT_MS,
      teardownTimeout: 10_000,
      passWithNoTests: true,
      sequence: { sequencer: FamiliesSpread },
      ...(options.shard ? { shard: options.shard } : {}),
    },
    {},
    { stdout: new Writable({ write: (_c, _e, done) => done() }), stderr: stderr as NodeJS.WriteStream },
  );
  // vitest's own logger exits the process on SIGINT; the engine's handler cancels the run
  // instead, so a partial report is written (engine/execute.ts).
  for (const listener of process.listeners('SIGINT')) if (!sigintBefore.has(listener)) process.off('SIGINT', listener);
  let specs: TestSpecification[] | undefined;
  const selectedOf = async (families: readonly Family[]) => {
    specs ??= await vitest.globTestSpecifications();
    const ofFamilies = specs.filter((spec) => (families as readonly string[]).includes(familyOfModule(spec.moduleId)));
    // The run-wide checks join a run that has checks of its own, never an empty one.
    return ofFamilies.length === 0 ? [] : [...ofFamilies, ...specs.filter((spec) => isRunWide(spec.moduleId))];
  };
  return {
    async collect(families) {
      const selected = await selectedOf(families);
      if (selected.length === 0) return [];
      // Collecting runs each file's top level (its verify() calls), never a check: nothing is sent.
      const { testModules } = await vitest.collectTests(selected);
      return testModules.flatMap(inventoryOf);
    },
    async run(config, report) {
      const selected = await selectedOf(config.families);
      pending = report;
      vitest.provide('runConfig', config);
      if (selected.length === 0 || report.stop?.reason) {
        // No suite files for these families, or a run stopped before its checks began (its
        // deadline passed in the preflight): still a run, with its reports, and nothing judged.
        reporter.onTestRunStart([]);
        await reporter.onTestRunEnd([], []);
      } else {
        await vitest.runTestSpecifications(selected, true);
      }
      // A stopped run names every check it selected: those of files it never reached are collected now.
      const unseen = selected.filter((spec) => !reporter.collected.has(spec.moduleId));
      const stopped = report.stop?.reason !== undefined && unseen.length > 0 && !options.shard;
      await reporter.finish(stopped ? (await vitest.collectTests(unseen)).testModules.flatMap(inventoryOf) : []);
      pending = undefined;
      if (!reporter.lastSummary) throw new Error('the suite run ended without a summary');
      const summary = reporter.lastSummary;
      reporter.lastSummary = undefined;
      if (reporter.writeErrors.length) throw reporter.writeErrors[0];
      return summary;
    },
    // The stop's reason is the run's (ReportRun.stop), set by whoever stops it before calling this.
    cancel: () => vitest.cancelCurrentRun('keyboard-input'),
    close: () => vitest.close(),
  };
}
