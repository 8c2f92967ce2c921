/** The report formats of a run, and the vitest reporter that feeds them. */
import type { KeyObject } from 'node:crypto';
import { ConsoleWriter, type TextSink } from './console-writer.js';
import { HtmlWriter } from './html-writer.js';
import { SummaryJsonWriter } from './json-writer.js';
import { JunitWriter } from './junit-writer.js';
import type { ReportWriter } from './writer.js';

export { ConformanceReporter, findingCommand, type ReportRun } from './vitest-reporter.js';
export { buildSummary, exitCodeOf, type RunSummary } from './summary.js';
export { catalogueOf, type Catalogue, type RunInfo } from './run-info.js';
export { verifyDigest, canonicalJson, documentDigest } from './digest.js';
export { buildEvidence, type Evidence } from './evidence.js';
export type { ReportWriter } from './writer.js';
export { ConsoleWriter, HtmlWriter, JunitWriter, SummaryJsonWriter };

/** Console progress plus summary.json, junit.xml and report.html (and evidence.json, signed with `signingKey` when given) in `dir`. */
export function standardWriters(dir: string, out?: TextSink, signingKey?: KeyObject): ReportWriter[] {
  return [new ConsoleWriter({ out, reportDir: dir }), new SummaryJsonWriter(dir, signingKey), new JunitWriter(dir), new HtmlWriter(dir)];
}
