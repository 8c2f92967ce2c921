/** Plain-text tables for the console and Markdown tables for RESULTS.md, from the same rows. */

export type Row = ReadonlyArray<string | number>;

const cell = (v: string | number) => (typeof v === 'number' ? String(v) : v);

/** Columns padded to their widest cell; numbers right-aligned. */
export function renderTable(header: Row, rows: readonly Row[]): string {
  const all = [header, ...rows];
  const widths = header.map((_, i) => Math.max(...all.map((r) => cell(r[i] ?? '').length)));
  const line = (r: Row) =>
    r
      .map((v, i) => (typeof v === 'number' ? cell(v).padStart(widths[i]!) : cell(v).padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export function renderMarkdown(header: Row, rows: readonly Row[]): string {
  const line = (r: Row) => `| ${r.map((v) => cell(v).replace(/\|/g, '\\|')).join(' | ')} |`;
  return [line(header), `|${header.map(() => '---').join('|')}|`, ...rows.map(line)].join('\n');
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
export const mib = (kib: number) => `${(kib / 1024).toFixed(0)} MiB`;
