/**
 * `merge-evidence <bundle>... --out <folder>`: the shards of one run as one bundle, signed again
 * when a key is set: the merged evidence.json, and each shard's files under shard-<i>/.
 */
import { createPublicKey } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ConfigError } from '../harness/errors.js';
import type { RunIO } from '../engine/io.js';
import { signingKeyFromEnv, SIGNING_KEY_ENV } from '../engine/signing-key.js';
import { type BundleInput, openBundle, writeBundle } from '../reports/bundle/files.js';
import { keyIdOf } from '../reports/bundle/jws.js';
import { mergeEvidence, type ShardEvidence } from '../reports/merge-evidence.js';
import { subjectOfBundle } from '../reports/policy/subject.js';
import { flagHelp, parseFlags, type FlagTable, type CommandDefinition } from './args.js';
import { leadingFiles } from './files.js';
import { bundleAt, subjectAt } from './verify-command.js';

export const MERGE_FLAGS: FlagTable = {
  out: { type: 'string', value: '<folder>', help: 'where the merged bundle goes' },
  help: { type: 'boolean', help: 'this help' },
};

export const MERGE_HELP = `partner-conformance merge-evidence <bundle>... --out <folder>

Merges the bundles of the shards of one run (--shard i/n, one --seed) into one bundle: the merged
evidence.json and each shard's files under shard-<i>/. Every input must be whole (and its
signature hold, when signed); shards of different seeds are refused. The merged bundle is signed
with the key in ${SIGNING_KEY_ENV} when it is set. Its scope is complete only when every shard is
given. An input may also be a shard's evidence.json alone (unsigned).

${flagHelp(MERGE_FLAGS)}
`;

/** One input: its evidence, the key that signed it, and the files it brings into the merged bundle. */
interface Shard extends ShardEvidence {
  files: BundleInput[];
}

/** A shard's bundle (or evidence.json alone), refused (null) when it is not whole or its signature fails. */
async function shardAt(path: string, io: RunIO): Promise<Shard | null> {
  const dir = bundleAt(path);
  const bundle = dir !== undefined ? await openBundle(dir) : undefined;
  const subject = bundle ? subjectOfBundle(bundle) : await subjectAt(path);
  const broken = [...subject.problems, ...(subject.signature.state === 'broken' ? [subject.signature.reason] : [])];
  for (const problem of broken) io.err.write(`FAIL ${path}: ${problem}\n`);
  if (broken.length > 0 || !subject.evidence) return null;
  const files: BundleInput[] = bundle
    ? bundle.files.map((f) => [f.name, f.bytes!, join(bundle.dir, f.name)])
    : [['evidence.json', new TextEncoder().encode(`${JSON.stringify(subject.evidence, null, 2)}\n`)]];
  return {
    evidence: subject.evidence,
    ...(subject.signature.state === 'signed' ? { kid: subject.signature.kid } : {}),
    files,
  };
}

export async function mergeCommand(argv: readonly string[], io: RunIO): Promise<number> {
  const { files, rest } = leadingFiles(argv);
  const flags = parseFlags('merge-evidence', rest, MERGE_FLAGS);
  if (flags.help) {
    io.out.write(MERGE_HELP);
    return 0;
  }
  const out = flags.out as string | undefined;
  if (out === undefined || (existsSync(out) && !statSync(out).isDirectory()))
    throw new ConfigError(
      'E_USAGE',
      out === undefined
        ? 'merge-evidence needs --out <folder>'
        : `--out ${out} is a file: the merged bundle is a folder`,
      'Run `partner-conformance merge-evidence --help`.',
    );
  const key = signingKeyFromEnv();
  const shards: Shard[] = [];
  for (const file of files) {
    const shard = await shardAt(file, io);
    if (shard) shards.push(shard);
  }
  if (shards.length !== files.length) return 1;
  const merged = mergeEvidence(shards);
  const bundled: BundleInput[] = [
    ['evidence.json', new TextEncoder().encode(`${JSON.stringify(merged, null, 2)}\n`)],
    ...shards.flatMap(({ evidence, files: theirs }) =>
      theirs.map(([name, ...rest]): BundleInput => [`shard-${evidence.scope.shard!.split('/')[0]}/${name}`, ...rest]),
    ),
  ];
  await writeBundle(resolve(out), merged.runId, 'evidence.json', bundled, key);
  const scope = merged.scope.complete ? 'complete' : `partial (${merged.scope.partial.join('; ')})`;
  const signed = key
    ? `, signed by key ${await keyIdOf(createPublicKey(key))}`
    : `, unsigned (${SIGNING_KEY_ENV} not set)`;
  io.out.write(`merged ${shards.length} shard(s) into ${out}: ${merged.outcome}, ${scope}${signed}\n`);
  return 0;
}

export const command: CommandDefinition = { run: mergeCommand, help: MERGE_HELP, flags: MERGE_FLAGS };
