/**
 * `verify <evidence.json>`: checks an evidence file's digest and signature; exit 0 when all hold, 1 when one does not.
 */
import { createPublicKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { ConfigError } from '../harness/errors.js';
import type { RunIO } from '../engine/io.js';
import { verifyEvidence } from '../reports/verify-evidence.js';
import { flagHelp, parseFlags, type FlagTable, type CommandDefinition } from './args.js';
import { leadingFiles } from './files.js';

export const VERIFY_FLAGS: FlagTable = {
  'public-key': {
    type: 'string',
    value: '<key.pem>',
    help: 'the Ed25519 public key (PEM) the evidence must be signed with',
  },
  summary: {
    type: 'string',
    value: '<summary.json>',
    help: 'also check this summary.json is the one the evidence names',
  },
  help: { type: 'boolean', help: 'this help' },
};

export const VERIFY_HELP = `partner-conformance verify <evidence.json> [flags]

Checks evidence.json: its digest, its Ed25519 signature (with the public key it carries, or
the one given), and optionally that a summary.json is the one it names.
Exit codes: 0 every check holds, 1 one does not, 2 a file cannot be read.

${flagHelp(VERIFY_FLAGS)}
`;

export function readJsonFile(path: string, what: string): object {
  try {
    const data: unknown = JSON.parse(readFileSync(path, 'utf8'));
    if (data === null || typeof data !== 'object') throw new Error('not a JSON object');
    return data;
  } catch (err) {
    throw new ConfigError(
      'E_EVIDENCE_UNREADABLE',
      `${what} ${path} cannot be read as JSON (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`,
    );
  }
}

function publicKeyOf(path: string): KeyObject {
  try {
    const key = createPublicKey(readFileSync(path, 'utf8'));
    if (key.asymmetricKeyType === 'ed25519') return key;
  } catch {
    // reported below
  }
  throw new ConfigError('E_PUBLIC_KEY_INVALID', `--public-key ${path} is not an Ed25519 public key in PEM`);
}

export async function verifyCommand(argv: readonly string[], io: RunIO): Promise<number> {
  const { files, rest } = leadingFiles(argv);
  const flags = parseFlags('verify', rest, VERIFY_FLAGS);
  if (flags.help) {
    io.out.write(VERIFY_HELP);
    return 0;
  }
  if (files.length !== 1)
    throw new ConfigError(
      'E_USAGE',
      `verify takes one evidence file, got ${files.length}`,
      'Run `partner-conformance verify <evidence.json>`.',
    );
  const evidence = readJsonFile(files[0]!, 'evidence');
  const trusted = flags['public-key'] !== undefined ? publicKeyOf(flags['public-key'] as string) : undefined;
  const summary = flags.summary !== undefined ? readJsonFile(flags.summary as string, 'summary') : undefined;
  const steps = verifyEvidence(evidence, { trusted, summary });
  for (const step of steps) io.out.write(`${step.ok ? 'ok  ' : 'FAIL'} ${step.what}: ${step.detail}\n`);
  return steps.every((s) => s.ok) ? 0 : 1;
}

export const command: CommandDefinition = { run: verifyCommand, help: VERIFY_HELP, flags: VERIFY_FLAGS };
