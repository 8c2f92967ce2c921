/** `serve`: the reference server on its own, as a local sandbox, until SIGINT or SIGTERM. */
import { ConfigError } from '../harness/errors.js';
import { loadTargetProfile, referenceProfilePath } from '../harness/profile.js';
import { listFaults, listVariants, startReferenceServer } from '../reference/server.js';
import { flagHelp, parseFlags, type FlagTable, type CommandDefinition } from './args.js';
import type { RunIO } from '../engine/io.js';
import { faultOf, variantsOf } from '../engine/plan-inputs.js';

export const SERVE_FLAGS: FlagTable = {
  port: { type: 'string', value: '<n>', help: 'TCP port on 127.0.0.1 (default 8080; 0 picks a free one)' },
  fault: { type: 'string', value: '<name>', help: 'switch on one named fault' },
  variant: {
    type: 'string',
    multiple: true,
    value: '<name>',
    help: 'switch on a named variant (repeatable; with --fault too)',
  },
  'list-faults': { type: 'boolean', help: 'list the named faults and exit' },
  'list-variants': {
    type: 'boolean',
    help: 'list the named variants (valid choices where the contract is open) and exit',
  },
  help: { type: 'boolean', help: 'this help' },
};

export const SERVE_HELP = `partner-conformance serve [flags]

Starts the reference server (the whole contract, in memory) on 127.0.0.1 until Ctrl-C.

${flagHelp(SERVE_FLAGS)}
`;

function portOf(raw: string | undefined): number {
  if (raw === undefined) return 8080;
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port > 65535)
    throw new ConfigError('E_USAGE', `--port "${raw}" is not a port number (0 to 65535)`);
  return port;
}

export function faultList(): string {
  const faults = listFaults();
  const width = Math.max(...faults.map((f) => f.name.length), 4);
  const line = (f: (typeof faults)[number]) =>
    `${f.name.padEnd(width)}  ${f.family.padEnd(19)}  ${f.rules.join(', ').padEnd(28)}  ${f.summary}`;
  return `${faults.map(line).join('\n')}\n${faults.length} faults\n`;
}

export function variantList(): string {
  const variants = listVariants();
  const width = Math.max(...variants.map((v) => v.name.length), 4);
  const lines = variants.map(
    (v) =>
      `${v.name.padEnd(width)}  ${v.family.padEnd(19)}  ${`§${v.permits}`.padEnd(6)} ` +
      ` ${v.documents.join(',').padEnd(20)}  ${v.summary}`,
  );
  return `${lines.join('\n')}\n${variants.length} variants\n`;
}

/** Resolves when the process is told to stop. */
const stopSignal = () =>
  new Promise<string>((resolve) => {
    const stop = (signal: string) => resolve(signal);
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });

export async function serveCommand(
  argv: readonly string[],
  io: RunIO,
  until: () => Promise<unknown> = stopSignal,
): Promise<number> {
  const flags = parseFlags('serve', argv, SERVE_FLAGS);
  if (flags.help) {
    io.out.write(SERVE_HELP);
    return 0;
  }
  if (flags['list-faults']) {
    io.out.write(faultList());
    return 0;
  }
  if (flags['list-variants']) {
    io.out.write(variantList());
    return 0;
  }
  const port = portOf(flags.port as string | undefined);
  const fault = await faultOf(flags.fault as string | undefined);
  // The sandbox answers whoever calls it: a variant is checked by name only, not against a document.
  const variants = (await variantsOf(flags.variant as string[] | undefined)) ?? [];
  const profile = await loadTargetProfile(referenceProfilePath());
  const server = await startReferenceServer({ port, fault, variants }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'EADDRINUSE')
      throw new ConfigError('E_PORT_IN_USE', `port ${port} on 127.0.0.1 is already in use`);
    if (err.code === 'EACCES')
      throw new ConfigError(
        'E_PORT_IN_USE',
        `port ${port} on 127.0.0.1 needs privileges this process does not have`,
        'Pick a port above 1023 with --port (0 picks a free one).',
      );
    throw err;
  });
  const roles = Object.entries(profile.keys).map(([role, ref]) => `  ${role.padEnd(20)} ${ref.env} (tier ${ref.tier})`);
  io.out.write(
    [
      `reference server listening on ${server.url}${fault ? ` with fault ${fault}` : ''}` +
        `${variants.length ? ` with variants ${variants.join(', ')}` : ''}`,
      'key roles and the environment variables the reference profile reads them from',
      '(the sandbox values are in reference/data/accounts.json):',
      ...roles,
      `to test it: export those variables, then npx partner-conformance run --base-url ${server.url}`,
      'stop with Ctrl-C',
      '',
    ].join('\n'),
  );
  await until();
  await server.close();
  io.out.write('reference server stopped\n');
  return 0;
}

export const command: CommandDefinition = {
  run: (argv, io) => serveCommand(argv, io),
  help: SERVE_HELP,
  flags: SERVE_FLAGS,
};
