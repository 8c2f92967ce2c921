/**
 * The types every report shares: what a run is (RunInfo, built once by the engine and handed to
 * every writer; it never carries a key value), what it found (RunSummary, with its rule
 * verdicts, scope and requirement) and what a monitor keeps between runs (conditions, history).
 * Types only, importing none of the modules that build them, so no report module imports another
 * in a circle to name what they share.
 */
import type { LatencyBudgets } from '../harness/budgets.js';
import type { ConfigWarning } from '../harness/errors.js';
import type { ExitRoute } from '../harness/exit-codes.js';
import type { Family, Finding, Rule, RuleStrength, StopReason, Verdict } from '../harness/model.js';
import type { RunProfile } from '../harness/run-profiles.js';
import type { BaselineSummary, BaselineView } from './baseline/match.js';
import type { ConfirmationCounts } from './monitor/confirmations.js';
import type { LatencyJudgement } from './monitor/latency.js';
import type { HostOutage } from './monitor/outage.js';
import type { TlsCertificate } from './monitor/tls.js';

/**
 * What every report says about the run itself: which target, which spec, which profile. Built
 * once per run by the engine (engine/plan-outputs.ts) and handed to every writer.
 */
export interface RunInfo {
  runId: string;
  /** ISO 8601 time the run started. */
  startedAt: string;
  runProfile: RunProfile;
  target: {
    name: string;
    baseUrl: string;
    /** True when the target is the embedded reference server. */
    embedded: boolean;
    /** Fault switched on in the embedded server, if any. */
    fault?: string;
    /** Variants switched on in the embedded server (valid choices where the contract is open). */
    variants?: string[];
  };
  spec: {
    /** Path or URL the schema checks came from. */
    source: string;
    /** `info.version` of the document, when it has one. */
    version?: string;
    /** `sha256:<hex>` of the document bytes, when they could be read. */
    digest?: string;
    /** `info.title` of the document, when it has one. */
    title?: string;
    /**
     * Defects of the document itself (a dangling `$ref`, an invalid schema): the parts they
     * touch go unchecked. They are the document's, not the target's.
     */
    defects?: SpecDefect[];
  };
  families: Family[];
  rules?: string[];
  /** `--exclude-rule`: rules the run does not hold the target to (never required, never passed). */
  excludedRules?: string[];
  /** `--exclude-family`: families left out of the run. */
  excludedFamilies?: Family[];
  /** `--baseline`: the failures the run accepts as known, and the day it judges their expiry on. */
  baseline?: BaselineView;
  /** `--shard i/n`, when the run is one share of the suite files. */
  shard?: string;
  /** This tool's version (package.json). */
  toolVersion?: string;
  /** The rule catalogue's version (specs/rules.json). */
  catalogueVersion?: string;
  seed: number;
  runs: number;
  strict: boolean;
  /** The command that repeats this run; a finding's reproduction command narrows it. */
  command: string;
  /**
   * The preflight of a remote target (engine/preflight.ts), before any check: the first ping
   * (its URL, role, status and X-Request-Id) and every ping, one per key role the run uses.
   */
  preflight?: {
    url: string;
    role: string;
    status?: number;
    error?: string;
    requestId?: string;
    pings?: Array<{ role: string; status?: number; error?: string; requestId?: string }>;
  };
  /** Profile mistakes found before the checks (harness/config-warnings); the checks they touch skip. */
  configWarnings?: ConfigWarning[];
  /** The latency budgets the run judges (harness/budgets.ts); absent when it judges none. */
  latency?: LatencyBudgets;
  /** The certificate chain of each https host of the profile, read by a handshake of its own. */
  tls?: TlsCertificate[];
  /**
   * `--history`: the run is compared with the history of its target and run profile (`previous`: absent for the
   * first), and a condition alerts once found in `alertAfter` runs in a row (`--alert-after`; default 1).
   */
  history?: { previous?: HistoryRecord; alertAfter?: number };
  /** The preflight stopped the run before any check: why, and the exit code it ends with. */
  preflightStop?: PreflightStop;
}

/** Why the preflight stopped a run (engine/preflight.ts): its stable code, exit code, message and fix. */
interface PreflightStop {
  code: string;
  exitCode: number;
  message: string;
  fix: string;
  /** Pings that showed the cause, and whether they were the run's whole confirmation window. */
  attempts?: number;
  confirmed?: boolean;
}

interface SpecDefect {
  /** JSON pointer (`#/...`) to the defect in the document. */
  pointer: string;
  /** The operation it sits in, when it sits inside one. */
  operationId?: string;
  message: string;
}

/** The rule catalogue by id, so writers can show a rule's section and statement. */
export type Catalogue = ReadonlyMap<string, Rule>;

/**
 * Verdicts of the checks (`total` of them), and `steps`: the setup steps that failed (not checks; see
 * reports/setup-steps.ts).
 */
export type Counts = Record<Verdict, number> & { total: number; steps: number };

/**
 * A rule's verdict: its checks' worst, or `not selected` (outside the run's families, --rule or
 * shard) or `not reached` (selected, but no check reported on it: none covers it in this run
 * profile, its check stopped at a violation of another rule first, or judged no exchange for
 * it), or `excluded` (--exclude-rule, or only in --exclude-family families: whatever its checks
 * found). `passed` only on an exchange a check judged for it. Never passed by default.
 */
export type RuleVerdict = Verdict | 'not selected' | 'not reached' | 'excluded';

export interface RuleOutcome {
  verdict: RuleVerdict;
  section?: string;
  strength?: RuleStrength;
  statement?: string;
  /** Number of checks that named the rule. */
  checks: number;
  /**
   * A passed rule's proof: each check (`<family>/<id>`) that judged exchanges for it, with their
   * indexes in that check's finding's `exchanges`.
   */
  proof?: Array<{ check: string; exchanges: number[] }>;
}

export interface RunSummary {
  format: 'partner-conformance.summary/1';
  runId: string;
  startedAt: string;
  finishedAt: string;
  durationMs: number;
  target: RunInfo['target'];
  spec: RunInfo['spec'];
  runProfile: RunInfo['runProfile'];
  families: RunInfo['families'];
  ruleFilter?: string[];
  /** Stopped before its end by Ctrl-C (`stopped.reason` says so too). */
  interrupted?: boolean;
  /** Stopped before its end (Ctrl-C, the run's deadline): every check it had not finished is `not run`. */
  stopped?: { reason: StopReason };
  /** What the run covered and with what versions; `scope.complete` is false for a partial run. */
  scope: RunScope;
  seed: number;
  runs: number;
  strict: boolean;
  command: string;
  /** The preflight ping of a remote target, before any check. */
  preflight?: RunInfo['preflight'];
  /** Profile mistakes found before the checks, each with a stable code and a fix; absent when none. */
  configWarnings?: RunInfo['configWarnings'];
  counts: Counts;
  /**
   * Distinct failures (a rule on an operation) that fail the run and its baseline does not
   * record: all of them without a baseline (the GitHub Action's `new-failures`).
   */
  newFailures: number;
  /** The rules the run profile requires of this run, and those it did not prove (reports/required.ts). */
  required: RequiredSummary;
  /**
   * `failed` when a check failed, or a warning was raised under --strict; `empty` when the
   * selection (families, rules, profile, shard) held no check about the target: nothing was tested;
   * `blocked` when no check failed but some could not test their rules (a transport cause, or
   * a setup step the target did not complete that breaks no rule); `incomplete` when none of
   * those, but a required rule was not proven or the run stopped before its end; `degraded` when
   * it would have passed, but an answer came slower than its latency budget; `unusable` when the
   * preflight stopped it before any check (`preflightStop` says why).
   */
  outcome: 'passed' | 'failed' | 'empty' | 'blocked' | 'incomplete' | 'degraded' | 'unusable';
  /** The preflight stopped the run before any check: its cause, exit code and fix. */
  preflightStop?: RunInfo['preflightStop'];
  /** The run's exit code (docs/exit-codes.md; harness/exit-codes.ts). */
  exitCode: number;
  /** Requests the run sent to the target: the preflight's, its checks' and their confirmations'. */
  requests: number;
  /** Every answer against its latency budget, when the run judges latency. */
  latency?: LatencyJudgement;
  /** Checks tried again after a transport failure or a 5xx, by result; absent when none was. */
  confirmations?: ConfirmationCounts;
  /** Hosts of the profile that are down: every check that exchanged with one failed alike (no answer, a 5xx). */
  outages?: HostOutage[];
  /** The certificate chain of each https host of the profile: when its first certificate expires, if it is trusted. */
  tls?: TlsCertificate[];
  /** `--history`: this run beside the last one of its target and run profile. */
  history?: HistoryComparison;
  /** `--baseline`: known, expired, fixed and new failures against it (reports/baseline/). */
  baseline?: BaselineSummary;
  /** One verdict per rule of the catalogue. */
  ruleVerdicts: Record<string, RuleOutcome>;
  /** How many rules of the catalogue got each verdict. */
  ruleCounts: Record<RuleVerdict, number>;
  findings: Finding[];
  /** `sha256:<hex>` over the canonical JSON of this object without `digest`. */
  digest: string;
}

export interface MissingRule {
  rule: string;
  verdict: RuleVerdict;
  /** What it needs to be proven: the needs of its skipped checks, what blocked them, why it was not reached. */
  needs: string[];
  /**
   * Its checks stopped at a failure the run accepts (known in the baseline, of an excluded rule):
   * told, but not keeping the run from PASSED, or no baseline could ever turn a run green.
   */
  accepted?: true;
  /**
   * A plan's only: a run-wide check that runs judges it over the run's traffic, which a plan
   * cannot foresee (a bound request's list filters, a property's draws), so the run may prove it.
   */
  traffic?: true;
}

export interface RequiredSummary {
  /** The requirement in words, with the selection that narrowed it. */
  basis: string;
  /** The required rules. */
  rules: string[];
  /** Required rules the run did not prove (none: the run is complete), each with what it needs. */
  missing: MissingRule[];
  /** Rules of the selection no run can reach: never required. */
  unreachable: string[];
  /** Required rules left unproven only by accepted failures their checks stopped at; absent when none. */
  accepted?: MissingRule[];
}

export interface RunScope {
  runProfile: RunProfile;
  families: Family[];
  /** `--rule` filter, when given. */
  rules?: string[];
  /** `--shard i/n`, when given. */
  shard?: string;
  /** `--exclude-rule`, `--exclude-family`, when given: never passed, never required. */
  excludedRules?: string[];
  excludedFamilies?: Family[];
  /** `--baseline`: the file of failures the run accepts as known. */
  baseline?: string;
  seed: number;
  runs: number;
  strict: boolean;
  toolVersion: string;
  catalogueVersion: string;
  /** `sha256:<hex>` of the spec document the schema checks came from. */
  specDigest?: string;
  /**
   * Every family, no rule filter or exclusion, no shard, the run not stopped, and every rule the
   * run profile requires proven: the whole of the run profile.
   */
  complete: boolean;
  /** Why the run is partial, in the words of its flags (and of what it left unproven); empty when complete. */
  partial: string[];
}

/** Something wrong with the target in a run, keyed so that the next run can tell whether it is the same. */
export interface Condition {
  /** `target:down`, `rule:ISSUERS-ORDER`, `exit:5`: one PagerDuty dedup key each. */
  key: string;
  /** Whose it is to act (the exit code's route; a failed rule is the contract's). */
  route: ExitRoute;
  /** One line an on-call reads. */
  title: string;
  /** When the first run that had it finished (ISO 8601), and which run that was. */
  since: string;
  sinceRunId: string;
  /**
   * The run found it on a confirmed failure, or on an answer final at once; false when only on
   * failures whose confirmation the run's budget or deadline cut short (they never alert alone).
   */
  confirmed: boolean;
}

/** A condition as the history keeps it between runs. */
export interface TrackedCondition extends Condition {
  /** Runs in a row that judged it and found it (at most HISTORY_DEPTH): a run that did not judge it is no gap. */
  runs: number;
  /** It alerts: found in `alertAfter` runs in a row (and in two when never confirmed); stays so until recovered. */
  alerting: boolean;
}

/** One run of the history. */
interface RunLine {
  runId: string;
  finishedAt: string;
  exitCode: number;
  outcome: string;
}

/** What a destination was last told is open: the condition's title and route then, and when. */
export interface Told {
  title: string;
  route: ExitRoute;
  at: string;
}

/** The history of a target and run profile: its last runs, what is open, and what each destination heard. */
export interface HistoryRecord {
  format: 'partner-conformance.history/2';
  target: { name: string; baseUrl: string };
  runProfile: RunProfile;
  /** The last runs, oldest first (at most HISTORY_DEPTH). */
  runs: RunLine[];
  /** What is wrong, as the last run that judged each condition found it. */
  conditions: TrackedCondition[];
  /** Per notification destination (engine/monitor/notify/ names them), the conditions it was told are open. */
  told: Record<string, Record<string, Told>>;
}

export interface HistoryComparison {
  /** The run compared with; absent for the first run of this target and run profile. */
  previous?: RunLine;
  /** Runs in a row a condition must be found before it alerts (`--alert-after`). */
  alertAfter: number;
  /** Wrong now, not open before. */
  new: TrackedCondition[];
  /** Wrong now and open before (`since` the first run that had it). */
  still: TrackedCondition[];
  /** Open before, judged by this run and not found. */
  recovered: TrackedCondition[];
  /** Open before, not judged by this run (a rule it did not run, a host it did not reach): kept as they were. */
  unjudged: TrackedCondition[];
  /** A condition began to alert, or an alerting one recovered: the notifications have something to tell. */
  changed: boolean;
  /** The target's base URL is not the one of the history's last run: the history carries over (one key: its name). */
  moved?: { from: string };
}
