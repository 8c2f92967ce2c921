/**
 * The run's summary: counts by verdict, one verdict per rule, and every finding.
 * summary.json is this object; the other formats are views of it.
 */
import type { Finding, RuleStrength, Verdict } from '../harness/model.js';
import { withDigest } from './digest.js';
import type { Catalogue, RunInfo } from './run-info.js';
import { scopeOf, type RunScope } from './scope.js';

export const SUMMARY_FORMAT = 'partner-conformance.summary/1';

export type Counts = Record<Verdict, number> & { total: number };

export interface RuleOutcome {
  verdict: Verdict;
  section?: string;
  strength?: RuleStrength;
  statement?: string;
  /** Number of checks that named the rule. */
  checks: number;
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
  /** Stopped before its end (Ctrl-C): the findings are those of the checks that finished. */
  interrupted?: boolean;
  /** What the run covered and with what versions; `scope.complete` is false for a partial run. */
  scope: RunScope;
  seed: number;
  runs: number;
  strict: boolean;
  command: string;
  /** The preflight ping of a remote target, before any check. */
  preflight?: RunInfo['preflight'];
  counts: Counts;
  /**
   * `failed` when a check failed, or a warning was raised under --strict; `empty` when the
   * selection (families, rules, profile, shard) held no check about the target: nothing was tested;
   * `blocked` when no check failed but some could not test their rules (a transport cause).
   */
  outcome: 'passed' | 'failed' | 'empty' | 'blocked';
  ruleVerdicts: Record<string, RuleOutcome>;
  findings: Finding[];
  /** `sha256:<hex>` over the canonical JSON of this object without `digest`. */
  digest: string;
}

/** Worst first: a rule takes the worst verdict of the checks that named it. */
// A rule one of whose checks was blocked is not fully verified, even when another check passed it.
const SEVERITY: Record<Verdict, number> = { failed: 4, warning: 3, blocked: 2, passed: 1, skipped: 0 };

export function countVerdicts(findings: readonly Finding[]): Counts {
  const counts: Counts = { total: findings.length, passed: 0, failed: 0, warning: 0, skipped: 0, blocked: 0 };
  for (const finding of findings) counts[finding.verdict] += 1;
  return counts;
}

/** One verdict per rule named by any finding, sorted by rule id. */
export function ruleVerdicts(findings: readonly Finding[], catalogue: Catalogue): Record<string, RuleOutcome> {
  const byRule = new Map<string, { verdict: Verdict; checks: number; section?: string }>();
  for (const finding of findings) {
    for (const rule of finding.rules) {
      const seen = byRule.get(rule);
      // A rule missing from the catalogue keeps the section its single-rule finding gave.
      const section = finding.rules.length === 1 ? finding.section : undefined;
      if (!seen) byRule.set(rule, { verdict: finding.verdict, checks: 1, section });
      else {
        seen.checks += 1;
        if (SEVERITY[finding.verdict] > SEVERITY[seen.verdict]) seen.verdict = finding.verdict;
      }
    }
  }
  const out: Record<string, RuleOutcome> = {};
  for (const id of [...byRule.keys()].sort()) {
    const rule = catalogue.get(id);
    const seen = byRule.get(id)!;
    out[id] = { verdict: seen.verdict, checks: seen.checks, section: rule?.section ?? seen.section, strength: rule?.strength, statement: rule?.statement };
  }
  return out;
}

/**
 * `failed` when a check failed, or under --strict when a check about the target warned; a
 * defect of the loaded document is never the target's failure.
 */
export function outcomeOf(findings: readonly Finding[], strict: boolean): RunSummary['outcome'] {
  // A run with no check about the target tested nothing; it must never read as passed.
  if (!findings.some((f) => f.subject !== 'document')) return 'empty';
  const failing = (f: Finding) => f.verdict === 'failed' || (strict && f.verdict === 'warning' && f.subject !== 'document');
  if (findings.some(failing)) return 'failed';
  return findings.some((f) => f.verdict === 'blocked') ? 'blocked' : 'passed';
}

const EXIT_CODES: Record<RunSummary['outcome'], 0 | 1 | 2 | 4> = { passed: 0, failed: 1, empty: 2, blocked: 4 };

/** Exit code of a completed run: 0 passed (warnings allowed), 1 failed, 2 nothing selected, 4 checks blocked by the network. */
export function exitCodeOf(summary: Pick<RunSummary, 'outcome'>): 0 | 1 | 2 | 4 {
  return EXIT_CODES[summary.outcome];
}

export function buildSummary(info: RunInfo, findings: readonly Finding[], catalogue: Catalogue, finishedAt: Date, interrupted = false): RunSummary {
  const counts = countVerdicts(findings);
  return withDigest({
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
    ...(interrupted ? { interrupted: true } : {}),
    scope: scopeOf(info),
    seed: info.seed,
    runs: info.runs,
    strict: info.strict,
    command: info.command,
    preflight: info.preflight,
    counts,
    outcome: outcomeOf(findings, info.strict),
    ruleVerdicts: ruleVerdicts(findings, catalogue),
    findings: [...findings],
  });
}
