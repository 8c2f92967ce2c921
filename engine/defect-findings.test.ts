/**
 * Defects of the loaded document are the document's, not the target's: listed in the header of
 * the console summary and report.html, kept in summary.json, and never failing a run, even --strict.
 */
import { describe, expect, it } from 'vitest';
import { defectFindings } from './defect-findings.js';
import type { Contract } from '../harness/contract/index.js';
import type { Finding } from '../harness/model.js';
import { renderConsoleSummary } from '../reports/console-writer.js';
import { renderHtml } from '../reports/html-writer.js';
import { sampleInfo, sampleSummary } from '../reports/testing/sample.js';

const DEFECT = {
  pointer: '#/paths/~1v1~1ping/get/responses/401',
  operationId: 'ping',
  message: 'Missing $ref pointer "#/components/responses/Unauthorized"',
};
const contract = {
  title: 'Provider API',
  version: '0.1.0',
  source: 'openapi.json',
  defects: [DEFECT],
} as unknown as Contract;
const passed: Finding = {
  check: 'ping answers 200',
  family: 'utility',
  rules: ['PING-200'],
  verdict: 'passed',
  exchanges: [{ request: { method: 'GET', url: 'http://127.0.0.1:1/v1/ping', headers: {} }, durationMs: 1 }],
  proof: { 'PING-200': [0] },
};

function summaryWith(strict: boolean) {
  const info = sampleInfo({
    strict,
    families: ['utility'],
    spec: { source: 'openapi.json', version: '0.1.0', title: 'Provider API', defects: [DEFECT] },
  });
  return sampleSummary(info, [passed, ...defectFindings(contract)]);
}

describe('defects of the loaded document', () => {
  it("become warnings that say they are the document's", () => {
    const [finding] = defectFindings(contract);
    expect(finding).toMatchObject({ verdict: 'warning', subject: 'document', rules: [] });
    expect(finding!.warningReason).toMatch(/^the loaded document is defective here, not the target/);
    expect(finding.message).toContain('a defect of Provider API v0.1.0 (openapi.json), not of the target');
  });

  it('never fail a run, even --strict, while a warning about the target does under --strict', () => {
    expect(summaryWith(false).outcome).toBe('passed');
    expect(summaryWith(true).outcome).toBe('passed');
    const targetWarning: Finding = { ...passed, verdict: 'warning', rules: ['HEADERS-REQUEST-ID'] };
    expect(sampleSummary(sampleInfo({ strict: true }), [targetWarning]).outcome).toBe('failed');
  });

  it('are listed in the header of the console summary and of report.html, and in summary.json', () => {
    const summary = summaryWith(false);
    const text = renderConsoleSummary(summary);
    const header = text.slice(0, text.indexOf(' checks: '));
    expect(header).toContain('The document Provider API has 1 defect(s) of its own');
    expect(header).toContain('#/paths/~1v1~1ping/get/responses/401 (ping)');
    expect(text).not.toContain('Warnings (');
    const html = renderHtml(summary);
    const top = html.slice(0, html.indexOf('Outcome:'));
    expect(top).toContain('has 1 defect(s) of its own');
    expect(top).toContain('Missing $ref pointer');
    expect(summary.spec.defects).toEqual([DEFECT]);
  });
});
