/**
 * The certification evidence: what a partner hands over. Per rule, its verdict and the
 * exchanges that showed it, tied to summary.json by the summary's digest.
 */
import type { Exchange, RuleStrength, Verdict } from '../harness/model.js';
import { withDigest } from './digest.js';
import type { RunSummary } from './summary.js';

export const EVIDENCE_FORMAT = 'partner-conformance.evidence/1';

export interface EvidenceCheck {
  check: string;
  verdict: Verdict;
  expected?: string;
  observed?: string;
  needs?: string;
  exchanges: Exchange[];
}

export interface EvidenceRule {
  id: string;
  section?: string;
  strength?: RuleStrength;
  statement?: string;
  verdict: Verdict;
  checks: EvidenceCheck[];
}

export interface Evidence {
  format: typeof EVIDENCE_FORMAT;
  runId: string;
  target: RunSummary['target'];
  spec: RunSummary['spec'];
  runProfile: RunSummary['runProfile'];
  startedAt: string;
  finishedAt: string;
  outcome: RunSummary['outcome'];
  counts: RunSummary['counts'];
  rules: EvidenceRule[];
  /** The digest of summary.json this evidence belongs to. */
  summaryDigest: string;
  /** `sha256:<hex>` over this object without `digest`. */
  digest: string;
}

export function buildEvidence(summary: RunSummary): Evidence {
  const rules: EvidenceRule[] = Object.entries(summary.ruleVerdicts).map(([id, outcome]) => ({
    id,
    section: outcome.section,
    strength: outcome.strength,
    statement: outcome.statement,
    verdict: outcome.verdict,
    checks: summary.findings
      .filter((finding) => finding.rules.includes(id))
      .map(({ check, verdict, expected, observed, needs, exchanges }) => ({ check, verdict, expected, observed, needs, exchanges })),
  }));
  return withDigest({
    format: EVIDENCE_FORMAT,
    runId: summary.runId,
    target: summary.target,
    spec: summary.spec,
    runProfile: summary.runProfile,
    startedAt: summary.startedAt,
    finishedAt: summary.finishedAt,
    outcome: summary.outcome,
    counts: summary.counts,
    rules,
    summaryDigest: summary.digest,
  });
}
