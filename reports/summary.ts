/**
 * The run's summary: counts by verdict, one verdict per rule, and every finding.
 * summary.json is this object; the other formats are views of it.
 */
import type { Finding, RuleStrength, StopReason, Verdict } from '../harness/model.js';
import { runExitCode } from '../harness/exit-codes.js';
import { withDigest } from './digest.js';
import {
  missingRequired,
  requiredRules,
  selectedChecks,
  type InventoryCheck,
  type RequiredSummary,
} from './required.js';
import { countConfirmations, requestsOf, type ConfirmationCounts } from './monitor/confirmations.js';
import { conditionsOf, judgedBy, type RunState } from './monitor/conditions.js';
import { compareHistory, type HistoryComparison } from './monitor/history.js';
import { hostOutages, type HostOutage } from './monitor/outage.js';
import { judgeLatency, type LatencyJudgement } from './monitor/latency.js';
import type { TlsCertificate } from './monitor/tls.js';
import type { Catalogue, RunInfo } from './run-info.js';
import { scopeOf, type RunScope } from './scope.js';
import { acceptedFailedRules, failsOnItsOwn, failsRun, newFailureCount } from './accepted.js';
import { summarizeBaseline, type BaselineSummary } from './baseline/match.js';
import { updatedEntries } from './baseline/update.js';

const SUMMARY_FORMAT = 'partner-conformance.summary/1';

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

export const RULE_VERDICTS: readonly RuleVerdict[] = [
  'passed',
  'failed',
  'warning',
  'skipped',
  'blocked',
  'not run',
  'not selected',
  'not reached',
  'excluded',
];

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
  format: typeof SUMMARY_FORMAT;
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

/** Worst first: a rule takes the worst verdict of the checks that named it. */
// A rule one of whose checks was blocked or not run is not fully verified, even when another check passed it.
const SEVERITY: Record<Verdict, number> = { failed: 5, warning: 4, blocked: 3, 'not run': 2, passed: 1, skipped: 0 };

export function countVerdicts(findings: readonly Finding[]): Counts {
  const counts: Counts = {
    total: 0,
    passed: 0,
    failed: 0,
    warning: 0,
    skipped: 0,
    blocked: 0,
    'not run': 0,
    steps: 0,
  };
  for (const finding of findings) {
    if (finding.subject === 'step') counts.steps += 1;
    else {
      counts.total += 1;
      counts[finding.verdict] += 1;
    }
  }
  return counts;
}

/** What the run selected, for the rules no finding named. */
export type RuleSelection = Pick<RunInfo, 'families' | 'rules' | 'shard' | 'excludedRules' | 'excludedFamilies'>;

/** Excluded by --exclude-rule, or belonging only to families --exclude-family left out. */
function isExcluded(rule: { id: string; families: readonly string[] }, selection: RuleSelection): boolean {
  if (selection.excludedRules?.includes(rule.id)) return true;
  const out = selection.excludedFamilies ?? [];
  return out.length > 0 && rule.families.every((f) => out.includes(f as RunInfo['families'][number]));
}

const ofSelectedFamily = (rule: { families: readonly string[] }, selection: RuleSelection): boolean =>
  rule.families.some((f) => selection.families.includes(f as RunInfo['families'][number]));

function unseenVerdict(rule: { id: string; families: readonly string[] }, selection: RuleSelection): RuleVerdict {
  const selected =
    ofSelectedFamily(rule, selection) && (selection.rules === undefined || selection.rules.includes(rule.id));
  // A shard runs a share of the files: a rule it did not reach may be another shard's.
  return selected && selection.shard === undefined ? 'not reached' : 'not selected';
}

/** One verdict per rule of the catalogue (and any other rule a finding named), sorted by rule id. */
export function ruleVerdicts(
  findings: readonly Finding[],
  catalogue: Catalogue,
  selection?: RuleSelection,
): Record<string, RuleOutcome> {
  const byRule = new Map<
    string,
    { verdict: Verdict; checks: number; section?: string; proof: NonNullable<RuleOutcome['proof']> }
  >();
  for (const finding of findings) {
    for (const rule of finding.rules) {
      // A passed check counts for a rule only when it judged an exchange for it.
      const judged = finding.proof?.[rule] ?? [];
      if (finding.verdict === 'passed' && judged.length === 0) continue;
      const proof =
        judged.length > 0 ? [{ check: `${finding.family}/${finding.id ?? finding.check}`, exchanges: judged }] : [];
      const seen = byRule.get(rule);
      // A rule missing from the catalogue keeps the section its single-rule finding gave.
      const section = finding.rules.length === 1 ? finding.section : undefined;
      if (!seen) byRule.set(rule, { verdict: finding.verdict, checks: 1, section, proof });
      else {
        seen.checks += 1;
        seen.proof.push(...proof);
        if (SEVERITY[finding.verdict] > SEVERITY[seen.verdict]) seen.verdict = finding.verdict;
      }
    }
  }
  const out: Record<string, RuleOutcome> = {};
  const ids = new Set([...byRule.keys(), ...(selection ? catalogue.keys() : [])]);
  for (const id of [...ids].sort()) {
    const rule = catalogue.get(id);
    const seen = byRule.get(id);
    if (rule && selection && isExcluded(rule, selection))
      out[id] = {
        verdict: 'excluded',
        checks: seen?.checks ?? 0,
        section: rule.section,
        strength: rule.strength,
        statement: rule.statement,
      };
    // A check that joins every run (the run-wide and history checks) skips rules of families the
    // run left out for want of their traffic: such a rule is not selected, not skipped.
    else if (seen && !(seen.verdict === 'skipped' && rule && selection && !ofSelectedFamily(rule, selection)))
      out[id] = {
        verdict: seen.verdict,
        checks: seen.checks,
        section: rule?.section ?? seen.section,
        strength: rule?.strength,
        statement: rule?.statement,
        ...(seen.verdict === 'passed' ? { proof: seen.proof } : {}),
      };
    else if (rule && selection)
      out[id] = {
        verdict: unseenVerdict(rule, selection),
        checks: 0,
        section: rule.section,
        strength: rule.strength,
        statement: rule.statement,
      };
  }
  return out;
}

/** `193 rules: 180 passed, 2 failed, ...` (zero counts left out). */
export function ruleCountsLine(counts: Record<RuleVerdict, number>): string {
  const total = RULE_VERDICTS.reduce((n, v) => n + counts[v], 0);
  return `${total} rules: ${RULE_VERDICTS.filter((v) => counts[v] > 0)
    .map((v) => `${counts[v]} ${v}`)
    .join(', ')}`;
}

export function countRuleVerdicts(verdicts: Record<string, RuleOutcome>): Record<RuleVerdict, number> {
  const counts = Object.fromEntries(RULE_VERDICTS.map((v) => [v, 0])) as Record<RuleVerdict, number>;
  for (const outcome of Object.values(verdicts)) counts[outcome.verdict] += 1;
  return counts;
}

/**
 * The run's outcome from all its findings (one check's is harness/suite/outcome.ts's).
 * `failed` when a check failed, or under --strict when a check about the target warned; a
 * defect of the loaded document is never the target's failure. `incomplete` when nothing
 * failed or was blocked, but `complete` is false: a required rule was not proven, or the run
 * stopped before its end.
 */
export function runOutcomeOf(findings: readonly Finding[], strict: boolean, complete = true): RunSummary['outcome'] {
  // A run in which no check about the target was judged (none was selected, or every one was
  // skipped for a key role, fixture or capability the profile lacks) tested nothing; it must
  // never read as passed.
  if (!findings.some((f) => f.subject !== 'document' && f.verdict !== 'skipped')) return 'empty';
  // A failure the run accepts (an excluded rule's, a known one of the baseline) is reported, not failing.
  if (findings.some((f) => failsRun(f, strict))) return 'failed';
  if (findings.some((f) => f.verdict === 'blocked')) return 'blocked';
  return complete ? 'passed' : 'incomplete';
}

/**
 * The exit code of a summary, by the one rule (`runExitCode`, harness/exit-codes.ts):
 * `transportBlock` is the code of the transport cause that blocked checks, when the engine
 * found one (engine/transport-blocks.ts).
 */
export function exitCodeOf(
  summary: Pick<RunSummary, 'outcome' | 'findings' | 'preflightStop' | 'interrupted'>,
  transportBlock?: number,
): number {
  return runExitCode({
    outcome: summary.outcome,
    ...(summary.interrupted ? { interrupted: true } : {}),
    ...(summary.preflightStop ? { preflightStop: summary.preflightStop.exitCode } : {}),
    ...(transportBlock !== undefined ? { transportBlock } : {}),
    onlySetupBlocked: summary.findings.every((f) => f.verdict !== 'blocked' || f.step !== undefined),
  });
}

/** How a run ended, beside its findings: what it held, and why it stopped early, if it did. */
export interface RunEnd {
  finishedAt: Date;
  /** The run's checks as collected (harness/suite/inventory.ts), deselected ones included. */
  inventory?: readonly InventoryCheck[];
  stopped?: StopReason;
}

/** A summary before its exit code, its history and its digest: what the exit code is decided on. */
type SummaryBody = Omit<RunSummary, 'exitCode' | 'history' | 'digest'>;

export interface SummaryOptions {
  /** The exit code of the transport cause that blocked checks of these findings, if one did (the engine's). */
  transportBlock?: (findings: readonly Finding[]) => number | undefined;
  /**
   * Requests the run's journal says left the client (every check, step, retry and preflight ping); default counted from
   * the findings.
   */
  requestsSent?: number;
}

/** Requests the engine sent before the checks: the preflight's pings, also when it stopped the run. */
const preflightRequests = (info: RunInfo) =>
  info.preflight?.pings?.length ?? (info.preflight || info.preflightStop ? 1 : 0);

/**
 * `passed` over a latency budget is `degraded`; any other outcome stands (the over-budget answers are still reported).
 */
function withLatency(outcome: RunSummary['outcome'], latency: LatencyJudgement | undefined): RunSummary['outcome'] {
  return outcome === 'passed' && latency && latency.over.length > 0 ? 'degraded' : outcome;
}

/** A host down fails a run that would otherwise pass (its checks may name only inferred rules, which warn). */
function withOutages(outcome: RunSummary['outcome'], outages: readonly HostOutage[]): RunSummary['outcome'] {
  return outages.length > 0 && (outcome === 'passed' || outcome === 'degraded' || outcome === 'incomplete')
    ? 'failed'
    : outcome;
}

/** A host that answered its checks with 5xx only is unhealthy (exit 9); a transport block's code goes first. */
const outageExit = (outages: readonly HostOutage[]) => (outages.some((o) => o.exitCode === 9) ? 9 : undefined);

/** The codes of the causes that stopped the run or blocked checks (transport causes, not setup steps). */
const causesOf = (info: RunInfo, findings: readonly Finding[]) => [
  ...new Set([
    ...(info.preflightStop ? [info.preflightStop.code] : []),
    ...findings.flatMap((f) => (f.verdict === 'blocked' && f.step === undefined && f.blockedBy ? [f.blockedBy] : [])),
  ]),
];

/** This run beside its history: what it found, what it judged, and what alerts. */
function historyOf(info: RunInfo, body: SummaryBody, exitCode: number, outages: HostOutage[]): HistoryComparison {
  const state: RunState = {
    ...body,
    exitCode,
    outages,
    causes: causesOf(info, body.findings),
    acceptedRules: acceptedFailedRules(body.findings),
    pinged: info.preflight !== undefined,
    stopped: body.stopped !== undefined,
  };
  return compareHistory(
    info.history!.previous,
    conditionsOf(state),
    judgedBy(state),
    info.history!.alertAfter ?? 1,
    info.target.baseUrl,
  );
}

/** The findings against the run's baseline, and what --update-baseline writes. */
function baselineOf(info: RunInfo, findings: readonly Finding[]): BaselineSummary {
  const baseline = info.baseline!;
  const summary = summarizeBaseline(baseline, findings, (f) => failsRun(f, info.strict));
  if (!baseline.update) return summary;
  const { entries, added, removed } = updatedEntries(baseline, findings, (f) => failsOnItsOwn(f, info.strict));
  return { ...summary, update: { entries: entries.length, added, removed } };
}

/** The run's configuration warnings: those found before the checks, then those checks found (each told once). */
function configWarningsOf(info: RunInfo, findings: readonly Finding[]): Pick<RunSummary, 'configWarnings'> {
  const all = [...(info.configWarnings ?? []), ...findings.flatMap((f) => f.configWarnings ?? [])];
  const told = new Set<string>();
  const once = all.filter((w) => !told.has(w.message) && told.add(w.message));
  return once.length > 0 ? { configWarnings: once } : {};
}

export function buildSummary(
  info: RunInfo,
  findings: readonly Finding[],
  catalogue: Catalogue,
  ended: Date | RunEnd,
  interrupted = false,
  options: SummaryOptions = {},
): RunSummary {
  const end: RunEnd = ended instanceof Date ? { finishedAt: ended } : ended;
  const { finishedAt } = end;
  const stopped = end.stopped ?? (interrupted ? 'interrupted' : undefined);
  const counts = countVerdicts(findings);
  const verdicts = ruleVerdicts(findings, catalogue, info);
  const inventory = end.inventory ?? [];
  const required = requiredRules(catalogue, info, inventory);
  const gaps = missingRequired(required.rules, verdicts, findings, selectedChecks(inventory, info), stopped);
  const missing = gaps.filter((m) => !m.accepted);
  const acceptedGaps = gaps.filter((m) => m.accepted);
  const scope = scopeOf(info, { missing, stopped });
  const latency = judgeLatency(findings, info.latency);
  const confirmations = countConfirmations(findings);
  const outages = info.preflightStop ? [] : hostOutages(findings, info.target.baseUrl);
  const body: SummaryBody = {
    format: SUMMARY_FORMAT,
    runId: info.runId,
    startedAt: info.startedAt,
    finishedAt: finishedAt.toISOString(),
    durationMs: Math.max(0, finishedAt.getTime() - Date.parse(info.startedAt)),
    target: info.target,
    spec: info.spec,
    runProfile: info.runProfile,
    families: info.families,
    ruleFilter: info.rules,
    ...(stopped === 'interrupted' ? { interrupted: true } : {}),
    ...(stopped ? { stopped: { reason: stopped } } : {}),
    scope,
    seed: info.seed,
    runs: info.runs,
    strict: info.strict,
    command: info.command,
    preflight: info.preflight,
    ...configWarningsOf(info, findings),
    counts,
    newFailures: newFailureCount(findings, info.strict),
    required: { ...required, missing, ...(acceptedGaps.length ? { accepted: acceptedGaps } : {}) },
    outcome: info.preflightStop
      ? 'unusable'
      : withOutages(
          withLatency(runOutcomeOf(findings, info.strict, missing.length === 0 && stopped === undefined), latency),
          outages,
        ),
    ...(info.preflightStop ? { preflightStop: info.preflightStop } : {}),
    requests: options.requestsSent ?? requestsOf(findings, preflightRequests(info)),
    ...(latency ? { latency } : {}),
    ...(confirmations ? { confirmations } : {}),
    ...(outages.length > 0 ? { outages } : {}),
    ...(info.tls?.length ? { tls: info.tls } : {}),
    ruleVerdicts: verdicts,
    ruleCounts: countRuleVerdicts(verdicts),
    ...(info.baseline ? { baseline: baselineOf(info, findings) } : {}),
    findings: [...findings],
  };
  const exitCode = exitCodeOf(body, options.transportBlock?.(body.findings) ?? outageExit(outages));
  const history = info.history ? historyOf(info, body, exitCode, outages) : undefined;
  return withDigest({ ...body, exitCode, ...(history ? { history } : {}) });
}
