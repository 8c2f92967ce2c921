/**
 * A run's findings against its baseline, rule by rule on the operation each failure was judged
 * on: a failure every rule of which the baseline records on its operation is `known` (reported,
 * not failing the run), or `expired` when one of those entries is past its date (failing again);
 * a check that now passes a recorded rule on an exchange of the entry's operation shows the
 * entry `fixed`, so it can go. Anything else failing is new, the same rule on another endpoint
 * included. The summary counts each distinct failure (a rule on an operation) once, however many
 * exchanges or checks showed it. The date is injected (`today`), so expiry is tested without a
 * clock.
 */
import type { BaselineMark, Exchange, Finding } from '../../harness/model.js';
import type { BaselineEntry, RunBaseline } from './file.js';

/** `YYYY-MM-DD` of `now` in UTC: the day an entry's `expires` is compared with. */
export const dayOf = (now: Date): string => now.toISOString().slice(0, 10);

/** An entry is accepted through its `expires` day, and expired from the day after. */
export const isExpired = (entry: BaselineEntry, today: string): boolean =>
  entry.expires !== undefined && entry.expires < today;

/** The baseline as a run reads it: its entries, and the day the run judges expiry on. */
export interface BaselineView extends RunBaseline {
  /** `YYYY-MM-DD` (UTC) of the run. */
  today: string;
}

/** The operation an exchange was sent to, as a baseline entry names it. */
const operationOfExchange = (ex: Pick<Exchange, 'operation' | 'request'>): string =>
  ex.operation ?? `${ex.request.method.toUpperCase()} (no operation)`;

/**
 * The operation a failure was judged on: the violation's (`Finding.operation`), a setup step's
 * exchange's, else the one exchange the finding shows (a run-wide check's violation); a failure
 * that named none (a check that crashed) is of its last exchange.
 */
export function failureOperation(f: Finding): string {
  if (f.operation !== undefined) return f.operation;
  const shown = f.step?.exchange ?? f.exchanges.at(-1);
  return shown ? operationOfExchange(shown) : '(no operation)';
}

/** A failure or a warning about the target (a document's defect is never the target's). */
const isViolation = (f: Finding) => f.subject !== 'document' && (f.verdict === 'failed' || f.verdict === 'warning');

const sameEntry = (rule: string, operation: string) => (e: BaselineEntry) =>
  e.rule === rule && e.operation === operation;

function markOf(status: BaselineMark['status'], entries: readonly BaselineEntry[]): BaselineMark {
  const reasons = [...new Set(entries.flatMap((e) => (e.reason ? [e.reason] : [])))];
  const expires = entries.flatMap((e) => (e.expires ? [e.expires] : [])).sort()[0];
  return {
    status,
    rules: entries.map((e) => e.rule),
    operations: [...new Set(entries.map((e) => e.operation))],
    ...(reasons.length ? { reason: reasons.join('; ') } : {}),
    ...(expires ? { expires } : {}),
  };
}

/** The recorded entries a passing check shows fixed: a recorded rule judged on an exchange of the entry's operation. */
function fixedBy(finding: Finding, entries: readonly BaselineEntry[]): BaselineEntry[] {
  return entries.filter((e) =>
    (finding.proof?.[e.rule] ?? []).some((i) => {
      const ex = finding.exchanges[i];
      return ex !== undefined && operationOfExchange(ex) === e.operation;
    }),
  );
}

/** The finding with its baseline mark (`known`, `expired` or `fixed`); as it is when the baseline names it not. */
export function markFinding(finding: Finding, baseline: BaselineView): Finding {
  if (isViolation(finding)) {
    const operation = failureOperation(finding);
    const matched = finding.rules.map((rule) => baseline.entries.find(sameEntry(rule, operation)));
    // A violation of a rule the baseline does not record on this operation is new, whatever else it records.
    if (finding.rules.length === 0 || matched.some((e) => e === undefined)) return finding;
    const recorded = matched as BaselineEntry[];
    const expired = recorded.filter((e) => isExpired(e, baseline.today));
    return { ...finding, baseline: expired.length ? markOf('expired', expired) : markOf('known', recorded) };
  }
  // Fixed only where the check judged the rule on an exchange of the entry's operation (a bare pass proves nothing).
  const fixed = finding.verdict === 'passed' ? fixedBy(finding, baseline.entries) : [];
  return fixed.length > 0 ? { ...finding, baseline: markOf('fixed', fixed) } : finding;
}

/** One distinct failure, a rule on an operation, as the summary lists it. */
export interface BaselineItem {
  rule: string;
  operation: string;
  reason?: string;
  expires?: string;
}

/** summary.json `baseline`: what the run's findings are against the baseline. */
export interface BaselineSummary {
  file: string;
  /** Entries the file held when the run read it. */
  entries: number;
  /** Failures it records: reported, not failing the run. */
  known: BaselineItem[];
  /** Failures it records past their `expires`: failing the run again. */
  expired: BaselineItem[];
  /** Rules on operations it records as failing that the run's checks now pass: the entry can go. */
  fixed: BaselineItem[];
  /** Failures of the run it does not record: failing the run. */
  new: BaselineItem[];
  /** --update-baseline: what the file holds after the run. */
  update?: { entries: number; added: number; removed: number };
}

/** A failure that fails the run unless accepted: failed, or a warning under --strict (reports/accepted.ts). */
export type FailsRun = (f: Finding) => boolean;

const itemKey = (item: Pick<BaselineItem, 'rule' | 'operation'>) => `${item.rule} ${item.operation}`;

/** Each distinct rule on an operation once, with its entry's reason and expiry when the baseline has one. */
function distinctItems(
  baseline: BaselineView,
  pairs: ReadonlyArray<Pick<BaselineItem, 'rule' | 'operation'>>,
): BaselineItem[] {
  const seen = new Set<string>();
  return pairs
    .filter((p) => !seen.has(itemKey(p)) && Boolean(seen.add(itemKey(p))))
    .map(({ rule, operation }) => {
      const entry = baseline.entries.find(sameEntry(rule, operation));
      return {
        rule,
        operation,
        ...(entry?.reason ? { reason: entry.reason } : {}),
        ...(entry?.expires ? { expires: entry.expires } : {}),
      };
    });
}

/** The rules on operations of the findings a run fails on: each of a finding's rules, on its operation. */
export const failurePairs = (findings: readonly Finding[]) =>
  findings.flatMap((f) => f.rules.map((rule) => ({ rule, operation: failureOperation(f) })));

export function summarizeBaseline(
  baseline: BaselineView,
  findings: readonly Finding[],
  failsRun: FailsRun,
): BaselineSummary {
  const marked = (status: BaselineMark['status']) => findings.filter((f) => f.baseline?.status === status);
  const recorded = (status: BaselineMark['status']) =>
    marked(status).flatMap((f) => f.baseline!.rules.map((rule) => ({ rule, operation: failureOperation(f) })));
  const known = distinctItems(baseline, recorded('known'));
  const expired = distinctItems(baseline, recorded('expired'));
  const failing = new Set([...known, ...expired].map(itemKey));
  // An entry some check passes is fixed only if no check of the run still fails it.
  const fixed = distinctItems(
    baseline,
    marked('fixed').flatMap((f) => fixedBy(f, baseline.entries)),
  ).filter((item) => !failing.has(itemKey(item)));
  const fresh = findings.filter((f) => failsRun(f) && f.baseline === undefined && !f.excluded);
  return {
    file: baseline.file,
    entries: baseline.entries.length,
    known,
    expired,
    fixed,
    new: distinctItems(baseline, failurePairs(fresh)),
  };
}
