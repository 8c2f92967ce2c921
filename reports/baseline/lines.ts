/**
 * The run against its baseline and its exclusions, as plain lines every text report shows
 * (console, step summary, JUnit's system-out): known, expired, fixed and new failures, each a
 * rule on an operation, what --update-baseline wrote, and failures of excluded rules.
 */
import type { Finding } from '../../harness/model.js';
import { entryName } from './file.js';
import type { BaselineItem } from './match.js';
import type { RunSummary } from '../types.js';

/** `: <reason> (expires <date>)`, each part only when given. */
const why = (given: { reason?: string; expires?: string } | undefined): string =>
  `${given?.reason ? `: ${given.reason}` : ''}${given?.expires ? ` (expires ${given.expires})` : ''}`;

const itemLine = (item: BaselineItem) => `${entryName(item)}${why(item)}`;

/** `N entries`, `1 entry`. */
export const entriesWord = (n: number): string => `${n} entr${n === 1 ? 'y' : 'ies'}`;

/** `known failure (baseline): <reason>`: how a known failure is told where one line must do (JUnit's skipped). */
export const knownLine = (finding: Pick<Finding, 'baseline'>): string =>
  `known failure (baseline)${why(finding.baseline)}`;

/** What each kind of baseline item means for the run, as its lines say it. */
const KINDS = [
  ['known', 'known (not failing the run)'],
  ['expired', 'expired (failing again; fix it or renew its expires)'],
  ['fixed', 'fixed (the run now passes the rule on that operation; remove the entry)'],
  ['new', 'new (not in the baseline; failing the run)'],
] as const;

export function baselineLines(summary: Pick<RunSummary, 'baseline'>): string[] {
  const b = summary.baseline;
  if (!b) return [];
  const counts = KINDS.map(([kind]) => `${b[kind].length} ${kind}`).join(', ');
  return [
    `Baseline ${b.file} (${entriesWord(b.entries)}): ${counts}`,
    ...KINDS.flatMap(([kind, words]) => b[kind].map((item) => `  ${words}: ${itemLine(item)}`)),
    ...(b.update
      ? [
          `  --update-baseline: the file holds ${entriesWord(b.update.entries)} after this run ` +
            `(${b.update.added} recorded, ${b.update.removed} removed as fixed)`,
        ]
      : []),
  ];
}

/** Failures of excluded rules only (`--exclude-rule`): told, not failing the run. */
function excludedLines(summary: Pick<RunSummary, 'findings'>): string[] {
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
