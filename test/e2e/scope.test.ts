/**
 * A run's scope in every report: a one-rule certification run reads as partial in the console,
 * report.html, summary.json and evidence.json, with families, rule filter, seed, runs, tool,
 * catalogue and spec versions; every exchange's X-Request-Id is listed in the evidence.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FAMILIES } from '../../harness/model.js';
import { projectPath } from '../../harness/paths.js';
import { loadRules } from '../../harness/rules.js';
import type { Evidence } from '../../reports/evidence.js';
import { scopeOf } from '../../reports/scope.js';
import { sampleInfo } from '../../reports/testing/sample.js';
import { allExchanges, journalOf, readSummary, runCli, scratch } from './cli.js';

const tmp = scratch('scope');
afterAll(() => tmp.dispose());
const version = (JSON.parse(readFileSync(projectPath('package.json'), 'utf8')) as { version: string }).version;

describe('scope everywhere', () => {
  it('a one-rule run reads as partial, with its scope, in every report', async () => {
    const dir = tmp.path('one-rule');
    const result = await runCli([
      'run',
      '--profile',
      'certification',
      '--rule',
      'PING-200',
      '--seed',
      '7',
      '--runs',
      '2',
      '--report-dir',
      dir,
    ]);
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/Result: PASSED \(PARTIAL: families utility of 8; rules PING-200\)/);

    const summary = readSummary(dir);
    expect(summary.outcome).toBe('passed');
    expect(summary.scope).toMatchObject({
      runProfile: 'certification',
      families: ['utility'],
      rules: ['PING-200'],
      seed: 7,
      runs: 2,
      complete: false,
      toolVersion: version,
      catalogueVersion: loadRules().version,
    });
    expect(summary.scope.specDigest).toMatch(/^sha256:[0-9a-f]{64}$/);

    const html = readFileSync(join(dir, 'report.html'), 'utf8');
    const header = html.slice(0, html.indexOf('<h2>'));
    expect(header).toContain('PASSED (PARTIAL: families utility of 8; rules PING-200)');
    for (const word of [
      'rules PING-200',
      'seed 7',
      'runs 2',
      `tool ${version}`,
      `catalogue ${loadRules().version}`,
      summary.scope.specDigest!,
    ])
      expect(header).toContain(word);

    const evidence = JSON.parse(readFileSync(join(dir, 'evidence.json'), 'utf8')) as Evidence;
    expect(evidence.scope).toEqual(summary.scope);
    expect(evidence.requestIds).toHaveLength(journalOf(dir).length);
    expect(evidence.requestIds.length).toBeGreaterThanOrEqual(allExchanges(summary).length);
    expect(evidence.requestIds.length).toBeGreaterThan(0);
    for (const ref of evidence.requestIds) expect(ref.requestId).toEqual(expect.any(String));
  }, 120_000);

  it('only every family with no rule filter and no shard is complete', () => {
    expect(scopeOf(sampleInfo({ families: [...FAMILIES] })).complete).toBe(true);
    expect(scopeOf(sampleInfo({ families: [...FAMILIES], shard: '1/2' })).partial).toEqual(['shard 1/2']);
    expect(scopeOf(sampleInfo({ families: [...FAMILIES], rules: ['PING-200'] })).complete).toBe(false);
    expect(scopeOf(sampleInfo({ families: ['utility'] })).partial).toEqual(['families utility of 8']);
  });
});
