/**
 * Which findings fail a run: the one owner of that question. A failure (or, under --strict, a
 * warning about the target) fails it, unless the run accepts it: a violation of excluded rules
 * only (`--exclude-rule`), or a failure its baseline records (`known`; reports/baseline/). An
 * accepted failure is still reported in every format, never as passed.
 */
import type { Finding } from '../harness/model.js';
import { failurePairs, markFinding, type BaselineView } from './baseline/match.js';

/** A failure, or under --strict a warning about the target (a document's defect never fails a run). */
export const failsOnItsOwn = (f: Finding, strict: boolean): boolean =>
  f.verdict === 'failed' || (strict && f.verdict === 'warning' && f.subject !== 'document');

/** Reported, but not failing the run: of excluded rules only, or known in the baseline. */
export const isAccepted = (f: Finding): boolean => f.excluded === true || f.baseline?.status === 'known';

export const failsRun = (f: Finding, strict: boolean): boolean => failsOnItsOwn(f, strict) && !isAccepted(f);

/**
 * The distinct failures (a rule on an operation) that fail the run and its baseline, if any,
 * does not record: what is new to the CI owner (the GitHub Action's `new-failures`).
 */
export function newFailureCount(findings: readonly Finding[], strict: boolean): number {
  const fresh = findings.filter((f) => failsRun(f, strict) && f.baseline === undefined);
  return new Set(failurePairs(fresh).map((p) => `${p.rule} ${p.operation}`)).size;
}

/**
 * Rules that failed only in findings the run accepts: still reported as failed, but not a
 * condition of the run's history (a known failure is the baseline's, nothing to page about).
 */
export function acceptedFailedRules(findings: readonly Finding[]): string[] {
  const failing = (f: Finding) => f.verdict === 'failed';
  const rulesOf = (fs: readonly Finding[]) => new Set(fs.flatMap((f) => f.rules));
  const open = rulesOf(findings.filter((f) => failing(f) && !isAccepted(f)));
  return [...rulesOf(findings.filter((f) => failing(f) && isAccepted(f)))].filter((r) => !open.has(r)).sort();
}

/** What the run accepts: the rules it excludes and its baseline. */
export interface Acceptance {
  excludedRules?: readonly string[];
  baseline?: BaselineView;
}

/** The finding marked `excluded` (a violation of excluded rules only) and against the baseline. */
export function acceptFinding(finding: Finding, run: Acceptance): Finding {
  const excluded = run.excludedRules ?? [];
  const violation = finding.verdict === 'failed' || finding.verdict === 'warning';
  const marked =
    violation && finding.rules.length > 0 && finding.rules.every((r) => excluded.includes(r))
      ? { ...finding, excluded: true as const }
      : finding;
  return run.baseline && !marked.excluded ? markFinding(marked, run.baseline) : marked;
}
