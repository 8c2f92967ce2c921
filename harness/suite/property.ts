/**
 * Running a fast-check property as one check: each run gets a fresh CheckContext (so a failure
 * shows the exchanges of its own minimal run), the run's seed and size come from the run
 * configuration (`--seed`, `--runs`), and a failure becomes a PropertyCounterexample.
 */
import fc from 'fast-check';
import type { Exchange } from '../model.js';
import { createCheckContext, type CheckContext } from './context.js';
import { PropertyCounterexample, type Replay } from './counterexample.js';
import { PropertyCutShort } from './cut-short.js';
import type { PollDeps } from './poll.js';
import { asSkip, SkipCheck } from './skip.js';
import { numberedSteps } from './sequence-steps.js';

/**
 * Builds a property's inputs; `commandsReplay` is the replay path of fast-check's `commands`
 * (printed after `@` in a sequence property's path), to give to `fc.commands({ replayPath })`.
 */
export type ArbitraryFor<T> = (t: CheckContext, commandsReplay?: string) => fc.Arbitrary<T> | Promise<fc.Arbitrary<T>>;
/**
 * Checks one input. A property whose point a run may miss (requests meant to overlap that the
 * target answered one after another) returns whether this run reached it.
 */
export type PropertyBody<T> = (t: CheckContext, value: T) => Promise<RunReach>;

/** What a run returns: nothing, or (a property with `reach`) whether it reached the property's point. */
// biome-ignore lint/suspicious/noConfusingVoidType: most bodies return nothing (an async function's void)
type RunReach = void | { reached: boolean };

export interface PropertyRunOptions<T = unknown> {
  seed: number;
  numRuns: number;
  /**
   * Stop generating (and shrinking) after this long: a failure found so far stands; with none, the
   * property is cut short (PropertyCutShort), never a pass.
   */
  timeLimitMs: number;
  /**
   * The path of a printed counterexample: with its seed, runs that input alone (replay). fast-check's
   * path, then for a sequence property `@` and the replay path of its commands.
   */
  path?: string;
  clock?: PollDeps;
  /** Inputs run first, before the drawn ones, within `numRuns` (fast-check's `examples`). */
  examples?: readonly T[];
  /**
   * What a run must reach for the property to say anything (its body returns `reached`): when
   * no run reached it, the check is skipped, naming it and how many runs tried.
   */
  reach?: string;
}

/** Shrunk inputs are quoted in reports; a bound keeps a huge body from flooding them. */
const COUNTEREXAMPLE_LIMIT = 2_000;

function describeValue(value: unknown): string {
  const text = fc.stringify(value);
  return text.length > COUNTEREXAMPLE_LIMIT ? `${text.slice(0, COUNTEREXAMPLE_LIMIT)}…` : text;
}

/** The printed path: fast-check's, then `@` and the commands' replay path when the input holds commands. */
function replayPathOf(path: string | null, counterexample: string): string {
  const commands = /replayPath="([^"]*)"/.exec(counterexample)?.[1];
  return `${path ?? ''}${commands ? `@${commands}` : ''}`;
}

/** What the runs of one property saw: the minimal failure, a skip, and how many runs reached its point. */
interface Runs {
  skip?: SkipCheck;
  lastFailure?: { error: unknown; exchanges: Exchange[] };
  ran: number;
  reached: number;
}

/** The fast-check property of `body` over `arb`, each run on a fresh context, recording into `runs`. */
function propertyOf<T>(t: CheckContext, arb: fc.Arbitrary<T>, body: PropertyBody<T>, clock: PollDeps | undefined) {
  const runs: Runs = { ran: 0, reached: 0 };
  const property = fc.asyncProperty(arb, async (value) => {
    // Once a run says the check cannot run here, every later run passes at once: nothing to shrink.
    if (runs.skip) return;
    // Runs share the check's tracker: what a passing run judged proves the check's rules.
    const run = createCheckContext(t.target, t.rules, clock, t.deadlineAt, t.defaultRole, t.tracker, t.source);
    try {
      const outcome = await body(run, value);
      runs.ran += 1;
      if (outcome?.reached !== false) runs.reached += 1;
      // A passing run's notes (answers only one source allows) belong to the check's finding.
      for (const n of run.notes()) t.note(n);
    } catch (e) {
      runs.skip = asSkip(e);
      if (runs.skip) return;
      runs.lastFailure = { error: e, exchanges: run.exchanges() };
      throw e;
    }
  });
  return { property, runs };
}

function checkOptions<T>(opts: PropertyRunOptions<T>, path: string | undefined): fc.Parameters<[T]> {
  return {
    seed: opts.seed,
    numRuns: opts.numRuns,
    interruptAfterTimeLimit: opts.timeLimitMs,
    markInterruptAsFailure: false,
    ...(path ? { path } : {}),
    ...(opts.examples?.length ? { examples: opts.examples.map((e): [T] => [e]) } : {}),
  };
}

/**
 * The minimal failing input run once more (its seed and path): `reproduced` when it fails again,
 * `flaky` when it passes (the outcome turned on timing; still reported failed), `not replayed`
 * when the property's time is mostly spent.
 */
async function replayed<T>(
  t: CheckContext,
  arbitrary: ArbitraryFor<T>,
  body: PropertyBody<T>,
  opts: PropertyRunOptions<T>,
  printedPath: string,
  elapsedMs: number,
): Promise<Replay> {
  if (elapsedMs > opts.timeLimitMs / 2) return 'not replayed';
  const [path, commandsReplay] = printedPath.split('@');
  const { property, runs } = propertyOf(t, await arbitrary(t, commandsReplay || undefined), body, opts.clock);
  const details = await fc.check(property, { ...checkOptions(opts, path), numRuns: 1 });
  return details.failed && !runs.skip ? 'reproduced' : 'flaky';
}

export async function checkProperty<T>(
  t: CheckContext,
  arbitrary: ArbitraryFor<T>,
  body: PropertyBody<T>,
  opts: PropertyRunOptions<T>,
): Promise<void> {
  const started = performance.now();
  const [path, commandsReplay] = (opts.path ?? '').split('@');
  const { property, runs } = propertyOf(t, await arbitrary(t, commandsReplay || undefined), body, opts.clock);
  const details = await fc.check(property, checkOptions(opts, path));
  // What the check's finding says of its runs, whatever its verdict (the evidence lists them per property).
  const made = { planned: opts.numRuns, executed: details.numRuns };
  t.tracker.runs = made;
  if (runs.skip) throw runs.skip;
  if (!details.failed) {
    if (details.interrupted) throw new PropertyCutShort(made, opts.timeLimitMs);
    if (opts.reach && runs.ran > 0 && runs.reached === 0)
      throw new SkipCheck(`${opts.reach}, which none of its ${runs.ran} run(s) reached`);
    return;
  }
  // The last failing run is the minimal one: shrinking only moves on from a failure.
  const { lastFailure } = runs;
  const failure = lastFailure?.error ?? details.errorInstance ?? new Error('property failed');
  const exchanges = [...t.exchanges(), ...(lastFailure?.exchanges ?? [])];
  const counterexample = details.counterexample ? describeValue(details.counterexample[0]) : '(none)';
  const printedPath = replayPathOf(details.counterexamplePath, counterexample);
  const steps = numberedSteps(lastFailure?.exchanges ?? []);
  const replay = await replayed(t, arbitrary, body, opts, printedPath, performance.now() - started);
  throw new PropertyCounterexample(
    failure,
    exchanges,
    details.seed,
    counterexample,
    details.numRuns,
    printedPath,
    steps,
    replay,
  );
}
