/**
 * The suite API: `verify(title, rules, body, opts)` registers one vitest test that verifies
 * the named rules and stores its Finding in `task.meta.finding` for the reporters;
 * `verifyProperty` does the same for a fast-check property.
 */
import { test, type TestContext } from 'vitest';
import type { Finding } from '../model.js';
import { isRunProfile, type CheckProfiles } from '../run-profiles.js';
import { getTarget, runConfig } from '../target.js';
import { resolveRules, ruleCatalogue } from './catalogue.js';
import type { CheckContext } from './context.js';
import { familyOf } from './family.js';
import { checkEntry, type CheckEntry } from './inventory.js';
import { notSelected, type Needs } from './needs.js';
import type { Outcome } from './outcome.js';
import { checkProperty, type ArbitraryFor, type PropertyBody } from './property.js';
import { propertyRuns } from './property-runs.js';
import { confirmedTimeoutMs, runConfirmed } from './confirm.js';

declare module 'vitest' {
  interface TaskMeta {
    /** The outcome of a conformance check (see harness/suite/verify.ts). */
    finding?: Finding;
    /**
     * Findings beside it: a passed check's rules it had nothing to judge against (skipped), or a
     * run-wide check's, one per exchange that broke its rule (harness/suite/run-wide.ts).
     */
    findings?: Finding[];
    /** The check as registered (harness/suite/inventory.ts): known before it runs, whatever its verdict. */
    check?: CheckEntry;
  }
}

export interface VerifyOptions {
  needs?: Needs;
  /**
   * The check draws from the requests the rest of the run sent: the command that repeats it is
   * the whole run with its seed, not the check alone (which would have nothing to draw from).
   */
  drawsFromRun?: boolean;
  /** Bound on the whole check, requests and polling included; default DEFAULT_CHECK_TIMEOUT_MS. */
  timeoutMs?: number;
  /**
   * Run profiles the check belongs to, or `all`; default: those whose RUN_PROFILES entry takes
   * `defaultChecks` (conformance and certification, never smoke).
   */
  profiles?: CheckProfiles;
}

interface VerifyPropertyOptions extends VerifyOptions {
  /** At most this many runs, whatever `--runs` says (for properties that send many requests). */
  maxRuns?: number;
  /**
   * A sequence property: its runs are this share of the run profile's `sequenceRuns` (at least
   * one, at most `--runs`), so the profile sets what its budget allows.
   */
  sequenceShare?: number;
  /**
   * What a run must reach for the property to say anything (its body returns `{ reached }`):
   * when no run reached it, the check is skipped, saying so and with how many runs.
   */
  reach?: string;
}

/** A property's options with its directed inputs: `examples(t)` run first, each one of its runs (default none). */
export type PropertyOptions<T> = VerifyPropertyOptions & { examples?: (t: CheckContext) => T[] };

/** A check runs at most this long by default; the test itself gets a little more to report it. */
const DEFAULT_CHECK_TIMEOUT_MS = 60_000;
const REPORT_GRACE_MS = 5_000;

type Body = (t: CheckContext, seed: number | undefined) => Promise<void>;

function register(title: string, ruleIds: string[], body: Body, opts: VerifyOptions, seeded: boolean): void {
  // Collection-time validation: a typo in a rule id or profile fails the suite file loudly.
  const rules = resolveRules(ruleCatalogue(), title, ruleIds);
  const stray =
    opts.profiles === undefined || opts.profiles === 'all' ? [] : opts.profiles.filter((p) => !isRunProfile(p));
  if (stray.length > 0) throw new Error(`check "${title}" names unknown run profile(s) ${stray.join(', ')}`);
  const timeoutMs = opts.timeoutMs ?? DEFAULT_CHECK_TIMEOUT_MS;
  const entry = checkEntry(title, rules, opts.needs, opts.profiles, seeded);
  const timeout = confirmedTimeoutMs(timeoutMs) + REPORT_GRACE_MS;

  test(title, { timeout, meta: { check: entry } }, async (ctx: TestContext) => {
    const config = runConfig();
    const deselected = notSelected(config, ruleIds, opts.profiles);
    // Deselected checks carry no finding: they are not part of this run (reporters drop them).
    if (deselected) ctx.skip(deselected);
    const target = await getTarget();
    const seed = seeded ? config.seed : undefined;
    const outcome: Outcome = await runConfirmed(
      {
        title,
        id: entry.id,
        family: familyOf(ctx.task.file?.filepath, rules),
        rules,
        needs: opts.needs,
        timeoutMs,
        seed,
        ...(opts.drawsFromRun ? { wholeRun: true } : {}),
        body: (t) => body(t, seed),
      },
      target,
    );
    ctx.task.meta.finding = outcome.finding;
    if (outcome.more?.length) ctx.task.meta.findings = outcome.more;
    if (outcome.action === 'skip') ctx.skip(outcome.note);
    if (outcome.action === 'fail') throw outcome.error;
  });
}

/**
 * Registers a check of `rules` (ids of specs/rules.json; unknown ids throw at collection).
 * The body sends requests through `t.send` and asserts with `t.expect`; a RuleViolation it
 * throws fails the check (a warning when every violated rule is `inferred` and the run is not strict).
 */
export function verify(
  title: string,
  rules: string[],
  fn: (t: CheckContext) => Promise<void>,
  opts: VerifyOptions = {},
): void {
  register(title, rules, (t) => fn(t), opts, false);
}

/**
 * Registers a property check: `arbitrary(t)` builds the inputs (it may send setup requests,
 * e.g. to learn a county's fips_code), `fn(t, value)` checks one input. Runs `--runs` times
 * from `--seed`; a failure shrinks and reports its counterexample, seed and a `--seed` command.
 */
export function verifyProperty<T>(
  title: string,
  rules: string[],
  arbitrary: ArbitraryFor<T>,
  fn: PropertyBody<T>,
  opts: PropertyOptions<T> = {},
): void {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_CHECK_TIMEOUT_MS;
  register(
    title,
    rules,
    (t, seed) =>
      checkProperty(t, arbitrary, fn, {
        seed: seed ?? 0,
        ...(t.config.path ? { path: t.config.path } : {}),
        numRuns: propertyRuns(t.config, opts),
        // Directed inputs first, each one of the runs (a replayed path counts them too).
        ...(opts.examples ? { examples: opts.examples(t) } : {}),
        ...(opts.reach ? { reach: opts.reach } : {}),
        // Leave a tenth of the check's time to report the counterexample.
        timeLimitMs: Math.floor(timeoutMs * 0.9),
      }),
    opts,
    true,
  );
}
