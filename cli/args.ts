/**
 * Flag parsing on node:util parseArgs, strict: an unknown flag, a missing value or a stray
 * word is a usage error (exit 2) that names the command's help.
 */
import { parseArgs } from 'node:util';
import { ConfigError } from '../harness/errors.js';
import type { RunIO } from '../engine/io.js';

interface FlagSpec {
  type: 'string' | 'boolean';
  /** Repeatable; comma lists are split too. */
  multiple?: boolean;
  /** Shown in --help. */
  help: string;
  /** Placeholder for the value in --help, e.g. `<path>`. */
  value?: string;
}

export type FlagTable = Record<string, FlagSpec>;

export type ParsedFlags = Record<string, string | boolean | string[] | undefined>;

/** A command of the command line: what it does, its --help and its flags (docs/cli.md is written from these). */
export interface CommandDefinition {
  run: (argv: readonly string[], io: RunIO) => Promise<number>;
  help: string;
  flags: FlagTable;
}

export function parseFlags(command: string, argv: readonly string[], table: FlagTable): ParsedFlags {
  const options = Object.fromEntries(
    Object.entries(table).map(([name, spec]) => [name, { type: spec.type, multiple: spec.multiple ?? false }]),
  );
  let values: ParsedFlags;
  try {
    values = parseArgs({ args: [...argv], options, strict: true, allowPositionals: false }).values as ParsedFlags;
  } catch (err) {
    throw new ConfigError(
      'E_USAGE',
      `${command}: ${(err as Error).message.replace(/\s*\n\s*/g, ' ')}`,
      npmTookFlags(table, argv) ?? `Run \`partner-conformance ${command} --help\` for its flags.`,
    );
  }
  for (const [name, spec] of Object.entries(table)) {
    const value = values[name];
    if (spec.multiple && Array.isArray(value))
      values[name] = value
        .flatMap((v) => v.split(','))
        .map((v) => v.trim())
        .filter(Boolean);
    // A value that is empty (`--family=`, `--family ,`) or looks like a flag means the value was forgotten.
    const emptyList = spec.multiple === true && Array.isArray(values[name]) && (values[name] as string[]).length === 0;
    if (
      spec.type === 'string' &&
      (emptyList || value === '' || (typeof value === 'string' && value.startsWith('--')))
    ) {
      throw new ConfigError(
        'E_USAGE',
        `${command}: option --${name} needs a value`,
        `Run \`partner-conformance ${command} --help\` for its flags.`,
      );
    }
  }
  return values;
}

/**
 * `npm start --family utility` (no `--`): npm takes `--family` as its own setting and hands the
 * script only `utility`. npm exports such settings as `npm_config_<name>`, so a flag of ours
 * found there was eaten on the way; the hint shows the command with `--`.
 */
function npmTookFlags(table: FlagTable, argv: readonly string[]): string | undefined {
  if (!process.env.npm_lifecycle_event) return undefined;
  const taken = Object.keys(table).filter((name) => process.env[`npm_config_${name.replace(/-/g, '_')}`] !== undefined);
  if (taken.length === 0) return undefined;
  const script =
    process.env.npm_lifecycle_event === 'start' ? 'npm start' : `npm run ${process.env.npm_lifecycle_event}`;
  const flags = taken.map((name) => `--${name}`).join(', ');
  return (
    `npm took ${flags} for itself: put \`--\` before the suite's flags, e.g. \`${script} -- ` +
    `--${taken[0]} ${argv[0] ?? '<value>'}\`.`
  );
}

/** The flags of a command as help lines. */
export function flagHelp(table: FlagTable): string {
  return Object.entries(table)
    .map(([name, spec]) => `  --${`${name}${spec.value ? ` ${spec.value}` : ''}`.padEnd(26)} ${spec.help}`)
    .join('\n');
}
