/** `variants`: the whole suite against the clean reference server and each variant (see variants/). */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { loadContract } from '../harness/contract/index.js';
import { ConfigError } from '../harness/errors.js';
import { FAMILIES } from '../harness/model.js';
import { DEFAULT_SPEC, PROVIDER_SPEC } from '../harness/paths.js';
import { loadTargetProfile, referenceProfilePath } from '../harness/profile.js';
import { loadRules } from '../harness/rules.js';
import { DEFAULT_RUN_PROFILE, RUN_PROFILES } from '../harness/run-profiles.js';
import type { RunIO } from '../engine/io.js';
import { runsOf, seedOf } from '../engine/plan-inputs.js';
import { defaultReportDir, newRunId } from '../engine/report-dir.js';
import { markdownMatrix, renderMatrix } from '../variants/matrix.js';
import { flagHelp, parseFlags, type FlagTable, type CommandDefinition } from './args.js';
import { lanesOf } from './lanes-flag.js';

/** The two /v1 documents a variant can be held to, by the name variants use. */
const DOCUMENTS: Record<string, string> = { 'partner-api': DEFAULT_SPEC, provider: PROVIDER_SPEC };

/** Two lanes: one per core of the reference machine. */
const DEFAULT_LANES = 2;

export const VARIANTS_FLAGS: FlagTable = {
  variant: {
    type: 'string',
    multiple: true,
    value: '<name>',
    help: 'only these variants (repeatable or comma list; default every variant the document allows)',
  },
  document: {
    type: 'string',
    value: '<partner-api|provider>',
    help: 'the /v1 document every run is held to (default partner-api: specs/partner-api.yaml)',
  },
  lanes: {
    type: 'string',
    value: '<n>',
    help: `runs in parallel, each with its own server and worker (default ${DEFAULT_LANES})`,
  },
  seed: { type: 'string', value: '<int>', help: 'fast-check seed for every run (default 1: the matrix is repeatable)' },
  runs: {
    type: 'string',
    value: '<int>',
    help: `fast-check runs per property (default ${RUN_PROFILES[DEFAULT_RUN_PROFILE].runs})`,
  },
  'report-dir': {
    type: 'string',
    value: '<dir>',
    help: "where variants.json, variants.md and each run's summary.json go (default reports/out/<id>-variants/)",
  },
  help: { type: 'boolean', help: 'this help' },
};

export const VARIANTS_HELP = `partner-conformance variants [flags]

Runs the whole conformance suite against the clean reference server and against each named
variant (a valid choice where the contract is silent or permissive: \`serve --list-variants\`),
each on its own server; prints the matrix (variant, family, section, passed, failed, warnings)
and writes variants.json and variants.md. A valid variant must pass: exit 0 when every run has
0 failures and 0 warnings, 1 otherwise, 2 on a usage error.

${flagHelp(VARIANTS_FLAGS)}
`;

export async function variantsCommand(argv: readonly string[], io: RunIO): Promise<number> {
  const flags = parseFlags('variants', argv, VARIANTS_FLAGS);
  if (flags.help) {
    io.out.write(VARIANTS_HELP);
    return 0;
  }
  const document = (flags.document as string | undefined) ?? 'partner-api';
  const spec = DOCUMENTS[document];
  if (spec === undefined)
    throw new ConfigError('E_USAGE', `--document "${document}" is neither partner-api nor provider`);
  // The matrix and the reference server load only once the flags are known to be valid.
  const [{ listVariants }, { runVariants }] = await Promise.all([
    import('../reference/server.js'),
    import('../variants/run.js'),
  ]);
  const known = listVariants();
  const names = flags.variant as string[] | undefined;
  const unknown = (names ?? []).filter((n) => !known.some((v) => v.name === n));
  if (unknown.length)
    throw new ConfigError('E_VARIANT_UNKNOWN', `unknown variant ${unknown.map((n) => `"${n}"`).join(', ')}`);
  const asked = names?.length ? known.filter((v) => names.includes(v.name)) : known;
  const variants = asked.filter((v) => (v.documents as readonly string[]).includes(document));
  const lanes = lanesOf(flags.lanes as string | undefined, DEFAULT_LANES);
  const seed = seedOf((flags.seed as string | undefined) ?? '1');
  const runs = runsOf(flags.runs as string | undefined, DEFAULT_RUN_PROFILE);
  const runId = newRunId();
  const reportDir =
    flags['report-dir'] !== undefined ? resolve(flags['report-dir'] as string) : `${defaultReportDir(runId)}-variants`;
  const [contract, catalogue, profile] = await Promise.all([
    loadContract(spec),
    loadRules().rules,
    loadTargetProfile(referenceProfilePath()),
  ]);

  const left = asked.filter((v) => !variants.includes(v)).map((v) => v.name);
  io.out.write(
    `variants ${runId}: ${variants.length} variants + the clean server under ${document} ` +
      `(${contract.source}), ${lanes} lanes, ` +
      `seed ${seed}${left.length ? `; not valid under ${document}, left out: ${left.join(', ')}` : ''}\n`,
  );
  const result = await runVariants({
    runId,
    variants,
    lanes,
    families: [...FAMILIES],
    document,
    contract,
    catalogue,
    profile,
    seed,
    runs,
    reportDir,
    io,
  });
  io.out.write(renderMatrix(result));
  await mkdir(reportDir, { recursive: true });
  await writeFile(join(reportDir, 'variants.json'), `${JSON.stringify(result, null, 2)}\n`);
  await writeFile(join(reportDir, 'variants.md'), markdownMatrix(result));
  io.out.write(`written: ${join(reportDir, 'variants.json')}, variants.md\n`);
  return result.passed ? 0 : 1;
}

export const command: CommandDefinition = { run: variantsCommand, help: VARIANTS_HELP, flags: VARIANTS_FLAGS };
