/** `mutation`: the campaign over the named faults of the reference server (see mutation/). */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { loadContract } from '../harness/contract/index.js';
import { ConfigError } from '../harness/errors.js';
import { FAMILIES } from '../harness/model.js';
import { loadTargetProfile, referenceProfilePath } from '../harness/profile.js';
import { DEFAULT_SPEC } from '../harness/paths.js';
import { loadRules } from '../harness/rules.js';
import { DEFAULT_RUN_PROFILE, RUN_PROFILES } from '../harness/run-profiles.js';
import type { RunIO } from '../engine/io.js';
import { documentOf, familiesOf, runsOf, seedOf } from '../engine/plan-inputs.js';
import { WITH_VARIANTS, type WithVariants } from '../mutation/pairs.js';
import { defaultReportDir, newRunId } from '../engine/report-dir.js';
import { CAMPAIGN_SCOPES, renderMatrix, type CampaignScope } from '../mutation/matrix.js';
import { renderOperationsMarkdown } from '../mutation/operations-markdown.js';
import { renderByRule } from '../mutation/operations-matrix.js';
import { flagHelp, parseFlags, type FlagTable, type CommandDefinition } from './args.js';
import { lanesOf } from './lanes-flag.js';

export const MUTATION_FLAGS: FlagTable = {
  fault: {
    type: 'string',
    multiple: true,
    value: '<name>',
    help: 'only these faults (repeatable or comma list; default every fault of the scope)',
  },
  family: {
    type: 'string',
    multiple: true,
    value: '<name>',
    help: 'only the faults of these families (repeatable or comma list), e.g. to run --scope operations in parts',
  },
  'report-dir': {
    type: 'string',
    value: '<dir>',
    help: 'where mutation.json goes (default reports/out/<id>-mutation/)',
  },
  lanes: { type: 'string', value: '<n>', help: 'runs in parallel, each with its own server and worker (default 8)' },
  scope: {
    type: 'string',
    value: '<all|family|operations>',
    help:
      "all: every suite against every fault (default); family: only the fault's own family (faster); operations: " +
      "the faults generated per operation, each against its family's checks of its rule, and the operations matrix",
  },
  seed: {
    type: 'string',
    value: '<int>',
    help: 'fast-check seed for every run (default 1: the campaign is repeatable)',
  },
  runs: {
    type: 'string',
    value: '<int>',
    help: `fast-check runs per property (default ${RUN_PROFILES[DEFAULT_RUN_PROFILE].runs})`,
  },
  spec: {
    type: 'string',
    value: '<path|url>',
    help: "the OpenAPI document schema checks come from (default specs/partner-api.yaml), e.g. the provider's own",
  },
  'with-variants': {
    type: 'string',
    value: '<none|sample|all>',
    help:
      'switch on a variant beside each fault: none (default), sample (one per fault, seeded), all (every pair: ' +
      'nightly)',
  },
  help: { type: 'boolean', help: 'this help' },
};

export const MUTATION_HELP = `partner-conformance mutation [flags]

Runs the whole conformance suite against the clean reference server and against every
named fault; prints the matrix (fault, caught, by which rules, own rule among them) and the
score, and writes mutation.json. With --with-variants, a variant of the reference server
(a valid choice where the contract is open) is switched on beside each fault, and each fault
must still be caught by its own rule. With --scope operations, the faults generated per
operation (one rule broken on one route) run instead, and the matrix of operations by rules
is written beside mutation.json (operations-matrix.md; \`npm run docs:operations-matrix\` makes
docs/operations-matrix.md of it). Exit 0 when the clean run has no failure and every fault is
caught, 1 otherwise, 2 on a usage error.

${flagHelp(MUTATION_FLAGS)}
`;

/**
 * A run spends most of its time waiting on the contract's rate limits, and each lane has its
 * own server and buckets, so lanes overlap those waits: 8 lanes on 2 cores use about half of
 * the CPU (measured: 173 s for --scope family against 225 s with 6 lanes and 324 s with 4).
 */
const DEFAULT_LANES = 8;

export async function mutationCommand(argv: readonly string[], io: RunIO): Promise<number> {
  const flags = parseFlags('mutation', argv, MUTATION_FLAGS);
  if (flags.help) {
    io.out.write(MUTATION_HELP);
    return 0;
  }
  // The campaign and the reference server load only once the flags are known to be valid.
  const scope = (flags.scope as string | undefined) ?? 'all';
  if (!(CAMPAIGN_SCOPES as readonly string[]).includes(scope))
    throw new ConfigError('E_USAGE', `--scope "${scope}" is none of ${CAMPAIGN_SCOPES.join(', ')}`);
  const families: readonly string[] = familiesOf(flags.family as string[] | undefined) ?? [];
  const [{ listFaults, listVariants, operationMatrix }, { runCampaign }] = await Promise.all([
    import('../reference/server.js'),
    import('../mutation/campaign.js'),
  ]);
  const known = listFaults();
  const names = flags.fault as string[] | undefined;
  const unknown = (names ?? []).filter((n) => !known.some((f) => f.name === n));
  if (unknown.length)
    throw new ConfigError('E_FAULT_UNKNOWN', `unknown fault ${unknown.map((n) => `"${n}"`).join(', ')}`);
  // The faults per operation run in their own scope, which fills the operations matrix; --fault names any.
  const ofScope = names?.length
    ? known.filter((f) => names.includes(f.name))
    : known.filter((f) => (f.cell !== undefined) === (scope === 'operations'));
  const faults = families.length ? ofScope.filter((f) => families.includes(f.family)) : ofScope;
  if (faults.length === 0)
    throw new ConfigError('E_SELECTION_EMPTY', `no fault of scope ${scope} belongs to --family ${families.join(', ')}`);
  const lanes = lanesOf(flags.lanes as string | undefined, DEFAULT_LANES);
  const withVariants = (flags['with-variants'] as string | undefined) ?? 'none';
  if (!(WITH_VARIANTS as readonly string[]).includes(withVariants))
    throw new ConfigError('E_USAGE', `--with-variants "${withVariants}" is none, sample or all`);
  const spec = (flags.spec as string | undefined) ?? DEFAULT_SPEC;
  // Only variants valid under the campaign's document; under a document of its own, those both allow.
  const document = documentOf(spec);
  const variantPool = listVariants().filter((v) =>
    document ? v.documents.includes(document) : v.documents.length === 2,
  );
  const seed = seedOf((flags.seed as string | undefined) ?? '1');
  const runs = runsOf(flags.runs as string | undefined, DEFAULT_RUN_PROFILE);
  const campaignId = newRunId();
  const reportDir =
    flags['report-dir'] !== undefined
      ? resolve(flags['report-dir'] as string)
      : `${defaultReportDir(campaignId)}-mutation`;
  const [contract, catalogue, profile] = await Promise.all([
    loadContract(spec),
    loadRules().rules,
    loadTargetProfile(referenceProfilePath()),
  ]);

  const pairing = withVariants === 'none' ? '' : `, with variants: ${withVariants} of ${variantPool.length}`;
  io.out.write(
    `mutation campaign ${campaignId}: ${faults.length} faults + the clean server, ${lanes} lanes, ` +
      `scope ${scope}${pairing}, seed ${seed}, spec ${contract.source}\n`,
  );
  const result = await runCampaign({
    campaignId,
    faults,
    lanes,
    scope: scope as CampaignScope,
    ...(scope === 'operations' ? { matrix: operationMatrix() } : {}),
    families: [...FAMILIES],
    contract,
    catalogue,
    profile,
    seed,
    runs,
    reportDir,
    io,
    variantPool,
    withVariants: withVariants as WithVariants,
  });
  io.out.write(renderMatrix(result));
  await mkdir(reportDir, { recursive: true });
  await writeFile(join(reportDir, 'mutation.json'), `${JSON.stringify(result, null, 2)}\n`);
  io.out.write(`written: ${join(reportDir, 'mutation.json')}\n`);
  if (result.operations) {
    const page = join(reportDir, 'operations-matrix.md');
    await writeFile(page, renderOperationsMarkdown(result.operations, [result]));
    io.out.write(`${renderByRule(result.operations)}written: ${page}\n`);
  }
  return result.passed ? 0 : 1;
}

export const command: CommandDefinition = { run: mutationCommand, help: MUTATION_HELP, flags: MUTATION_FLAGS };
