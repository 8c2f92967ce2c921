/**
 * Faults and variants compose, end to end on a small slice: the real campaign pairs each of two
 * faults with a sampled variant of its family and still catches each by its own rule; a run
 * with a fault and a variant names both, in its summary and in its repeat command.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../harness/contract/index.js';
import { DEFAULT_SPEC } from '../../harness/paths.js';
import { loadTargetProfile, referenceProfilePath } from '../../harness/profile.js';
import { loadRules } from '../../harness/rules.js';
import { runCampaign } from '../../mutation/campaign.js';
import { listFaults, listVariants } from '../../reference/server.js';
import { readSummary, runCli, scratch } from './cli.js';

const dir = scratch('fault-beside-variant');
afterAll(() => dir.dispose());

/** Two families with quick suites, one fault of each. */
const SLICE = ['medicare-omitted-fields-cleared', 'legacy-application-no-id'];

describe('a fault beside a variant', () => {
  it('is still caught by its own rule in a sampled campaign of two faults', async () => {
    const faults = listFaults().filter((f) => SLICE.includes(f.name));
    const families = ['medicare', 'legacy-ichra'] as const;
    const [contract, profile] = await Promise.all([
      loadContract(DEFAULT_SPEC),
      loadTargetProfile(referenceProfilePath()),
    ]);
    const result = await runCampaign({
      campaignId: 'pairs',
      faults,
      lanes: 2,
      scope: 'family',
      families,
      contract,
      catalogue: loadRules().rules,
      profile,
      seed: 1,
      runs: 5,
      reportDir: dir.path('campaign'),
      io: { out: { write: () => true }, err: { write: () => true } },
      variantPool: listVariants(),
      withVariants: 'sample',
    });
    expect(result.faults.map((f) => f.fault)).toEqual(faults.map((f) => f.name));
    expect(faults).toHaveLength(SLICE.length);
    // Each fault ran beside a variant of its own family.
    for (const f of result.faults) expect(listVariants().find((v) => v.name === f.variant)?.family).toBe(f.family);
    expect(result.faults.map((f) => [f.fault, f.ownRuleCaught])).toEqual(faults.map((f) => [f.name, true]));
    expect(result.clean.falseFailures).toEqual([]);
    expect(result.passed).toBe(true);
  }, 120_000);

  it("is named with the variant by the run's summary and repeat command", async () => {
    const reportDir = dir.path('run');
    const result = await runCli([
      'run',
      '--family',
      'medicare',
      '--fault',
      'medicare-notes-returned',
      '--variant',
      'medicare-contact-timestamps',
      '--seed',
      '1',
      '--report-dir',
      reportDir,
    ]);
    expect(result.code, result.err).toBe(1);
    const summary = readSummary(reportDir);
    expect(summary.target).toMatchObject({
      fault: 'medicare-notes-returned',
      variants: ['medicare-contact-timestamps'],
    });
    expect(summary.command).toBe(
      'npx partner-conformance run --fault medicare-notes-returned --variant medicare-contact-timestamps',
    );
    expect(summary.ruleVerdicts['MEDICARE-CONTACT-FIELDS']?.verdict).toBe('failed');
  }, 120_000);
});
