import type { Counts } from '../reports/types.js';
/** The variants matrix: one row per run (the clean server, then each variant), and variants.json. */

export const VARIANTS_FORMAT = 'partner-conformance.variants/1';

/** A variant as the reference server lists it. */
export interface VariantInfo {
  name: string;
  family: string;
  /** The contract section that leaves the behaviour open. */
  permits: string;
  summary: string;
  documents: readonly string[];
}

/** A failed or warning check: under a valid variant, a false failure of the suite. */
export interface Issue {
  check: string;
  family: string;
  rules: string[];
  verdict: 'failed' | 'warning';
  observed?: string;
}

export interface VariantOutcome {
  /** The variant switched on; absent for the clean server's row. */
  variant?: string;
  family?: string;
  permits?: string;
  counts: Counts;
  issues: Issue[];
  durationMs: number;
  /** Set when the run itself could not complete. */
  error?: string;
}

export interface VariantsResult {
  format: typeof VARIANTS_FORMAT;
  runId: string;
  startedAt: string;
  durationMs: number;
  lanes: number;
  /** The /v1 document the runs were held to. */
  document: string;
  spec: string;
  seed: number;
  outcomes: VariantOutcome[];
  /** Every run, the clean one included, with no failure, no warning and no error. */
  passed: boolean;
}

export const clean = (o: VariantOutcome): boolean => !o.error && o.counts.failed === 0 && o.counts.warning === 0;

const nameOf = (o: VariantOutcome): string => o.variant ?? '(none: the clean server)';
const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

/** One progress line per run, printed as it completes. */
export function progressLine(o: VariantOutcome, index: number, total: number): string {
  const { passed, failed, warning } = o.counts;
  const status = o.error ? `ERROR ${o.error}` : `${passed} passed, ${failed} failed, ${warning} warnings`;
  return (
    `[${String(index).padStart(String(total).length)}/${total}] ${nameOf(o).padEnd(34)} ${status} ` +
    `(${seconds(o.durationMs)})\n`
  );
}

const HEAD = ['variant', 'family', 'section', 'passed', 'failed', 'warnings'] as const;
const cells = (o: VariantOutcome): string[] => [
  nameOf(o),
  o.family ?? '-',
  o.permits ?? '-',
  String(o.counts.passed),
  o.error ? 'error' : String(o.counts.failed),
  String(o.counts.warning),
];

export function renderMatrix(result: VariantsResult): string {
  const rows = [HEAD as readonly string[], ...result.outcomes.map(cells)];
  const widths = HEAD.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const lines = [
    '',
    ...rows.map((r) =>
      r
        .map((c, i) => c.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    ),
  ];
  for (const o of result.outcomes.filter((x) => !clean(x))) {
    lines.push('', `${nameOf(o)}:${o.error ? ` error: ${o.error}` : ''}`);
    for (const i of o.issues)
      lines.push(
        `  ${i.verdict === 'failed' ? '✗' : '!'} [${i.family}] ${i.check} (${i.rules.join(', ')}): ${i.observed ?? ''}`,
      );
  }
  const bad = result.outcomes.filter((o) => !clean(o)).length;
  lines.push(
    '',
    `variants: ${result.outcomes.length - 1} under ${result.document}, ` +
      (bad === 0 ? 'every run 0 failures 0 warnings' : `${bad} runs with failures, warnings or errors`),
  );
  lines.push(
    `matrix: ${seconds(result.durationMs)} on ${result.lanes} lanes — ${result.passed ? 'PASSED' : 'FAILED'}`,
    '',
  );
  return lines.join('\n');
}

/** The matrix as a Markdown table (variants.md). */
export function markdownMatrix(result: VariantsResult): string {
  const row = (c: readonly string[]) => `| ${c.join(' | ')} |`;
  return `${[
    row(HEAD),
    row(HEAD.map(() => '---')),
    ...result.outcomes.map((o) => row(cells(o).map((c, i) => (i === 0 && o.variant ? `\`${c}\`` : c)))),
  ].join('\n')}\n`;
}
