/**
 * partner-conformance: the command line. Exit codes: harness/exit-codes.ts (docs/exit-codes.md);
 * `mutation` and `variants` exit 1 when a fault is missed or a variant fails.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { ConfigError } from '../harness/errors.js';
import { processIO, type RunIO } from '../engine/io.js';
import { projectPath } from '../harness/paths.js';
import { exitCodesLine } from '../harness/exit-codes.js';
import type { CommandDefinition } from './args.js';

// Commands load on use: help and usage errors answer fast and need none of the machinery.
export const COMMANDS: Record<string, { load: () => Promise<CommandDefinition>; summary: string }> = {
  run: {
    load: async () => (await import('./run-command.js')).command,
    summary: 'run the conformance suites against a target (default: the embedded reference server)',
  },
  plan: {
    load: async () => (await import('./plan-command.js')).command,
    summary: 'say what a run would do, without sending a request: checks run, skipped and why, complete or not',
  },
  init: {
    load: async () => (await import('./init-command.js')).command,
    summary: 'write a target profile for a base URL with what a run profile needs, and say what is left to fill',
  },
  serve: {
    load: async () => (await import('./serve-command.js')).command,
    summary: 'start the reference server as a local sandbox',
  },
  rules: {
    load: async () => (await import('./rules-command.js')).command,
    summary: 'list the rule catalogue, with the tests and faults of each rule',
  },
  verify: {
    load: async () => (await import('./verify-command.js')).command,
    summary: 'hold a certification bundle to a policy (signed, complete, PASSED, trusted key, pinned spec)',
  },
  'merge-evidence': {
    load: async () => (await import('./merge-command.js')).command,
    summary: 'merge the bundles of every shard of a run into one signed bundle',
  },
  route: {
    load: async () => (await import('./route-command.js')).command,
    summary: 'say what an exit code means and whose it is (a CI step after the reports are published)',
  },
  mutation: {
    load: async () => (await import('./mutation-command.js')).command,
    summary: 'run the suite against the clean server and every named fault; print the score',
  },
  variants: {
    load: async () => (await import('./variants-command.js')).command,
    summary: 'run the suite against every named variant (valid choices where the contract is open); print the matrix',
  },
};

export const MAIN_HELP = `partner-conformance <command> [flags]

Contract-testing and conformance suite for the Partner Insurance API.

Commands:
${Object.entries(COMMANDS)
  .map(([name, c]) => `  ${name.padEnd(10)} ${c.summary}`)
  .join('\n')}

Run \`partner-conformance <command> --help\` for a command's flags.
Exit codes: ${exitCodesLine()}
(\`partner-conformance route <code>\` says what one means and whose it is).
Keys are never passed on the command line: a target profile names the environment
variables that hold them.
`;

export function version(): string {
  return (JSON.parse(readFileSync(projectPath('package.json'), 'utf8')) as { version: string }).version;
}

export async function main(argv: readonly string[], io: RunIO = processIO): Promise<number> {
  const [first, ...rest] = argv;
  try {
    if (first === undefined || first === '--help' || first === '-h' || first === 'help') {
      io.out.write(MAIN_HELP);
      return first === undefined ? 2 : 0;
    }
    if (first === '--version' || first === '-v') {
      io.out.write(`${version()}\n`);
      return 0;
    }
    const command = Object.hasOwn(COMMANDS, first) ? COMMANDS[first] : undefined;
    if (!command)
      throw new ConfigError('E_USAGE', `unknown command "${first}"; commands are ${Object.keys(COMMANDS).join(', ')}`);
    return await (await command.load()).run(rest, io);
  } catch (err) {
    if (err instanceof ConfigError) {
      io.err.write(`${err.format()}\n`);
      return err.exitCode;
    }
    io.err.write(`internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    return 3;
  }
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (invokedDirectly || process.env.PARTNER_CONFORMANCE_BIN === '1') {
  // A reader that stops early (`rules --json | head -1`) closes the pipe: stop quietly, not with EPIPE.
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw err;
  });
  main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
    // A handle left open by a dependency must not keep a finished run alive.
    setTimeout(() => process.exit(code), 2_000).unref();
  });
}
