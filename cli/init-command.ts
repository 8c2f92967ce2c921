/**
 * `init`: a target profile for a base URL, with every key role and fixture the checks of a run
 * profile need (cli/profile-scaffold.ts), written to a new file, and what is left to fill.
 * Every input is checked before the suite files are collected, and nothing is written on a
 * mistake.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import type { RunIO } from '../engine/io.js';
import { familiesOf, runProfileOf } from '../engine/plan-inputs.js';
import { createSuiteRunner } from '../engine/suite-runner.js';
import { ConfigError } from '../harness/errors.js';
import { FAMILIES } from '../harness/model.js';
import { profileSchemaPath, withUrlOverrides } from '../harness/profile.js';
import { DEFAULT_RUN_PROFILE, RUN_PROFILE_NAMES } from '../harness/run-profiles.js';
import { selectedChecks } from '../reports/required.js';
import { type CommandDefinition, flagHelp, parseFlags, type FlagTable } from './args.js';
import { profileScaffold } from './profile-scaffold.js';
import { RUN_FLAGS } from './run-flags.js';

const DEFAULT_OUT = 'target-profile.json';

const INIT_FLAGS: FlagTable = {
  'base-url': { type: 'string', value: '<url>', help: 'base URL of the /v1 API, without /v1 (required)' },
  'legacy-base-url': RUN_FLAGS['legacy-base-url']!,
  'medicare-base-url': RUN_FLAGS['medicare-base-url']!,
  profile: {
    type: 'string',
    value: '<name>',
    help: `the run profile the target must serve: ${RUN_PROFILE_NAMES.join(' | ')} (default ${DEFAULT_RUN_PROFILE})`,
  },
  family: {
    type: 'string',
    multiple: true,
    value: '<name>',
    help: 'only what these families need (repeatable or comma list; default every family)',
  },
  out: { type: 'string', value: '<file>', help: `the profile to write (default ${DEFAULT_OUT})` },
  force: { type: 'boolean', help: 'replace --out if it exists' },
  help: { type: 'boolean', help: 'this help' },
};

const INIT_HELP = `partner-conformance init --base-url <url> [flags]

Writes a target profile for a base URL with every key role and fixture the checks of a run
profile need (the declarations \`plan\` reads): each key an environment variable of its role's
conventional name, each value only you know marked "FILL: ..." with what it must be. Prints
what is left to fill; \`run\` and \`plan\` refuse the file until nothing is (E_PROFILE_UNFILLED).
An existing file is refused unless --force. Exit codes: 0 written, 2 usage or configuration error
(nothing written).

${flagHelp(INIT_FLAGS)}
`;

export async function initCommand(argv: readonly string[], io: RunIO): Promise<number> {
  const flags = parseFlags('init', argv, INIT_FLAGS);
  if (flags.help) {
    io.out.write(INIT_HELP);
    return 0;
  }
  const url = flags['base-url'] as string | undefined;
  if (url === undefined)
    throw new ConfigError(
      'E_USAGE',
      'init: --base-url <url> is required',
      'e.g. init --base-url https://staging.example.com',
    );
  const runProfile = runProfileOf(flags.profile as string | undefined);
  const families = familiesOf(flags.family as string[] | undefined) ?? [...FAMILIES];
  const target = withUrlOverrides(undefined, {
    baseUrl: url,
    legacyBaseUrl: flags['legacy-base-url'] as string | undefined,
    medicareBaseUrl: flags['medicare-base-url'] as string | undefined,
  });
  const out = resolve((flags.out as string | undefined) ?? DEFAULT_OUT);
  if (existsSync(out) && flags.force !== true)
    throw new ConfigError('E_INIT_EXISTS', `${out} exists; init writes a new profile and overwrites nothing`);

  const runner = await createSuiteRunner(families);
  let checks: Awaited<ReturnType<typeof selectedChecks>>;
  try {
    checks = selectedChecks((await runner.collect?.(families)) ?? [], { runProfile, families });
  } finally {
    await runner.close();
  }
  const { profile, leftToFill } = profileScaffold({
    baseUrl: target.baseUrl,
    legacyBaseUrl: target.legacyBaseUrl,
    medicareBaseUrl: target.medicareBaseUrl,
    name: target.name,
    runProfile,
    checks,
    schemaRef: relative(dirname(out), profileSchemaPath()),
  });
  try {
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, `${JSON.stringify(profile, null, 2)}\n`, { flag: flags.force === true ? 'w' : 'wx' });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw new ConfigError('E_INIT_EXISTS', `${out} exists; init overwrites nothing`);
    throw new ConfigError('E_INIT_UNWRITABLE', `${out} cannot be written (${code ?? String(err)})`);
  }
  const shown = relative(process.cwd(), out) || out;
  io.out.write(
    [
      `Wrote ${shown}: a target profile for ${target.baseUrl}, for a ${runProfile} run of ` +
        `${families.length === FAMILIES.length ? 'every family' : families.join(', ')} (${checks.length} checks).`,
      ...leftToFill,
      `Then: partner-conformance plan --target ${shown} --profile ${runProfile}`,
      '',
    ].join('\n'),
  );
  return 0;
}

export const command: CommandDefinition = { run: initCommand, help: INIT_HELP, flags: INIT_FLAGS };
