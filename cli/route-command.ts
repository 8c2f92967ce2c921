/**
 * `route <exit-code>`: what a run's exit code means and whose it is, for a CI step that runs
 * after the reports are published (the GitHub Action's last step). Inside GitHub Actions it
 * writes the code as an annotation and a line of the step summary, and whose it is as the
 * step's `route` output. Exit 1 when the code should
 * fail the job, 0 when it passed or is listed in --warn (reported as a warning only).
 */
import { appendFileSync } from 'node:fs';
import type { RunIO } from '../engine/io.js';
import { ConfigError } from '../harness/errors.js';
import { EXIT_CODE_LIST, EXIT_CODES, exitCodeSpec, type ExitCode, type ExitCodeSpec } from '../harness/exit-codes.js';
import { flagHelp, parseFlags, type FlagTable, type CommandDefinition } from './args.js';
import { leadingFiles } from './files.js';

export const ROUTE_FLAGS: FlagTable = {
  warn: {
    type: 'string',
    multiple: true,
    value: '<codes>',
    help:
      'codes reported as a warning that do not fail the job, e.g. 2,3 for a schedule that must not page on its own ' +
      'setup',
  },
  help: { type: 'boolean', help: 'this help' },
};

/** One exit code's line of the help: code, name, whose it is. */
const codeLine = (code: ExitCode): string =>
  `  ${String(code).padStart(3)} ${EXIT_CODES[code].name.padEnd(20)} ${EXIT_CODES[code].route}`;

export const ROUTE_HELP = `partner-conformance route <exit-code> [flags]

Says what a run's exit code means, what to do and whose it is to act on (contract, network,
credentials, service, setup, suite). Inside GitHub Actions it also writes an annotation and a
line of the step summary. Exit 1 when the code fails the job, 0 when it passed or is one of --warn.

${EXIT_CODE_LIST.map(codeLine).join('\n')}

${flagHelp(ROUTE_FLAGS)}
`;

function codeOf(text: string | undefined): { code: number; spec: ExitCodeSpec } {
  const code = Number(text);
  const spec = text !== undefined && /^\d+$/.test(text) ? exitCodeSpec(code) : undefined;
  if (!spec)
    throw new ConfigError(
      'E_USAGE',
      text === undefined
        ? 'route: an exit code is needed'
        : `route: "${text}" is not an exit code of partner-conformance`,
      `Give the code the run exited with: one of ${EXIT_CODE_LIST.join(', ')}.`,
    );
  return { code, spec };
}

/** The annotation line GitHub Actions reads from a step's output. */
export function annotation(level: 'error' | 'warning' | 'notice', code: number, spec: ExitCodeSpec): string {
  return (
    `::${level} title=partner-conformance exit ${code} (${spec.name})::${spec.meaning}; ${spec.action} ` +
    `[route: ${spec.route}]`
  );
}

export async function routeCommand(argv: readonly string[], io: RunIO): Promise<number> {
  const { files, rest } = leadingFiles(argv);
  const flags = parseFlags('route', rest, ROUTE_FLAGS);
  if (flags.help) {
    io.out.write(ROUTE_HELP);
    return 0;
  }
  const { code, spec } = codeOf(files[0]);
  const warn = ((flags.warn as string[] | undefined) ?? []).map((w) => codeOf(w).code);
  const fails = spec.route !== 'none' && !warn.includes(code);
  const level = spec.route === 'none' ? 'notice' : fails ? 'error' : 'warning';
  const github = process.env.GITHUB_ACTIONS === 'true';
  io.out.write(
    github ? `${annotation(level, code, spec)}\n` : `exit ${code} (${spec.name}): ${spec.meaning}\n  ${spec.action}\n`,
  );
  // The step's `route` output: a later step can send a code further by whose it is (exit 5 to the secret's owner).
  if (github && process.env.GITHUB_OUTPUT) appendFileSync(process.env.GITHUB_OUTPUT, `route=${spec.route}\n`);
  const summaryFile = process.env.GITHUB_STEP_SUMMARY;
  if (github && summaryFile)
    appendFileSync(
      summaryFile,
      `\n**partner-conformance exit ${code} (${spec.name})**: ${spec.meaning}. ${spec.action}.\n`,
    );
  return fails ? 1 : 0;
}

export const command: CommandDefinition = { run: routeCommand, help: ROUTE_HELP, flags: ROUTE_FLAGS };
