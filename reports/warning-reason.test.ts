/**
 * Every report that lists a warning shows beside it why it only warns (Finding.warningReason):
 * the console, summary.json, junit.xml, report.html, the GitHub annotations and step summary,
 * and evidence.json. exchanges.har lists exchanges, not findings, so it has no warning to explain.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderConsoleSummary } from './console-writer.js';
import { buildEvidence } from './evidence.js';
import { GithubWriter, renderStepSummary } from './github-writer.js';
import { renderHtml } from './html-writer.js';
import { SummaryJsonWriter } from './json-writer.js';
import { renderJunit } from './junit-writer.js';
import { sampleFindings, sampleSummary } from './testing/sample.js';
import { findAll, parseXml } from './testing/xml-check.js';

const REASON = 'HEADERS-REQUEST-ID is inferred: A conforming <edge> may drop & rename the header.';
const summary = sampleSummary();
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

describe('the reason a warning only warns, in every report', () => {
  it('console: under the warning, after what was observed', () => {
    const lines = renderConsoleSummary(summary).split('\n');
    const observed = lines.indexOf('      observed: absent');
    expect(lines[observed - 3]).toContain('! [utility] request id header');
    expect(lines[observed + 1]).toBe(`      why only a warning: ${REASON}`);
  });

  it('summary.json: on the finding', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'warning-reason-'));
    dirs.push(dir);
    await new SummaryJsonWriter(dir).close(summary);
    const written = JSON.parse(await readFile(join(dir, 'summary.json'), 'utf8'));
    const warning = written.findings.find((f: { verdict: string }) => f.verdict === 'warning');
    expect(warning.warningReason).toBe(REASON);
  });

  it("junit.xml: in the warning's system-out", () => {
    const root = parseXml(renderJunit(summary));
    const warning = findAll(root, 'testcase').find((c) => c.attrs.name === 'request-id-header')!;
    expect(findAll(warning, 'system-out')[0]!.text).toContain(`why only a warning: ${REASON}`);
  });

  it("report.html: on the warning's card and its rule's row, escaped", () => {
    const page = renderHtml(summary);
    const escaped = 'A conforming &lt;edge&gt; may drop &amp; rename the header.';
    expect(page).toMatch(new RegExp(`<dt>why only a warning</dt><dd>[^<]*${escaped}</dd>`));
    expect(page).toContain(`why only a warning: HEADERS-REQUEST-ID is inferred: ${escaped}`);
    expect(page).not.toContain('<edge>');
  });

  it("GitHub: in the warning's annotation and in the step summary's table of warnings", async () => {
    let out = '';
    await new GithubWriter({ write: (text: string) => (out += text) }).close(summary);
    const annotation = out.split('\n').find((line) => line.startsWith('::warning title=[utility] HEADERS-REQUEST-ID'));
    expect(annotation).toContain(`%0Awhy only a warning: ${REASON}`);
    expect(renderStepSummary(summary)).toContain(
      `| utility | HEADERS-REQUEST-ID | request id header | absent | ${REASON} |`,
    );
  });

  it("evidence.json: on the rule's warning check", () => {
    const rule = buildEvidence(summary).rules.find((r) => r.id === 'HEADERS-REQUEST-ID')!;
    expect(rule.checks.map((c) => [c.verdict, c.warningReason])).toEqual([['warning', REASON]]);
  });

  it('is never shown on a finding that does not warn', () => {
    const failed = sampleFindings().map((f) => (f.verdict === 'warning' ? { ...f, verdict: 'failed' as const } : f));
    const strictRun = sampleSummary(undefined, failed);
    expect(renderConsoleSummary(strictRun)).not.toContain('why only a warning');
    expect(renderJunit(strictRun)).not.toContain('why only a warning');
    expect(renderHtml(strictRun)).not.toContain('why only a warning');
    expect(renderStepSummary(strictRun)).not.toContain('why only a warning');
  });
});
