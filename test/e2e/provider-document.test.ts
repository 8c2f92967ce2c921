/**
 * A partner runs against the provider's published document: `run --spec <the document>` against
 * the embedded server exits 0 with every family run, and the document's own defects are
 * warnings that say they are the document's, listed in the report's header. The same when the
 * document is served over http and converted to YAML.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dump } from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenOnLoopback } from '../../harness/client/test-server.js';
import { FAMILIES } from '../../harness/model.js';
import { readSummary, runCli, scratch, type CliResult } from './cli.js';

const DOCUMENT = 'specs/provider/openapi.json';
/** The three 401 responses that point at the undefined `#/components/responses/Unauthorized`. */
const DEFECTS = 3;

const tmp = scratch('provider-document');
let yamlServer: { url: string; close(): Promise<void> };
let served = 0;

beforeAll(async () => {
  const yaml = dump(JSON.parse(readFileSync(DOCUMENT, 'utf8')), { noRefs: true, lineWidth: -1 });
  yamlServer = await listenOnLoopback(
    createServer((_req, res) => {
      served += 1;
      res.writeHead(200, { 'content-type': 'application/yaml' });
      res.end(yaml);
    }),
  );
});
afterAll(async () => {
  await yamlServer?.close();
  tmp.dispose();
});

function expectDocumentRun(result: CliResult, reportDir: string): void {
  expect(result.code, result.err + result.out.slice(-3000)).toBe(0);
  const summary = readSummary(reportDir);
  expect(summary.counts.failed).toBe(0);
  expect(new Set(summary.findings.map((f) => f.family))).toEqual(new Set([...FAMILIES, 'contract']));
  expect(summary.spec.title).toBe('HealthSherpa Public API');
  expect(summary.spec.defects).toHaveLength(DEFECTS);
  const defects = summary.findings.filter((f) => f.subject === 'document');
  expect(defects).toHaveLength(DEFECTS);
  for (const d of defects)
    expect(d).toMatchObject({ verdict: 'warning', message: expect.stringContaining('not of the target') });
  // Only the document's defects warn: every check of the target passed.
  expect(summary.findings.filter((f) => f.verdict === 'warning' && f.subject !== 'document')).toEqual([]);
  const header = result.out.slice(
    result.out.indexOf('\nRun '),
    result.out.indexOf(' checks: ', result.out.indexOf('\nRun ')),
  );
  expect(header).toContain(`has ${DEFECTS} defect(s) of its own`);
  const html = readFileSync(`${reportDir}/report.html`, 'utf8');
  expect(html.slice(0, html.indexOf('Outcome:'))).toContain(`has ${DEFECTS} defect(s) of its own`);
}

describe("a run against the provider's published document", () => {
  it("exits 0 with every family run, the document's defects listed as its own", async () => {
    const dir = tmp.path('file');
    expectDocumentRun(await runCli(['run', '--spec', DOCUMENT, '--report-dir', dir]), dir);
  }, 180_000);

  it('does the same with the document served over http as YAML', async () => {
    const dir = tmp.path('http');
    const before = served;
    expectDocumentRun(await runCli(['run', '--spec', `${yamlServer.url}/openapi.yaml`, '--report-dir', dir]), dir);
    expect(served).toBeGreaterThan(before);
  }, 180_000);
});
