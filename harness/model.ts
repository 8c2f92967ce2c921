/**
 * The shared vocabulary of the suite: rules, exchanges and findings.
 * Every layer (client, checks, suites, reporters, CLI) speaks in these types.
 */

import type { ConfigWarning } from './errors.js';

/** `stated`: the contract says it. `inferred`: a reasonable reading of what it leaves open. */
export type RuleStrength = 'stated' | 'inferred';

/** Endpoint families; each has a folder under suites/. */
export const FAMILIES = [
  'utility',
  'reference',
  'quotes',
  'enrollment-sessions',
  'policy-status',
  'enrollments',
  'legacy-ichra',
  'medicare',
] as const;
export type Family = (typeof FAMILIES)[number];

/** One normative statement of the contract (specs/rules.json). */
export interface Rule {
  /** Stable id, e.g. `IDEMP-REPLAY-HEADER`. */
  id: string;
  /** Contract section, e.g. `8` or `4.6`. */
  section: string;
  strength: RuleStrength;
  /** Families the rule applies to (cross-cutting rules list several). */
  families: Family[];
  /** One line, in the contract's own words where possible. */
  statement: string;
  /** True when observing the rule needs a request with side effects. */
  writes?: boolean;
  /**
   * Why no run can observe the rule (a 24-hour retention, a monthly quota): it is never required
   * of a run (reports/required.ts) and its verdict stays `not reached`.
   */
  unreachable?: string;
  /**
   * For an `inferred` rule: why a conforming implementation could break it, one line naming the
   * latitude the contract leaves (the audit, harness/rule-audit/, requires it). Every report shows
   * it beside the rule's warning: the reason the run warns instead of failing.
   */
  warning_reason?: string;
}

/**
 * What the sender made wrong on purpose in a request that expects a refusal: these `members`
 * (body members as dotted paths, query parameters and headers by name), everything else as a
 * valid request has it; or the request as a `whole` (its JSON, its size, its media type, its
 * key). The oracles over the run judge what a request meant: a request made wrong on purpose is
 * left to the check that sent it by every oracle that compares an answer with what was sent.
 */
export type MadeWrong = { kind: 'members'; members: readonly string[] } | { kind: 'whole'; what: string };

/** A recorded HTTP exchange. Header values and bodies are already redacted. */
export interface Exchange {
  request: {
    method: string;
    url: string;
    headers: Record<string, string>;
    /** Request body as sent (text), or a short description for binary bodies. */
    body?: string;
  };
  /** Absent when the request failed before a response (timeout, refused, reset). */
  response?: {
    status: number;
    headers: Record<string, string>;
    /** Response body as text (truncated to a bounded size). */
    body: string;
    /** Parsed JSON body, when the body was JSON. */
    json?: unknown;
    /** The body's bytes are not UTF-8 (its text shows U+FFFD where they fail); never set on a cut body. */
    notUtf8?: true;
  };
  /** Transport failure code when there is no response (e.g. `UND_ERR_CONNECT_TIMEOUT`). */
  error?: string;
  /**
   * True when the status line and headers arrived before the failure (a reset mid-body): the
   * target answered, so the failure is its own, not the network's.
   */
  answerBegan?: true;
  /** Milliseconds from sending to the end of the response. */
  durationMs: number;
  /**
   * When the request left the client (ISO 8601, after its wait for the rate budget); for a
   * request never sent (its budget wait ran out), when it was made.
   */
  startedAt?: string;
  /** Where the time went, in milliseconds, as HAR names the phases. */
  timings?: ExchangeTimings;
  /** Key role used (e.g. `approved`), never the key itself. */
  role?: string;
  /** The operation of the contract it was sent to, as `METHOD /path-template` (e.g. `GET /v1/reference/counties`). */
  operation?: string;
  /** Free text the sender attached (e.g. which step of a check this was). */
  label?: string;
  /** True when the response body was cut at the client's size bound (the body text says so too). */
  truncated?: boolean;
  /** What the sender made wrong on purpose; absent on a request meant valid. */
  wrong?: MadeWrong;
}

/** The phases of an exchange (HAR 1.2 `timings`), in milliseconds. */
interface ExchangeTimings {
  /** Waiting for the key's rate budget before the request left. */
  blocked: number;
  /** From sending to the first byte of the answer (connecting included); the whole time when none came. */
  wait: number;
  /** Reading the answer's body. */
  receive: number;
}

/** Who sent an exchange: a check (its title and family), or the engine (`preflight`, `configuration warnings`). */
export interface ExchangeSource {
  check: string;
  family?: Family | 'contract';
}

/**
 * One exchange of the run's journal (`exchanges.ndjson` in the report folder): every exchange
 * of the run, whichever check, step, retry or engine request sent it.
 */
export interface JournalEntry extends ExchangeSource {
  /** Which interface the request went to (`v1`, `legacy`, `medicare`). */
  api: 'v1' | 'legacy' | 'medicare';
  exchange: Exchange;
  /**
   * Pairs the line written when the request left with the one written when it ended; a request
   * whose end the run never saw (stopped while it was under way) reads back with `error`
   * UNFINISHED (harness/client/journal.ts).
   */
  id?: string;
  /** The line written when the request left: the request alone (no body), no answer yet. */
  sent?: true;
}

/**
 * `blocked`: the check could not test its rules for a cause that is not theirs: a transport
 * failure (no answer), or a setup step it needs that the target did not complete.
 * `not run`: the run stopped (Ctrl-C, its deadline) before the check finished: nothing was judged.
 */
export type Verdict = 'passed' | 'failed' | 'warning' | 'skipped' | 'blocked' | 'not run';

/** Why a run stopped before its end: every check it had not finished is `not run`. */
export type StopReason = 'interrupted' | 'deadline';

/** The outcome of one check of one or more rules. */
export interface Finding {
  /** The check's name (the test title). */
  check: string;
  /**
   * The check's stable id within its family (the slug of its title; harness/suite/inventory.ts):
   * with `family`, it names the check across runs, whatever its verdict.
   */
  id?: string;
  family: Family | 'contract';
  rules: string[];
  /** Contract sections of those rules, from the catalogue, e.g. `4.1, 5.2`. */
  section?: string;
  verdict: Verdict;
  /**
   * For a warning: why it is not a failure, shown beside it in every report. The inferred rules'
   * `warning_reason` (the latitude a conforming implementation has there), the disagreement of the
   * two sources that allows the answer, or the loaded document's own defect.
   */
  warningReason?: string;
  /** For failures: what the rule expects and what was observed. */
  expected?: string;
  observed?: string;
  /**
   * For a sequence property's failure: its shortest failing sequence as numbered steps with their
   * exchanges (harness/suite/sequence-steps.ts). Not `step`, the setup step below: both names are
   * fields of summary.json's format and stay as they are.
   */
  steps?: string;
  message?: string;
  /** For skips: what the check needs, e.g. `role unapproved` or `fixture cancellablePlanId`. */
  needs?: string;
  /**
   * For blocked checks: what blocked them, e.g. `E_TARGET_NOT_LISTENING` or `setup step: create a planFull
   * application`.
   */
  blockedBy?: string;
  /**
   * A setup step that failed (harness/suite/setup-step.ts): on the checks it blocked, and on the
   * one finding that stands for the step (`subject: 'step'`). Not `steps`, a sequence's steps.
   */
  step?: StepFailure;
  exchanges: Exchange[];
  /**
   * For a passed check (or one that warned): per rule, the indexes in `exchanges` of the
   * exchanges the check judged for it. A rule with none was not proven by this check.
   */
  proof?: Record<string, number[]>;
  /**
   * Fixtures and key roles the check read without declaring them (harness/suite/declared-reads.ts):
   * a defect of the check, which the `plan` could not foresee. Absent when there is none.
   */
  undeclaredReads?: string[];
  /**
   * For a failure or a warning: the operation (`GET /v1/reference/providers`, method and route as
   * the documents name it) of the exchange the violation was judged on, the one a baseline entry
   * names. Absent when the violation named no exchange.
   */
  operation?: string;
  /**
   * Profile mistakes the check found in the target's answers (a key of another tier than its
   * profile declares, W_KEY_TIER): the summary lists them with the run's configuration warnings.
   */
  configWarnings?: ConfigWarning[];
  /**
   * The check failed on a transport cause or a 5xx, and the run profile confirms failures
   * (RUN_PROFILES `confirm`): `confirmed` when every attempt of its window failed (its verdict
   * and `exchanges` are the last attempt's), `transient` when a later attempt did not fail,
   * `unconfirmed` when the run's budget or deadline ended the window early (it stays failed).
   */
  confirmation?: Confirmation;
  /**
   * For a property check: the runs it was to make and those it made. A property its time limit
   * cut short (`executed` below `planned`) proved nothing: it is `not run`, its rules unproven.
   */
  runs?: PropertyRuns;
  /** A command that replays this check alone. */
  reproduce?: string;
  durationMs?: number;
  /**
   * What the finding is about: the target (absent); `document` for a defect of the loaded
   * OpenAPI document itself, which is a warning about the document and never fails a run;
   * `step` for a setup step the target did not complete (not a check: the checks that needed
   * it are `blocked` by it), failed only when it breaks a rule.
   */
  subject?: 'document' | 'step';
  /**
   * The finding against the run's baseline (`--baseline`; reports/baseline/): `known`, a failure
   * it records (reported, not failing the run); `expired`, one it recorded past its `expires`
   * date (failing again); `fixed`, a check passing a rule it records as failing. Absent without one.
   */
  baseline?: BaselineMark;
  /** A failure of excluded rules only (`--exclude-rule`): reported, never failing the run. */
  excluded?: true;
}

/** How a baseline names a finding (Finding.baseline). */
export interface BaselineMark {
  status: 'known' | 'expired' | 'fixed';
  /** The rules of the finding the baseline records, on `operations`. */
  rules: string[];
  /** The operations of those entries (a failure's own one; those a passing check judged for a fixed one). */
  operations: string[];
  /** The entries' reasons, when they give one. */
  reason?: string;
  /** The earliest `expires` date (YYYY-MM-DD) of those entries, when they give one. */
  expires?: string;
}

/** The runs of a property check (Finding.runs). */
export interface PropertyRuns {
  /** Runs the property was to make (`--runs`, narrowed by the property's own options). */
  planned: number;
  /** Runs it made: fewer than planned when its time limit cut it short, or a replayed `--path` ran one input. */
  executed: number;
}

/** How a check's failure on a transport cause or a 5xx was confirmed (Finding.confirmation). */
export interface Confirmation {
  result: 'confirmed' | 'transient' | 'unconfirmed';
  /** Attempts made, the last one (whose outcome is the finding's) included. */
  attempts: number;
  /** The failed attempts before the last, first first: what each observed and the exchanges it sent. */
  earlier: Array<{ observed?: string; message?: string; exchanges: Exchange[] }>;
  /** The pause before each attempt after the first, in ms. */
  pauseMs?: number;
  /** Why the window ended before its last attempt (unconfirmed). */
  reason?: string;
}

/**
 * A setup step a check needed and the target did not complete (create an application, start a
 * session, bring an application to a state): what was expected and observed, and the rules
 * the failure breaks (none when the contract does not require the step to succeed).
 */
export interface StepFailure {
  /** The step, e.g. `create a planFull application`. */
  name: string;
  expected: string;
  observed: string;
  /** Rules the failed step shows broken (a valid create refused breaks ENR-CREATE-SUCCESS); empty when none. */
  breaks: string[];
  /** What to check when the step fails for the target's setup (a fixture, a test carrier). */
  hint?: string;
  /** The exchange that failed the step (on the step's own finding; the checks it blocked name it only). */
  exchange?: Exchange;
}

/** The six policy states of an enrollment (the contract's section 3). */
export const POLICY_STATUSES = [
  'draft',
  'pending_effectuation',
  'effectuated',
  'submission_failed',
  'cancelled',
  'terminated',
] as const;
export type PolicyStatus = (typeof POLICY_STATUSES)[number];
