/**
 * The run against its baseline and its exclusions, as plain lines every text report shows
 * (console, step summary, JUnit's system-out): known, expired, fixed and new failures, entries
 * naming a check the suite lacks, what --update-baseline wrote, and failures of excluded rules.
 */
import { formatWarning } from '../../harness/errors.js';
import type { Finding } from '../../harness/model.js';
import type { RunSummary } from '../summary.js';
import type { BaselineItem } from './match.js';

/** `: <reason> (expires <date>)`, each part only when given. */
const why = (given: { reason?: string; expires?: string } | undefined): string =>
  `${given?.reason ? `: ${given.reason}` : ''}${given?.expires ? ` (expires ${given.expires})` : ''}`;

const itemLine = (item: BaselineItem) => `${item.check} ${item.rule}${why(item)}`;

/** `N entries`, `1 entry`. */
export const entriesWord = (n: number): string => `${n} entr${n === 1 ? 'y' : 'ies'}`;

/** `known failure (baseline): <reason>`: how a known failure is told where one line must do (JUnit's skipped). */
export const knownLine = (finding: Pick<Finding, 'baseline'>): string =>
  `known failure (baseline)${why(finding.baseline)}`;

/** What each kind of baseline item means for the run, as its lines say it. */
const KINDS = [
  ['known', 'known (not failing the run)'],
  ['expired', 'expired (failing again; fix it or renew its expires)'],
  ['fixed', 'fixed (the check now passes the rule; remove the entry)'],
  ['new', 'new (not in the baseline; failing the run)'],
] as const;

export function baselineLines(summary: Pick<RunSummary, 'baseline'>): string[] {
  const b = summary.baseline;
  if (!b) return [];
  const counts = KINDS.map(([kind]) => `${b[kind].length} ${kind}`).join(', ');
  return [
    `Baseline ${b.file} (${entriesWord(b.entries)}): ${counts}`,
    ...KINDS.flatMap(([kind, words]) => b[kind].map((item) => `  ${words}: ${itemLine(item)}`)),
    ...b.warnings.map((w) => formatWarning(w).replace(/^/gm, '  ')),
    ...(b.update
      ? [
          `  --update-baseline: the file holds ${entriesWord(b.update.entries)} after this run ` +
            `(${b.update.added} recorded, ${b.update.removed} removed as fixed)`,
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

/** What the run accepted, for a text report: its baseline's account, then failures of excluded rules. */
export const acceptedLines = (summary: Pick<RunSummary, 'baseline' | 'findings'>): string[] => [
  ...baselineLines(summary),
  ...excludedLines(summary),
];
