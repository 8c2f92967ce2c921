/** The report formats of a run, and the vitest reporter that feeds them. */
import type { KeyObject } from 'node:crypto';
import { ConsoleWriter, HEARTBEAT_MS, type TextSink } from './console-writer.js';
import { HtmlWriter } from './html-writer.js';
import { SummaryJsonWriter } from './json-writer.js';
import { JunitWriter } from './junit-writer.js';
import { GithubWriter } from './github-writer.js';
import { HarWriter } from './har-writer.js';
import { MetricsWriter } from './metrics-writer.js';
import type { ReportWriter } from './writer.js';
export { countVerdicts } from './summary.js';
export type { ReportWriter } from './writer.js';
export { HEARTBEAT_MS };
export { HtmlWriter, JunitWriter, SummaryJsonWriter };

export interface StandardWriterOptions {
  /** An Ed25519 private key: evidence.json is signed with it. */
  signingKey?: KeyObject;
  /** Console progress: live on a terminal, a heartbeat line every `heartbeatMs` otherwise. */
  console?: { live?: boolean; heartbeatMs?: number };
  /** Inside GitHub Actions: annotations on `out`, and the step summary appended to `summaryPath`. */
  github?: { summaryPath?: string };
  /** A file or folder for node_exporter's textfile collector, beside metrics.prom in `dir`. */
  metricsTextfile?: string;
}

/**
 * Console progress plus summary.json, junit.xml, report.html, exchanges.har and metrics.prom (and evidence.json) in
 * `dir`.
 */
export function standardWriters(dir: string, out?: TextSink, options: StandardWriterOptions = {}): ReportWriter[] {
  return [
    new ConsoleWriter({ out, reportDir: dir, ...options.console }),
    new SummaryJsonWriter(dir, options.signingKey),
    new JunitWriter(dir),
    new HtmlWriter(dir),
    new HarWriter(dir),
    new MetricsWriter(dir, options.metricsTextfile),
    ...(options.github ? [new GithubWriter(out ?? process.stdout, options.github.summaryPath)] : []),
  ];
}
