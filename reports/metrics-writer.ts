/**
 * metrics.prom: the run as OpenMetrics text (reports/monitor/metrics.ts), in the report folder,
 * and, when asked, for node_exporter's textfile collector: a file, or a folder that gets
 * `partner_conformance_<target>_<run profile>.prom`, written whole or not at all (a temporary
 * file in the same folder, then a rename) so the collector never reads half a file.
 */
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { metricsRegistry } from './monitor/metrics.js';
import type { ReportWriter } from './writer.js';
import type { RunSummary } from './types.js';

/** Written beside summary.json. */
const METRICS_FILE = 'metrics.prom';

/** The textfile collector's file for a run: `textfile` itself, or a file in it when it is a folder. */
async function textfilePath(textfile: string, summary: Pick<RunSummary, 'target' | 'runProfile'>): Promise<string> {
  const isDir = await stat(textfile).then(
    (s) => s.isDirectory(),
    () => !textfile.endsWith('.prom'),
  );
  if (!isDir) return textfile;
  const slug = `${summary.target.name}_${summary.runProfile}`.replace(/[^A-Za-z0-9_]+/g, '_');
  return join(textfile, `partner_conformance_${slug}.prom`);
}

/** Writes `text` to `path` whole: a temporary file beside it, renamed over it. */
export async function writeAtomically(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, text);
  await rename(temporary, path);
}

export class MetricsWriter implements ReportWriter {
  /** `textfile`: a file or folder for node_exporter's textfile collector (`--metrics-textfile`). */
  constructor(
    private readonly dir: string,
    private readonly textfile?: string,
  ) {}

  async close(summary: RunSummary): Promise<void> {
    const text = await metricsRegistry(summary).metrics();
    await writeAtomically(join(this.dir, METRICS_FILE), text);
    if (this.textfile) await writeAtomically(await textfilePath(this.textfile, summary), text);
  }
}
