/**
 * The campaign's bookkeeping with a stand-in runner and server: every fault runs once across
 * the lanes, caught/own-rule/score follow the failing findings, and the clean run's false
 * failures fail the campaign.
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
import { runCampaign } from './campaign.js';
import { renderMatrix } from './matrix.js';
import { embeddedRunSettings } from '../engine/embedded-run.test-helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'campaign-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const FAULTS = [
  { name: 'ping-wrong-status', rules: ['PING-200'], family: 'utility', summary: 'ping answers 201' },
  { name: 'issuers-byte-order', rules: ['ISSUERS-ORDER'], family: 'reference', summary: 'issuers in byte order' },
  { name: 'cancel-silent', rules: ['ENR-CANCEL-202'], family: 'enrollments', summary: 'cancel answers 200' },
  { name: 'headers-missing', rules: ['HEADERS-REQUEST-ID'], family: 'utility', summary: 'no request id' },
];

/** What the stand-in suite finds against each fault. */
function findingsFor(fault: string | undefined, cleanFalseFailure: boolean): Finding[] {
  const check = (rules: string[], verdict: Finding['verdict']): Finding => ({
    check: `checks ${rules.join('+')}`,
    family: 'utility',
    rules,
    verdict,
    exchanges: [],
  });
  switch (fault) {
    case 'ping-wrong-status':
      return [check(['PING-200'], 'failed'), check(['ISSUERS-ORDER'], 'passed')];
    case 'issuers-byte-order':
      return [check(['PING-200'], 'passed'), check(['ISSUERS-ORDER', 'SCHEMA-X'], 'failed')];
    case 'cancel-silent':
      return [check(['PING-200'], 'failed')]; // caught, but by another rule
    case 'headers-missing':
      return [check(['HEADERS-REQUEST-ID'], 'warning')]; // inferred rule
    default:
      return [check(['PING-200'], fault === undefined && cleanFalseFailure ? 'failed' : 'passed')];
  }
}

function fakeRunner(seen: Array<RunConfig>, cleanFalseFailure = false): () => Promise<SuiteRunner> {
  return async () => ({
    async run(config, report) {
      seen.push(config);
      await new Promise((r) => setTimeout(r, 5));
      return buildSummary(
        report.info,
        findingsFor(config.fault, cleanFalseFailure),
        catalogueOf(SAMPLE_RULES),
        new Date(),
      );
    },
    async close() {},
  });
}

const base = () => ({
  campaignId: 'c1',
  faults: FAULTS,
  families: ['utility' as const],
  ...embeddedRunSettings(dir),
});

const VARIANTS = [
  { name: 'ping-extra', family: 'utility' },
  { name: 'ping-uuid', family: 'utility' },
  { name: 'issuers-unicode', family: 'reference' },
];

describe('mutation campaign', () => {
  it('runs the clean server and every fault once, spread over the lanes, and scores them', async () => {
    const seen: RunConfig[] = [];
    const result = await runCampaign({ ...base(), lanes: 2, createRunner: fakeRunner(seen) });
    expect(seen.map((c) => c.fault ?? 'clean').sort()).toEqual([
      'cancel-silent',
      'clean',
      'headers-missing',
      'issuers-byte-order',
      'ping-wrong-status',
    ]);
    expect(new Set(seen.map((c) => c.runId)).size).toBe(seen.length);
    // Each run's config comes from the engine's plan: the embedded server, the fault, its command.
    expect(seen.find((c) => c.fault === 'cancel-silent')).toMatchObject({
      embedded: true,
      runProfile: 'conformance',
      command: 'npx partner-conformance run --fault cancel-silent',
    });
    expect(seen.every((c) => c.profile.baseUrl.endsWith(c.fault ?? 'clean'))).toBe(true);
    const byName = Object.fromEntries(result.faults.map((f) => [f.fault, f]));
    expect(byName['ping-wrong-status']).toMatchObject({
      caught: true,
      ownRuleCaught: true,
      failingRules: ['PING-200'],
    });
    expect(byName['issuers-byte-order']).toMatchObject({
      caught: true,
      ownRuleCaught: true,
      failingRules: ['ISSUERS-ORDER', 'SCHEMA-X'],
    });
    expect(byName['cancel-silent']).toMatchObject({ caught: true, ownRuleCaught: false });
    expect(byName['headers-missing']).toMatchObject({ caught: true, ownRuleCaught: true });
    expect(result.score).toEqual({ caught: 4, total: 4, ownRule: 3, ratio: 1 });
    expect(result.clean.falseFailures).toEqual([]);
    expect(result.passed).toBe(true);
    expect(result.lanes).toBe(2);
    const matrix = renderMatrix(result);
    expect(matrix).toMatch(/cancel-silent\s+enrollments\s+yes\s+no\s+PING-200/);
    expect(matrix).toContain('score: 4/4 faults caught (100.0%), 3/4 by their own rule');
  });

  it(
    'with variants sampled, runs each fault once beside one variant of its family, the same one ' + 'for the same seed',
    async () => {
      const seen: RunConfig[] = [];
      const result = await runCampaign({
        ...base(),
        lanes: 2,
        createRunner: fakeRunner(seen),
        variantPool: VARIANTS,
        withVariants: 'sample',
      });
      const paired = seen.filter((c) => c.fault !== undefined);
      expect(paired).toHaveLength(FAULTS.length);
      expect(paired.every((c) => c.variants?.length === 1)).toBe(true);
      // A utility fault gets a utility variant; a family without variants gets any.
      expect(['ping-extra', 'ping-uuid']).toContain(paired.find((c) => c.fault === 'ping-wrong-status')!.variants![0]);
      expect(paired.find((c) => c.fault === 'issuers-byte-order')!.variants).toEqual(['issuers-unicode']);
      // The run's command names both switches, so a finding reproduces the pair.
      const pair = paired.find((c) => c.fault === 'ping-wrong-status')!;
      expect(pair.command).toBe(`npx partner-conformance run --fault ping-wrong-status --variant ${pair.variants![0]}`);
      expect(pair.profile.baseUrl).toBe(`http://127.0.0.1:1/ping-wrong-status+${pair.variants![0]}`);
      // The matrix keeps the order of the faults, each with the variant its run had.
      expect(result.faults.map((f) => f.fault)).toEqual(FAULTS.map((f) => f.name));
      for (const f of result.faults) expect(f.variant).toBe(paired.find((c) => c.fault === f.fault)!.variants![0]);
      const again = await runCampaign({
        ...base(),
        lanes: 1,
        createRunner: fakeRunner([]),
        variantPool: VARIANTS,
        withVariants: 'sample',
      });
      expect(again.faults.map((f) => f.variant)).toEqual(result.faults.map((f) => f.variant));
      // cancel-silent is caught, but not by its own rule: beside a variant that fails the campaign.
      expect(result.withVariants).toBe('sample');
      expect(result.passed).toBe(false);
      expect(renderMatrix(result)).toMatch(/cancel-silent\s+\S+\s+enrollments\s+yes\s+no/);
    },
  );

  it('with every variant, runs every pair', async () => {
    const seen: RunConfig[] = [];
    const result = await runCampaign({
      ...base(),
      faults: FAULTS.slice(0, 2),
      lanes: 2,
      createRunner: fakeRunner(seen),
      variantPool: VARIANTS,
      withVariants: 'all',
    });
    expect(result.faults.map((f) => `${f.fault}+${f.variant}`)).toEqual(
      FAULTS.slice(0, 2).flatMap((f) => VARIANTS.map((v) => `${f.name}+${v.name}`)),
    );
    expect(seen).toHaveLength(1 + 2 * VARIANTS.length);
    expect(result.passed).toBe(true);
  });

  it("with scope family, runs only the fault's own family against it", async () => {
    const seen: RunConfig[] = [];
    await runCampaign({
      ...base(),
      families: ['utility', 'reference', 'enrollments'],
      scope: 'family',
      lanes: 1,
      createRunner: fakeRunner(seen),
    });
    expect(seen.find((c) => c.fault === 'issuers-byte-order')!.families).toEqual(['reference']);
    expect(seen.find((c) => c.fault === undefined)!.families).toEqual(['utility', 'reference', 'enrollments']);
  });

  it("with scope operations, runs each fault against its family's checks of its rule; fills the matrix", async () => {
    const seen: RunConfig[] = [];
    const result = await runCampaign({
      ...base(),
      families: ['utility', 'reference', 'enrollments'],
      faults: FAULTS.slice(0, 3),
      scope: 'operations',
      matrix: {
        columns: [{ id: 'status', heading: 'status' }],
        rows: [
          {
            route: 'GET /v1/ping',
            family: 'utility',
            cells: [{ column: 'status', rule: 'PING-200', fault: FAULTS[0]!.name }],
          },
          { route: 'GET /x', family: 'reference', cells: [{ column: 'status', reason: 'no stated status' }] },
          {
            route: 'POST /y',
            family: 'enrollments',
            cells: [{ column: 'status', rule: 'ENR-CANCEL-202', fault: 'cancel-silent' }],
          },
        ],
      },
      lanes: 1,
      createRunner: fakeRunner(seen),
    });
    expect(seen.filter((c) => c.fault === 'issuers-byte-order')).toMatchObject([
      { families: ['reference'], rules: ['ISSUERS-ORDER'] },
    ]);
    // Missed by its family's checks of its rule, a fault gets its family's whole run.
    const cancel = seen.filter((c) => c.fault === 'cancel-silent');
    expect(cancel.map((c) => [c.families, c.rules])).toEqual([
      [['enrollments'], ['ENR-CANCEL-202']],
      [['enrollments'], undefined],
    ]);
    expect(result.faults.find((f) => f.fault === 'cancel-silent')).toMatchObject({ widened: true });
    // The clean run holds every check a fault may run against: its families' every check.
    expect(seen.find((c) => c.fault === undefined)).toMatchObject({
      families: ['utility', 'reference', 'enrollments'],
    });
    expect(seen.find((c) => c.fault === undefined)!.rules).toBeUndefined();
    expect(result.scope).toBe('operations');
    expect(result.operations!.rows.map((r) => r.cells[0]!.verdict)).toEqual(['caught', 'n/a', 'other rule']);
    expect(result.operations!.rows[2]!.cells[0]!.widened).toBe(true);
    expect(result.operations!.byRule).toEqual([
      { rule: 'ENR-CANCEL-202', caught: 0, run: 1 },
      { rule: 'PING-200', caught: 1, run: 1 },
    ]);
  });

  it('fails when the clean server shows a failure, and counts a fault nothing caught', async () => {
    const seen: RunConfig[] = [];
    const result = await runCampaign({
      ...base(),
      faults: [...FAULTS, { name: 'invisible', rules: ['PING-200'], family: 'utility', summary: 'x' }],
      lanes: 1,
      createRunner: fakeRunner(seen, true),
    });
    expect(result.clean.falseFailures).toHaveLength(1);
    expect(result.faults.find((f) => f.fault === 'invisible')).toMatchObject({ caught: false, failingRules: [] });
    expect(result.score).toMatchObject({ caught: 4, total: 5 });
    expect(renderMatrix(result)).toMatch(/invisible\s+utility\s+NO/);
    expect(result.passed).toBe(false);
  });
});
