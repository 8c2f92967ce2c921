/** The report formats of a run, and the vitest reporter that feeds them. */
import type { KeyObject } from 'node:crypto';
import { ConsoleWriter, HEARTBEAT_MS, type TextSink } from './console-writer.js';
import { HtmlWriter } from './html-writer.js';
import { BundleWriter } from './bundle/writer.js';
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
  /** An Ed25519 private key: the bundle of evidence.json, summary.json and report.html is signed with it. */
  signingKey?: KeyObject;
  /** Console progress: live on a terminal, a heartbeat line every `heartbeatMs` otherwise. */
  console?: { live?: boolean; heartbeatMs?: number };
  /** Inside GitHub Actions: annotations on `out`, and the step summary appended to `summaryPath`. */
  github?: { summaryPath?: string };
  /** A file or folder for node_exporter's textfile collector, beside metrics.prom in `dir`. */
  metricsTextfile?: string;
}

/**
 * Console progress plus summary.json, junit.xml, report.html, exchanges.har and metrics.prom (and evidence.json and
 * the signed bundle/) in `dir`.
 */
export function standardWriters(dir: string, out?: TextSink, options: StandardWriterOptions = {}): ReportWriter[] {
  return [
    new ConsoleWriter({ out, reportDir: dir, ...options.console }),
    new SummaryJsonWriter(dir),
    new JunitWriter(dir),
    new HtmlWriter(dir),
    new HarWriter(dir),
    new MetricsWriter(dir, options.metricsTextfile),
    // After the writers of the files it bundles.
    new BundleWriter(dir, options.signingKey),
    ...(options.github ? [new GithubWriter(out ?? process.stdout, options.github.summaryPath)] : []),
  ];
}
