/**
 * The certification evidence: what a partner hands over, in its signed bundle (reports/bundle/).
 * Per rule, its verdict and the exchanges that showed it, tied to summary.json by the summary's
 * digest; per property, the runs it made. It names no folder of the machine that ran.
 */
import { BUDGET_TIMEOUT } from '../harness/client/errors.js';
import type { Exchange, JournalEntry, PropertyRuns, RuleStrength, Verdict } from '../harness/model.js';
import { withDigest } from './digest.js';
import type { RuleVerdict, RunSummary } from './types.js';

export const EVIDENCE_FORMAT = 'partner-conformance.evidence/2';
/**
 * The format before the bundle: evidence.json signed on its own (an Ed25519 `signature` member of
 * this project's making), without the runs each property made. `verify` reads it for integrity only.
 */
export const OLD_EVIDENCE_FORMAT = 'partner-conformance.evidence/1';

interface EvidenceCheck {
  check: string;
  /** The check's stable id within its family. */
  id?: string;
  family?: string;
  verdict: Verdict;
  /** For a warning: why it is not a failure (Finding.warningReason). */
  warningReason?: string;
  expected?: string;
  observed?: string;
  needs?: string;
  exchanges: Exchange[];
  /** For a passed check: the indexes in `exchanges` of those it judged for the rule. */
  proof?: number[];
  /** For a property check: the runs it was to make and those it made (cut short: `not run`). */
  runs?: PropertyRuns;
}

export interface EvidenceRule {
  id: string;
  section?: string;
  strength?: RuleStrength;
  statement?: string;
  verdict: RuleVerdict;
  checks: EvidenceCheck[];
}

/** One exchange as the provider finds it in its own logs. */
export interface ExchangeRef {
  check: string;
  method: string;
  url: string;
  status?: number;
  /** The target's `X-Request-Id` of the answer; null when it sent none (or there was no answer). */
  requestId: string | null;
  /** When the request left (ISO 8601), to find it in the target's logs. */
  startedAt?: string;
}

export interface Evidence {
  format: typeof EVIDENCE_FORMAT;
  runId: string;
  target: RunSummary['target'];
  spec: RunSummary['spec'];
  runProfile: RunSummary['runProfile'];
  /** What the run covered (families, rule filter, shard, seed, runs, versions); `complete` false when partial. */
  scope: RunSummary['scope'];
  startedAt: string;
  finishedAt: string;
  outcome: RunSummary['outcome'];
  /** Stopped before its end by Ctrl-C. */
  interrupted?: boolean;
  /** Stopped before its end (Ctrl-C, the run's deadline): the checks it had not finished are `not run`. */
  stopped?: RunSummary['stopped'];
  counts: RunSummary['counts'];
  /** The rules the run profile required of the run, and those it did not prove. */
  required?: RunSummary['required'];
  rules: EvidenceRule[];
  /**
   * Every request the run sent, in the order they started (the preflight first), with the
   * target's X-Request-Id: one entry per request that left the client, whichever check, setup
   * step, retry or engine read sent it; so as many as the target received.
   */
  requestIds: ExchangeRef[];
  /** The digest of summary.json this evidence belongs to (merged evidence: each shard's is in `mergedFrom`). */
  summaryDigest?: string;
  /** Merged shard evidence (`merge-evidence`): the shards it was made of, each with the key that signed its bundle. */
  mergedFrom?: Array<{ runId: string; shard: string; summaryDigest?: string; kid?: string }>;
  /** `sha256:<hex>` over this object without `digest`. */
  digest: string;
}

/** `journal`: the run's journal (harness/client/journal.ts); without one, the findings' exchanges stand in. */
export function buildEvidence(summary: RunSummary, journal: readonly JournalEntry[] = []): Evidence {
  const rules: EvidenceRule[] = Object.entries(summary.ruleVerdicts).map(([id, outcome]) => ({
    id,
    section: outcome.section,
    strength: outcome.strength,
    statement: outcome.statement,
    verdict: outcome.verdict,
    checks: summary.findings
      .filter((finding) => finding.rules.includes(id))
      .map(
        ({
          check,
          id: checkId,
          family,
          verdict,
          warningReason,
          expected,
          observed,
          needs,
          exchanges,
          proof,
          runs,
        }) => ({
          check,
          ...(checkId ? { id: checkId } : {}),
          family,
          verdict,
          ...(verdict === 'warning' && warningReason ? { warningReason } : {}),
          expected,
          observed,
          needs,
          exchanges,
          ...(proof?.[id] ? { proof: proof[id] } : {}),
          ...(runs ? { runs } : {}),
        }),
      ),
  }));
  return withDigest({
    format: EVIDENCE_FORMAT,
    runId: summary.runId,
    target: summary.target,
    spec: summary.spec,
    runProfile: summary.runProfile,
    scope: summary.scope,
    startedAt: summary.startedAt,
    finishedAt: summary.finishedAt,
    outcome: summary.outcome,
    ...(summary.interrupted ? { interrupted: true } : {}),
    ...(summary.stopped ? { stopped: summary.stopped } : {}),
    counts: summary.counts,
    required: summary.required,
    rules,
    requestIds: journal.length > 0 ? requestIdsOfJournal(journal) : requestIdsOf(summary),
    summaryDigest: summary.digest,
  });
}

function header(headers: Record<string, string> | undefined, name: string): string | undefined {
  const key = Object.keys(headers ?? {}).find((k) => k.toLowerCase() === name);
  return key === undefined ? undefined : headers![key];
}

function refOf(check: string, ex: Exchange): ExchangeRef {
  return {
    check,
    method: ex.request.method,
    url: ex.request.url,
    ...(ex.response ? { status: ex.response.status } : {}),
    requestId: header(ex.response?.headers, 'x-request-id') ?? null,
    ...(ex.startedAt ? { startedAt: ex.startedAt } : {}),
  };
}

/** Every request of the journal that left the client (one held back for its rate budget never did), earliest first. */
export function requestIdsOfJournal(journal: readonly JournalEntry[]): ExchangeRef[] {
  return journal
    .filter((e) => e.exchange.error !== BUDGET_TIMEOUT)
    .map((e) => refOf(e.check, e.exchange))
    .sort((a, b) => (a.startedAt ?? '').localeCompare(b.startedAt ?? ''));
}

/** The findings' exchanges, the preflight first: what a run without a journal can list. */
function requestIdsOf(summary: Pick<RunSummary, 'findings' | 'preflight'>): ExchangeRef[] {
  const preflight: ExchangeRef[] = summary.preflight
    ? [
        {
          check: 'preflight',
          method: 'GET',
          url: summary.preflight.url,
          ...(summary.preflight.status !== undefined ? { status: summary.preflight.status } : {}),
          requestId: summary.preflight.requestId ?? null,
        },
      ]
    : [];
  return preflight.concat(
    summary.findings.flatMap((finding) => finding.exchanges.map((ex) => refOf(finding.check, ex))),
  );
}
