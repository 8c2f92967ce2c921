/**
 * Renders bench/RESULTS.md from the last bench.json and peers.json (default
 * reports/out/bench/): the same tables the commands print, with the date and the machine.
 * `npx tsx bench/results.ts [report-dir] [--date YYYY-MM-DD]`; the notes section is kept.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { campaignRows, CAMPAIGN_HEADER, runRows, RUN_HEADER, targetRows, TARGET_HEADER } from './lib/bench-tables.js';
import { renderMarkdown } from './lib/table.js';
import type { BenchFigures, TargetVerdict } from './lib/targets.js';
import type { Machine } from './lib/machine.js';

const args = process.argv.slice(2);
const dateFlag = args.indexOf('--date');
const date = dateFlag >= 0 ? args[dateFlag + 1]! : new Date().toISOString().slice(0, 10);
const dir = resolve(args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--date') ?? 'reports/out/bench');
const out = resolve('bench', 'RESULTS.md');
const NOTES = '<!-- notes: kept when regenerated -->';

const read = <T>(name: string): T | undefined =>
  existsSync(join(dir, name)) ? (JSON.parse(readFileSync(join(dir, name), 'utf8')) as T) : undefined;
const bench = read<
  BenchFigures & { machine: Machine; targets: TargetVerdict[]; startup: { cliVersionMs: number }; seed: number }
>('bench.json');
const peers = read<{
  machine: Machine;
  sample: { choice: unknown; faults: string[] };
  results: Array<{
    tool: string;
    version: string;
    config: Record<string, unknown>;
    summary?: { caught: number; total: number; falseFailures: number; requests: number; wallMs: number; lanes: number };
    skipped?: string;
    faults: Array<{ rateLimited: number }>;
    clean?: { rateLimited: number };
  }>;
}>('peers.json');

const m = bench?.machine ?? peers?.machine;
const machineLine = m
  ? `${m.cpus} cores (${m.cpuModel}), ${m.memoryGiB} GiB, Node ${m.node}, ${m.platform}, ` +
    `shared with other work (load ${m.loadAverage} at the start)`
  : 'unknown';
const lines = [
  `# Benchmark results`,
  '',
  `Date: ${date}. Machine: ${machineLine}.`,
  'Method: bench/README.md. Regenerate the tables with `npx tsx bench/results.ts`.',
  '',
];
if (bench) {
  lines.push(
    '## `npm run bench`',
    '',
    `Process start-up before a run (\`partner-conformance ` +
      `--version\`): ${(bench.startup.cliVersionMs / 1000).toFixed(1)} s. fast-check seed ${bench.seed}.`,
    '',
  );
  lines.push(renderMarkdown(RUN_HEADER, runRows(bench)), '');
  if (bench.campaign) lines.push(renderMarkdown(CAMPAIGN_HEADER, campaignRows(bench)), '');
  lines.push(renderMarkdown(TARGET_HEADER, targetRows(bench.targets)), '');
}
if (peers) {
  lines.push(
    '## `npm run bench:peers`',
    '',
    `Faults (${peers.sample.faults.length}, sample ${String(peers.sample.choice)}): ${peers.sample.faults.join(', ')}.`,
    '',
  );
  const header = [
    'tool',
    'version',
    'faults caught',
    'false failures (clean)',
    'requests (all runs)',
    'wall (all runs)',
    'lanes',
    'scenarios answered 429 (not compared)',
  ];
  const rows = peers.results.map((r) =>
    r.summary
      ? [
          r.tool,
          r.version.replace(/\s+/g, ' '),
          `${r.summary.caught}/${r.summary.total}`,
          r.summary.falseFailures,
          r.summary.requests,
          `${(r.summary.wallMs / 1000).toFixed(1)} s`,
          r.summary.lanes,
          [r.clean, ...r.faults].reduce((a, x) => a + (x?.rateLimited ?? 0), 0),
        ]
      : [r.tool, '-', '-', '-', '-', '-', '-', r.skipped ?? ''],
  );
  lines.push(renderMarkdown(header, rows), '', 'Configurations:', '');
  for (const r of peers.results)
    lines.push(
      `- **${r.tool}**: ${Object.entries(r.config)
        .map(([k, v]) => `${k}: \`${String(v)}\``)
        .join('; ')}`,
    );
  lines.push('');
}
const previous = existsSync(out) ? readFileSync(out, 'utf8') : '';
const notes = previous.includes(NOTES) ? previous.slice(previous.indexOf(NOTES)) : `${NOTES}\n## Notes\n`;
writeFileSync(out, `${lines.join('\n')}\n${notes}`);
process.stdout.write(`written: ${out}\n`);
