/**
 * `merge-evidence <evidence.json>... --out <file>`: the shards of one run as one evidence file, signed again when a key
 * is set.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError } from '../harness/errors.js';
import type { RunIO } from '../engine/io.js';
import { signingKeyFromEnv, SIGNING_KEY_ENV } from '../engine/signing-key.js';
import type { Evidence } from '../reports/evidence.js';
import { mergeEvidence } from '../reports/merge-evidence.js';
import { signDocument } from '../reports/signature.js';
import { verifyEvidence } from '../reports/verify-evidence.js';
import { flagHelp, parseFlags, type FlagTable, type CommandDefinition } from './args.js';
import { leadingFiles } from './files.js';
import { readJsonFile } from './verify-command.js';

export const MERGE_FLAGS: FlagTable = {
  out: { type: 'string', value: '<file>', help: 'where the merged evidence.json goes' },
  help: { type: 'boolean', help: 'this help' },
};

export const MERGE_HELP = `partner-conformance merge-evidence <evidence.json>... --out <file>

Merges the evidence.json of the shards of one run (--shard i/n) into one. Every input must
pass its own checks (digest; signature, when signed); the merged file is signed with the key in
${SIGNING_KEY_ENV} when it is set. Its scope is complete only when every shard is given.

${flagHelp(MERGE_FLAGS)}
`;

export async function mergeCommand(argv: readonly string[], io: RunIO): Promise<number> {
  const { files, rest } = leadingFiles(argv);
  const flags = parseFlags('merge-evidence', rest, MERGE_FLAGS);
  if (flags.help) {
    io.out.write(MERGE_HELP);
    return 0;
  }
  if (flags.out === undefined)
    throw new ConfigError(
      'E_USAGE',
      'merge-evidence needs --out <file>',
      'Run `partner-conformance merge-evidence --help`.',
    );
  const key = signingKeyFromEnv();
  const parts = files.map((file) => readJsonFile(file, 'evidence'));
  let broken = false;
  parts.forEach((part, i) => {
    const signed = (part as { signature?: unknown }).signature !== undefined;
    for (const step of verifyEvidence(part).filter((s) => !s.ok && (signed || s.what !== 'signature'))) {
      io.err.write(`FAIL ${files[i]}: ${step.what}: ${step.detail}\n`);
      broken = true;
    }
  });
  if (broken) return 1;
  const merged = mergeEvidence(parts as Evidence[]);
  const written = key ? signDocument(merged, key) : merged;
  writeFileSync(resolve(flags.out as string), `${JSON.stringify(written, null, 2)}\n`);
  const scope = merged.scope.complete ? 'complete' : `partial (${merged.scope.partial.join('; ')})`;
  const signed = key ? ', signed' : `, unsigned (${SIGNING_KEY_ENV} not set)`;
  io.out.write(`merged ${parts.length} shard(s) into ${flags.out as string}: ${merged.outcome}, ${scope}${signed}\n`);
  return 0;
}

export const command: CommandDefinition = { run: mergeCommand, help: MERGE_HELP, flags: MERGE_FLAGS };
