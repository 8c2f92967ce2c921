/**
 * A run's findings against its baseline: a failure every rule of which the baseline records for
 * its check is `known` (reported, not failing the run), or `expired` when one of those entries is
 * past its date (failing again); a check that now passes a rule the baseline records is `fixed`,
 * so the entry can go. Anything else failing is new. The date is injected (`today`), so expiry is
 * tested without a clock.
 */
import type { ConfigWarning } from '../../harness/errors.js';
import { configWarning } from '../../harness/errors.js';
import type { BaselineMark, Finding } from '../../harness/model.js';
import { checkId, checkKey } from '../../harness/suite/inventory.js';
import type { InventoryCheck } from '../required.js';
import type { BaselineEntry, RunBaseline } from './file.js';

/** `YYYY-MM-DD` of `now` in UTC: the day an entry's `expires` is compared with. */
export const dayOf = (now: Date): string => now.toISOString().slice(0, 10);

/** An entry is accepted through its `expires` day, and expired from the day after. */
export const isExpired = (entry: BaselineEntry, today: string): boolean =>
  entry.expires !== undefined && entry.expires < today;

/** The baseline as a run reads it: its entries by check, and the day the run judges expiry on. */
export interface BaselineView extends RunBaseline {
  /** `YYYY-MM-DD` (UTC) of the run. */
  today: string;
}

export const findingKey = (f: Pick<Finding, 'family' | 'id' | 'check'>): string =>
  checkKey(f.family, f.id ?? checkId(f.check));

/** A failure or a warning about the target (a document's defect is never the target's). */
const isViolation = (f: Finding) => f.subject !== 'document' && (f.verdict === 'failed' || f.verdict === 'warning');

function markOf(status: BaselineMark['status'], entries: readonly BaselineEntry[]): BaselineMark {
  const reasons = [...new Set(entries.flatMap((e) => (e.reason ? [e.reason] : [])))];
  const expires = entries.flatMap((e) => (e.expires ? [e.expires] : [])).sort()[0];
  return {
    status,
    rules: entries.map((e) => e.rule),
    ...(reasons.length ? { reason: reasons.join('; ') } : {}),
    ...(expires ? { expires } : {}),
  };
}

/** The finding with its baseline mark (`known`, `expired` or `fixed`); as it is when the baseline names it not. */
export function markFinding(finding: Finding, baseline: BaselineView): Finding {
  const key = findingKey(finding);
  const entries = baseline.entries.filter((e) => e.check === key);
  if (entries.length === 0) return finding;
  if (isViolation(finding)) {
    const matched = finding.rules.map((rule) => entries.find((e) => e.rule === rule));
    // A violation of a rule the baseline does not record for this check is new, whatever else it records.
    if (finding.rules.length === 0 || matched.some((e) => e === undefined)) return finding;
    const recorded = matched as BaselineEntry[];
    const expired = recorded.filter((e) => isExpired(e, baseline.today));
    return { ...finding, baseline: expired.length ? markOf('expired', expired) : markOf('known', recorded) };
  }
  // Fixed only where the check judged an exchange for the rule: a check that passed without one proves nothing.
  const fixed = entries.filter((e) => (finding.proof?.[e.rule]?.length ?? 0) > 0);
  return fixed.length > 0 ? { ...finding, baseline: markOf('fixed', fixed) } : finding;
}

/** One rule of one check, as the summary lists them. */
export interface BaselineItem {
  check: string;
  rule: string;
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
  /** Rules it records as failing that their check now passes: the entry can go. */
  fixed: BaselineItem[];
  /** Failures of the run it does not record: failing the run. */
  new: BaselineItem[];
  /** Entries naming a check the suite does not have (renamed or removed): W_BASELINE_CHECK_UNKNOWN. */
  warnings: ConfigWarning[];
  /** --update-baseline: what the file holds after the run. */
  update?: { entries: number; added: number; removed: number };
}

const itemsOf = (f: Finding, baseline: BaselineView, rules: readonly string[]): BaselineItem[] =>
  rules.map((rule) => {
    const entry = baseline.entries.find((e) => e.check === findingKey(f) && e.rule === rule);
    return {
      check: findingKey(f),
      rule,
      ...(entry?.reason ? { reason: entry.reason } : {}),
      ...(entry?.expires ? { expires: entry.expires } : {}),
    };
  });

/** A failure that fails the run unless accepted: failed, or a warning under --strict (reports/accepted.ts). */
export type FailsRun = (f: Finding) => boolean;

/**
 * Entries naming a check of a family the run collected (the run-wide checks' `contract` among
 * them) that its inventory lacks. Without an inventory, or on a shard (which collects a share of
 * the files), nothing can be told; a family the run did not collect says nothing either.
 */
function unknownChecks(baseline: BaselineView, inventory: readonly InventoryCheck[]) {
  const known = new Set(inventory.map((c) => checkKey(c.family, c.entry.id)));
  const collected = new Set(inventory.map((c) => c.family));
  const checks = [...new Set(baseline.entries.map((e) => e.check))];
  return checks.filter((c) => collected.has(c.split('/')[0]!) && !known.has(c));
}

export function summarizeBaseline(
  baseline: BaselineView,
  findings: readonly Finding[],
  failsRun: FailsRun,
  collected: { inventory: readonly InventoryCheck[]; shard?: string },
): BaselineSummary {
  const marked = (status: BaselineMark['status']) =>
    findings.flatMap((f) => (f.baseline?.status === status ? itemsOf(f, baseline, f.baseline.rules) : []));
  const fresh = findings.filter((f) => failsRun(f) && f.baseline === undefined && !f.excluded);
  const unknown = collected.shard ? [] : unknownChecks(baseline, collected.inventory);
  return {
    file: baseline.file,
    entries: baseline.entries.length,
    known: marked('known'),
    expired: marked('expired'),
    fixed: marked('fixed'),
    new: fresh.flatMap((f) => itemsOf(f, baseline, f.rules)),
    warnings: unknown.map((check) =>
      configWarning(
        'W_BASELINE_CHECK_UNKNOWN',
        `baseline ${baseline.file} names check ${check}, which the suite does not have; its entries match nothing`,
      ),
    ),
  };
}
