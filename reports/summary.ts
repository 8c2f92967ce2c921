/**
 * The run's summary: counts by verdict, one verdict per rule, and every finding.
 * summary.json is this object; the other formats are views of it.
 */
import type { Finding, StopReason, Verdict } from '../harness/model.js';
import { runExitCode } from '../harness/exit-codes.js';
import { withDigest } from './digest.js';
import { missingRequired, requiredRules, selectedChecks, type InventoryCheck } from './required.js';
import { countConfirmations, requestsOf } from './monitor/confirmations.js';
import { conditionsOf, judgedBy, type RunState } from './monitor/conditions.js';
import { compareHistory } from './monitor/history.js';
import { hostOutages, type HostOutage } from './monitor/outage.js';
import { judgeLatency, type LatencyJudgement } from './monitor/latency.js';
import { scopeOf } from './scope.js';
import { acceptedFailedRules, failsOnItsOwn, failsRun, newFailureCount } from './accepted.js';
import { summarizeBaseline, type BaselineSummary } from './baseline/match.js';
import { updatedEntries } from './baseline/update.js';
import type { Catalogue, Counts, HistoryComparison, RuleOutcome, RuleVerdict, RunInfo, RunSummary } from './types.js';

const SUMMARY_FORMAT: RunSummary['format'] = 'partner-conformance.summary/1';

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
