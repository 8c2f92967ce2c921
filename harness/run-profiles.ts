/**
 * The run profiles (`--profile`): what a smoke, conformance or certification run means. Every
 * consumer reads this table, none branches on a profile's name: a new run profile is one entry
 * here (test/run-profiles.test.ts holds every consumer to that).
 */

export interface RunProfileSpec {
  /** One line for `--help`. */
  summary: string;
  /** fast-check runs per property when `--runs` is not given. */
  runs: number;
  /**
   * Runs of a sequence property (a model run costs a dozen requests or more) for its main test
   * carrier, at most `--runs`; absent: `runs`.
   */
  sequenceRuns?: number;
  /** Requests one run may send; the one past it is refused before it leaves. Absent: unbounded. */
  requestCap?: number;
  /**
   * The run's overall deadline in ms, from its start, unless the target profile sets
   * `runTimeoutMs`: past it the run stops as Ctrl-C stops it (the checks under way are cut
   * short), and its outcome says so. Below the job timeout of the profile's workflow, so the
   * reports are still written.
   */
  runTimeoutMs: number;
  /** Requests with side effects are allowed (a `readOnly` target profile still forbids them). */
  writes: boolean;
  /**
   * Each family's checks send with its own key (FAMILY_KEYS, harness/suite/family-keys.ts) when the target profile has
   * one.
   */
  familyKeys: boolean;
  /** Checks that name no run profile (`verify(..., { profiles })`) belong to this one. */
  defaultChecks: boolean;
  /** evidence.json is written, and report.html shows the evidence section. */
  evidence: boolean;
  /** Pages a walk of a list reads at its largest page size before it jumps to the last ones (absent: 2). */
  pagesPerWalk?: number;
  /**
   * Requests the rate-limit checks may spend measuring tiers beyond the cheapest one the profile
   * has a key for (a tier costs its burst and three more); tiers are taken cheapest first (absent: 0).
   */
  tierRequests?: number;
  /**
   * Requests the checks of request members on their stated bounds (suites/owed/bounds.ts) spend
   * in one run, shared by the operations that owe them: each run sends the next bounds, so
   * consecutive seeds cover them all (absent: 0, none sent).
   */
  boundRequests?: number;
  /**
   * The rules a run must prove for a complete verdict (reports/required.ts): `family-rules`
   * every stated rule of the selected families, `check-rules` every stated rule the run's own
   * checks name; within `--rule` and a shard's files. A required rule that ends skipped,
   * blocked, not run or not reached makes the outcome `incomplete` (exit 7). A rule no run
   * can reach (the catalogue's `unreachable`) is never required.
   */
  requires: RequiredRules;
  /**
   * Confirmation before failure: a check (and a preflight ping) that fails on a transport cause
   * or a 5xx is tried again after `pauseMs`, up to `attempts` in all, and fails only when every
   * attempt failed (`confirmed`; one that passes makes the failures `transient`). `requests`
   * bounds what all confirmations of a run may send, inside `requestCap`; a target profile's
   * `confirm` sets the attempts and the pause, and may lower `requests`, never raise it.
   * Absent: a check's failure is final (the preflight still tries once more, PREFLIGHT_CONFIRM).
   */
  confirm?: ConfirmBudget;
  /**
   * The longest wait of a replay, in ms: a keyed create of the run is replayed once this long has
   * passed since it was answered (the run's own checks fill most of it; the replay waits only what
   * is left). Absent: the replay waits for nothing. The 24 hours a key is kept are beyond any run.
   */
  replayAfterMs?: number;
  /**
   * The latency budget of an exchange when the target profile gives none, in ms: an answer
   * slower than its budget makes an otherwise passing run `degraded` (exit 10). Absent: only the
   * budgets a target profile gives are judged.
   */
  latencyBudgetMs?: number;
}

/** How a run confirms a failure, and what its confirmations may spend (RunProfileSpec.confirm). */
export interface ConfirmBudget {
  /** Attempts of a failing check in all, the first included: it fails only when every one failed. */
  attempts: number;
  /** The pause before each attempt after the first, in ms: the window is (attempts - 1) pauses. */
  pauseMs: number;
  /** Requests all confirmations of the run may send together. */
  requests: number;
}

export type RequiredRules = 'family-rules' | 'check-rules';

export const RUN_PROFILES = {
  smoke: {
    summary: 'a few read-only checks within a request budget (production schedules)',
    runs: 1,
    // A 15-minute schedule within a monthly quota.
    requestCap: 10,
    // Ten requests at a 10 s timeout each, well inside a 5-minute job.
    runTimeoutMs: 3 * 60_000,
    writes: false,
    // Proving the approved key valid is its point, and it has no budget to spare.
    familyKeys: false,
    defaultChecks: false,
    evidence: false,
    // A handful of checks, each the whole watch on its part of the API: one skipped leaves it unwatched.
    requires: 'check-rules',
    // Its checks send at most 8 of the 10 (the preflight included); two are kept to confirm a
    // failure: three attempts 5 s apart ride out a blip of two failed requests (a load balancer
    // routing around a bad instance, a restart) and page only on a failure that lasts 10 s.
    confirm: { attempts: 3, pauseMs: 5_000, requests: 2 },
    // A read of this API answers in well under a second; 2 s is slow for any of them, and far
    // from the 10 s request timeout, so slowness shows before it becomes an outage.
    latencyBudgetMs: 2_000,
  },
  // Sequence runs keep the whole suite within its request budget (conformance 500, certification 900);
  // the model's fixed tour (suites/enrollments/state-model/tour.ts) runs besides them in every profile.
  conformance: {
    summary: 'the whole suite',
    runs: 10,
    sequenceRuns: 2,
    // About 30 s against the embedded server; ~500 requests at one a second (every key at tier
    // low) take about 9 minutes: room for that, inside a 30-minute job.
    runTimeoutMs: 15 * 60_000,
    writes: true,
    familyKeys: true,
    defaultChecks: true,
    evidence: false,
    // The deploy gate: a gap is named by narrowing (--family, --rule), never left to a skip.
    requires: 'family-rules',
    pagesPerWalk: 3,
    // Low and medium in the reference profile (5 + 13): high waits for certification.
    tierRequests: 15,
    // Seconds: the family's own checks take about as long against the embedded server.
    replayAfterMs: 15_000,
    // One request of each operation that owes the check, and five more by weight: every operation each run.
    boundRequests: 15,
  },
  certification: {
    summary: 'the whole suite, more runs per property, with evidence.json',
    runs: 25,
    sequenceRuns: 15,
    // About 6 minutes at tier low against the embedded server; inside a 60-minute job per shard.
    runTimeoutMs: 45 * 60_000,
    writes: true,
    familyKeys: true,
    defaultChecks: true,
    evidence: true,
    requires: 'family-rules',
    pagesPerWalk: 8,
    tierRequests: 60,
    // Minutes: at most three more than the run takes anyway, well inside its deadline.
    replayAfterMs: 3 * 60_000,
    // Every bound of every operation within two or three seeds.
    boundRequests: 120,
  },
} as const satisfies Record<string, RunProfileSpec>;

export type RunProfile = keyof typeof RUN_PROFILES;

/** The run profile when `--profile` is not given (also the mutation campaign's). */
export const DEFAULT_RUN_PROFILE: RunProfile = 'conformance';

/** Every run profile, in table order. */
export const RUN_PROFILE_NAMES = Object.keys(RUN_PROFILES) as RunProfile[];

export function isRunProfile(name: string): name is RunProfile {
  return Object.hasOwn(RUN_PROFILES, name);
}

/** The entry of `name`, read through the wide type so optional fields stay optional. */
export function runProfile(name: RunProfile): RunProfileSpec {
  return RUN_PROFILES[name];
}

/** A check's `profiles` option: a list of run profiles, or `all` of them (new ones included). */
export type CheckProfiles = readonly RunProfile[] | 'all';

/** Whether a check declaring `profiles` (undefined: it names none) belongs to a run of `name`. */
export function checkBelongsTo(name: RunProfile, profiles: CheckProfiles | undefined): boolean {
  if (profiles === undefined) return runProfile(name).defaultChecks;
  return profiles === 'all' || profiles.includes(name);
}
