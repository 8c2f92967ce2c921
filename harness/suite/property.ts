/**
 * Running a fast-check property as one check: each run gets a fresh CheckContext (so a failure
 * shows the exchanges of its own minimal run), the run's seed and size come from the run
 * configuration (`--seed`, `--runs`), and a failure becomes a PropertyCounterexample.
 */
import fc from 'fast-check';
import type { Exchange } from '../model.js';
import { createCheckContext, type CheckContext } from './context.js';
import { PropertyCounterexample } from './counterexample.js';
import { PropertyCutShort } from './cut-short.js';
import type { PollDeps } from './poll.js';
import { asSkip, type SkipCheck } from './skip.js';
import { numberedSteps } from './sequence-steps.js';

/**
 * Builds a property's inputs; `commandsReplay` is the replay path of fast-check's `commands`
 * (printed after `@` in a sequence property's path), to give to `fc.commands({ replayPath })`.
 */
export type ArbitraryFor<T> = (t: CheckContext, commandsReplay?: string) => fc.Arbitrary<T> | Promise<fc.Arbitrary<T>>;
export type PropertyBody<T> = (t: CheckContext, value: T) => Promise<void>;

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

export async function checkProperty<T>(
  t: CheckContext,
  arbitrary: ArbitraryFor<T>,
  body: PropertyBody<T>,
  opts: PropertyRunOptions<T>,
): Promise<void> {
  const [path, commandsReplay] = (opts.path ?? '').split('@');
  const arb = await arbitrary(t, commandsReplay || undefined);
  let skip: SkipCheck | undefined;
  let lastFailure: { error: unknown; exchanges: Exchange[] } | undefined;

  const property = fc.asyncProperty(arb, async (value) => {
    // Once a run says the check cannot run here, every later run passes at once: nothing to shrink.
    if (skip) return;
    // Runs share the check's tracker: what a passing run judged proves the check's rules.
    const run = createCheckContext(t.target, t.rules, opts.clock, t.deadlineAt, t.defaultRole, t.tracker, t.source);
    try {
      await body(run, value);
      // A passing run's notes (answers only one source allows) belong to the check's finding.
      for (const n of run.notes()) t.note(n);
    } catch (e) {
      skip = asSkip(e);
      if (skip) return;
      lastFailure = { error: e, exchanges: run.exchanges() };
      throw e;
    }
  });

  const details = await fc.check(property, {
    seed: opts.seed,
    numRuns: opts.numRuns,
    interruptAfterTimeLimit: opts.timeLimitMs,
    markInterruptAsFailure: false,
    ...(path ? { path } : {}),
    ...(opts.examples?.length ? { examples: opts.examples.map((e): [T] => [e]) } : {}),
  });
  // What the check's finding says of its runs, whatever its verdict (the evidence lists them per property).
  const runs = { planned: opts.numRuns, executed: details.numRuns };
  t.tracker.runs = runs;
  if (skip) throw skip;
  if (!details.failed) {
    if (details.interrupted) throw new PropertyCutShort(runs, opts.timeLimitMs);
    return;
  }
  // The last failing run is the minimal one: shrinking only moves on from a failure.
  const failure = lastFailure?.error ?? details.errorInstance ?? new Error('property failed');
  const exchanges = [...t.exchanges(), ...(lastFailure?.exchanges ?? [])];
  const counterexample = details.counterexample ? describeValue(details.counterexample[0]) : '(none)';
  const steps = numberedSteps(lastFailure?.exchanges ?? []);
  throw new PropertyCounterexample(
    failure,
    exchanges,
    details.seed,
    counterexample,
    details.numRuns,
    replayPathOf(details.counterexamplePath, counterexample),
    steps,
  );
}
