/**
 * The run against its baseline and its exclusions, as plain lines every text report shows
 * (console, step summary, JUnit's system-out): known, expired, fixed and new failures, entries
 * naming a check the suite lacks, what --update-baseline wrote, and failures of excluded rules.
 */
import { formatWarning } from '../../harness/errors.js';
import type { Finding } from '../../harness/model.js';
import type { RunSummary } from '../summary.js';
import type { BaselineItem } from './match.js';

const itemLine = (item: BaselineItem) =>
  `${item.check} ${item.rule}${item.reason ? `: ${item.reason}` : ''}${item.expires ? ` (expires ${item.expires})` : ''}`;

/** `known failure (baseline): <reason>`: how a known failure is told where one line must do (JUnit's skipped). */
export function knownLine(finding: Pick<Finding, 'baseline'>): string {
  const mark = finding.baseline;
  return `known failure (baseline)${mark?.reason ? `: ${mark.reason}` : ''}${mark?.expires ? ` (expires ${mark.expires})` : ''}`;
}

export function baselineLines(summary: Pick<RunSummary, 'baseline'>): string[] {
  const b = summary.baseline;
  if (!b) return [];
  return [
    `Baseline ${b.file} (${b.entries} entries): ${b.known.length} known, ${b.expired.length} expired, ${b.fixed.length} fixed, ${b.new.length} new`,
    ...b.known.map((i) => `  known (not failing the run): ${itemLine(i)}`),
    ...b.expired.map((i) => `  expired (failing again; fix it or renew its expires): ${itemLine(i)}`),
    ...b.fixed.map((i) => `  fixed (the check now passes the rule; remove the entry): ${itemLine(i)}`),
    ...b.new.map((i) => `  new (not in the baseline; failing the run): ${itemLine(i)}`),
    ...b.warnings.map((w) => formatWarning(w).replace(/^/gm, '  ')),
    ...(b.update
      ? [
          `  --update-baseline: the file holds ${b.update.entries} entries after this run (${b.update.added} recorded, ${b.update.removed} removed as fixed)`,
        ]
      : []),
  ];
}

/** Failures of excluded rules only (`--exclude-rule`): told, not failing the run. */
export function excludedLines(summary: Pick<RunSummary, 'findings'>): string[] {
  const excluded = summary.findings.filter((f) => f.excluded);
  if (excluded.length === 0) return [];
  return [
    `Failures of excluded rules (--exclude-rule; not failing the run): ${excluded.length}`,
    ...excluded.map((f) => `  ${f.family}/${f.id ?? f.check} ${f.rules.join(', ')}`),
  ];
}
