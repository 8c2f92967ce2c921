/**
 * The variants matrix with a stand-in runner and server: the clean server and every variant
 * run once across the lanes, each with its variant switched on; any failure or warning under a
 * variant fails the matrix, and the matrix names it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Finding } from '../harness/model.js';
import type { RunConfig } from '../harness/run-config.js';
import { buildSummary } from '../reports/summary.js';
import { catalogueOf } from '../reports/run-info.js';
import { SAMPLE_RULES } from '../reports/testing/sample.js';
import type { SuiteRunner } from '../engine/suite-runner.js';
import { markdownMatrix, renderMatrix } from './matrix.js';
import { runVariants } from './run.js';
import { embeddedRunSettings } from '../engine/embedded-run.test-helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'variants-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const VARIANTS = [
  {
    name: 'create-200',
    family: 'enrollments',
    permits: '4.10',
    summary: 'create answers 200',
    documents: ['partner-api', 'provider'],
  },
  {
    name: 'flat-data',
    family: 'enrollments',
    permits: '2.8',
    summary: 'data at the top level',
    documents: ['partner-api', 'provider'],
  },
  {
    name: 'dated-retry',
    family: 'utility',
    permits: '8',
    summary: 'Retry-After as a date',
    documents: ['partner-api'],
  },
];

/** What the stand-in suite finds under each variant: flat-data trips a check, dated-retry warns. */
function findingsFor(variants: readonly string[] = []): Finding[] {
  const check = (name: string, rules: string[], verdict: Finding['verdict']): Finding => ({
    check: name,
    family: 'enrollments',
    rules,
    verdict,
    exchanges: [],
    observed: `${verdict} here`,
  });
  return [
    check('reads the update', ['ENR-UPDATE-TRACKED'], variants.includes('flat-data') ? 'failed' : 'passed'),
    check('waits out a 429', ['RATE-RETRY-AFTER'], variants.includes('dated-retry') ? 'warning' : 'passed'),
    check('pings', ['PING-200'], 'passed'),
  ];
}

function fakeRunner(seen: RunConfig[]): () => Promise<SuiteRunner> {
  return async () => ({
    async run(config, report) {
      seen.push(config);
      await new Promise((r) => setTimeout(r, 5));
      return buildSummary(report.info, findingsFor(config.variants), catalogueOf(SAMPLE_RULES), new Date());
    },
    async close() {},
  });
}

const base = () => ({
  runId: 'v1',
  families: ['enrollments' as const],
  document: 'partner-api',
  ...embeddedRunSettings(dir),
});

describe('variants matrix', () => {
  it(
    'runs the clean server and each variant once, its variant on, and passes only when ' + 'every run is clean',
    async () => {
      const seen: RunConfig[] = [];
      const result = await runVariants({ ...base(), variants: VARIANTS, lanes: 2, createRunner: fakeRunner(seen) });
      expect(seen.map((c) => c.variants?.join() ?? 'clean').sort()).toEqual([
        'clean',
        'create-200',
        'dated-retry',
        'flat-data',
      ]);
      expect(seen.find((c) => c.variants?.[0] === 'flat-data')).toMatchObject({
        embedded: true,
        command: 'npx partner-conformance run --variant flat-data',
      });
      expect(seen.every((c) => c.profile.baseUrl.endsWith(c.variants?.[0] ?? 'clean'))).toBe(true);
      expect(result.outcomes.map((o) => [o.variant ?? 'clean', o.counts.failed, o.counts.warning])).toEqual([
        ['clean', 0, 0],
        ['create-200', 0, 0],
        ['flat-data', 1, 0],
        ['dated-retry', 0, 1],
      ]);
      expect(result.passed).toBe(false);
      const text = renderMatrix(result);
      expect(text).toMatch(/flat-data\s+enrollments\s+2\.8\s+2\s+1\s+0/);
      expect(text).toContain('✗ [enrollments] reads the update (ENR-UPDATE-TRACKED): failed here');
      expect(text).toContain('! [enrollments] waits out a 429 (RATE-RETRY-AFTER): warning here');
      expect(markdownMatrix(result)).toContain('| `create-200` | enrollments | 4.10 | 3 | 0 | 0 |');
    },
  );

  it('passes when every variant runs clean', async () => {
    const result = await runVariants({
      ...base(),
      variants: VARIANTS.slice(0, 1),
      lanes: 2,
      createRunner: fakeRunner([]),
    });
    expect(result.passed).toBe(true);
    expect(result.lanes).toBe(2);
    expect(renderMatrix(result)).toContain('variants: 1 under partner-api, every run 0 failures 0 warnings');
  });
});
