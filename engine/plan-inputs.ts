/**
 * Each input of a run checked on its own: a bad one is a ConfigError with its stable code
 * (exit 2), before any request is sent. Messages name the CLI's flags, the words users type.
 */
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Contract } from '../harness/contract/index.js';
import { ConfigError } from '../harness/errors.js';
import { DEFAULT_KEEP } from './report-retention.js';
import { DEFAULT_SPEC, PROVIDER_SPEC } from '../harness/paths.js';
import { FAMILIES, type Family, type Rule } from '../harness/model.js';
import { didYouMean } from '../harness/profile-names.js';
import { KEY_ROLE_NAMES, KEY_ROLES, type KeyRoleSpec } from '../harness/profile-vocabulary.js';
import {
  DEFAULT_RUN_PROFILE,
  isRunProfile,
  RUN_PROFILE_NAMES,
  runProfile,
  type RunProfile,
} from '../harness/run-profiles.js';

/** Upper bound on --runs, so a typo cannot start a run that never ends. */
const MAX_RUNS = 10_000;

/** Key roles every remote target profile must provide, checked before any request is sent. */
export const REQUIRED_ROLES: readonly string[] = KEY_ROLE_NAMES.filter(
  (role) => (KEY_ROLES[role] as KeyRoleSpec).required,
);

export function runProfileOf(name: string | undefined): RunProfile {
  if (name === undefined) return DEFAULT_RUN_PROFILE;
  if (!isRunProfile(name)) {
    // "Profile" names two things: a file here is a target profile, which --target takes.
    const aFile = /\.json$/i.test(name) || /[\\/]/.test(name);
    throw new ConfigError(
      'E_PROFILE_UNKNOWN',
      `unknown run profile "${name}"${aFile ? ' (a file: a target profile?)' : ''}`,
      aFile
        ? `--profile takes a run profile (${RUN_PROFILE_NAMES.join(', ')}); give a target profile file to ` +
            `--target: --target ${name}`
        : `Use one of the run profiles: ${RUN_PROFILE_NAMES.join(', ')}.`,
    );
  }
  return name;
}

/**
 * `"quotse" (did you mean "quotes"?), "x"`: unknown names, each with the closest known one when it looks like a typo.
 */
function unknownNames(unknown: readonly string[], known: readonly string[]): string {
  return unknown
    .map((n) => {
      const near = didYouMean(n, known);
      return `"${n}"${near ? ` (did you mean "${near}"?)` : ''}`;
    })
    .join(', ');
}

/** `--family` (or, with `flag`, `--exclude-family`): known family names, in the catalogue's order. */
export function familiesOf(names: readonly string[] | undefined, flag = '--family'): Family[] | undefined {
  if (!names || names.length === 0) return undefined;
  const unknown = names.filter((n) => !(FAMILIES as readonly string[]).includes(n));
  if (unknown.length)
    throw new ConfigError(
      'E_FAMILY_UNKNOWN',
      `${flag}: unknown family ${unknownNames(unknown, FAMILIES)}; families are ${FAMILIES.join(', ')}`,
    );
  return FAMILIES.filter((f) => names.includes(f));
}

/** `--rule` (or, with `flag`, `--exclude-rule`): rules of the catalogue. */
export function rulesOf(
  ids: readonly string[] | undefined,
  catalogue: readonly Rule[],
  flag = '--rule',
): Rule[] | undefined {
  if (!ids || ids.length === 0) return undefined;
  const byId = new Map(catalogue.map((r) => [r.id, r]));
  const unknown = ids.filter((id) => !byId.has(id));
  if (unknown.length)
    throw new ConfigError('E_RULE_UNKNOWN', `${flag}: unknown rule ${unknownNames(unknown, [...byId.keys()])}`);
  return [...new Set(ids)].map((id) => byId.get(id)!);
}

export function seedOf(raw: string | undefined, random = Math.random): number {
  if (raw === undefined) return Math.floor(random() * 0x7fffffff);
  const seed = Number(raw);
  if (!/^-?\d+$/.test(raw.trim()) || !Number.isSafeInteger(seed))
    throw new ConfigError('E_SEED_INVALID', `--seed "${raw}" is not an integer`);
  return seed;
}

/**
 * `--path`: the path printed with a counterexample (e.g. `3:1:0`, or `3:1:0@CB:A` for commands); it means nothing
 * without its `--seed`.
 */
export function pathOf(raw: string | undefined, seed: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d+(:\d+)*(@[A-Za-z0-9+/]*:[A-Za-z0-9+/]*)?$/.test(raw.trim()))
    throw new ConfigError('E_PATH_INVALID', `--path "${raw}" is not a fast-check path`);
  if (seed === undefined)
    throw new ConfigError('E_PATH_INVALID', '--path replays a counterexample of one seed, but no --seed was given');
  return raw.trim();
}

export function runsOf(raw: string | undefined, profile: RunProfile): number {
  if (raw === undefined) return runProfile(profile).runs;
  const runs = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || runs < 1 || runs > MAX_RUNS) {
    throw new ConfigError('E_RUNS_INVALID', `--runs "${raw}" is not a whole number from 1 to ${MAX_RUNS}`);
  }
  return runs;
}

/**
 * `--keep <n>`: the runs kept under the default report root (this one included), default
 * DEFAULT_KEEP; none with `--report-dir`, a folder the user names and keeps.
 */
export function keepOf(raw: string | undefined, reportDir: string | undefined): number | undefined {
  if (raw === undefined) return reportDir === undefined ? DEFAULT_KEEP : undefined;
  if (reportDir !== undefined)
    throw new ConfigError(
      'E_FLAGS_CONFLICT',
      '--keep counts the runs kept under reports/out/, but --report-dir names a folder of your own',
      'Drop --keep (a --report-dir is yours to keep or remove), or drop --report-dir.',
    );
  if (!/^\d+$/.test(raw) || Number(raw) < 1)
    throw new ConfigError('E_KEEP_INVALID', `--keep ${JSON.stringify(raw)} is not a whole number of runs from 1 up`);
  return Number(raw);
}

/** `--shard i/n`, checked here so a typo is exit 2 rather than vitest's own error. */
export function shardOf(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(raw);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index < 1 || index > count)
    throw new ConfigError('E_SHARD_INVALID', `--shard "${raw}" is not <index>/<count> with 1 <= index <= count`);
  return `${index}/${count}`;
}

/**
 * The shards of a run that takes evidence share one seed, or their evidence cannot be merged (each
 * shard's properties would draw other inputs): the first shard may draw it, every other needs `--seed`.
 */
export function checkShardSeed(profile: RunProfile, shard: string | undefined, seed: string | undefined): void {
  if (!runProfile(profile).evidence || shard === undefined || seed !== undefined) return;
  if (shard.startsWith('1/')) return;
  throw new ConfigError(
    'E_SHARD_SEED',
    `--shard ${shard} of a ${profile} run needs --seed: its evidence merges only with shards of the same seed, ` +
      'and only the first shard draws one',
  );
}

/** Which of the two /v1 documents a spec source is, when it is one of them (else undefined). */
export function documentOf(specSource: string): 'partner-api' | 'provider' | undefined {
  if (/^https?:/i.test(specSource)) return undefined;
  const path = resolve(specSource);
  return path === DEFAULT_SPEC ? 'partner-api' : path === PROVIDER_SPEC ? 'provider' : undefined;
}

/**
 * Known variant names, each valid under the run's document when the spec is one of the two
 * /v1 documents (a variant only one of them allows would fail the other's schema checks).
 * Without a spec (the sandbox on its own), names only.
 */
export async function variantsOf(
  names: readonly string[] | undefined,
  specSource?: string,
): Promise<string[] | undefined> {
  if (!names || names.length === 0) return undefined;
  const { listVariants } = await import('../reference/server.js');
  const known = listVariants();
  const unknown = names.filter((n) => !known.some((v) => v.name === n));
  if (unknown.length)
    throw new ConfigError('E_VARIANT_UNKNOWN', `unknown variant ${unknown.map((n) => `"${n}"`).join(', ')}`);
  const document = specSource === undefined ? undefined : documentOf(specSource);
  const invalid =
    document === undefined ? [] : known.filter((v) => names.includes(v.name) && !v.documents.includes(document));
  if (invalid.length)
    throw new ConfigError(
      'E_VARIANT_DOCUMENT',
      `variant ${invalid.map((v) => `"${v.name}" is valid only under ${v.documents.join(', ')}`).join('; ')}, ` +
        `not under ${document}`,
    );
  return [...new Set(names)];
}

/** `--update-baseline` writes into the file `--baseline` names: one without the other is a mistake. */
export function checkBaselineFlags(baseline: string | undefined, update: boolean | undefined): void {
  if (update && baseline === undefined) {
    throw new ConfigError(
      'E_FLAGS_CONFLICT',
      "--update-baseline writes the run's failures into a baseline, but no --baseline <file> was given",
      'Add --baseline <file> (the file to write), or drop --update-baseline.',
    );
  }
}

/** `--junit-xml <file>`: the file the run's JUnit report is copied to, absolute; a folder is refused. */
export function junitXmlOf(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const file = resolve(raw);
  if (raw === '' || statSync(file, { throwIfNoEntry: false })?.isDirectory())
    throw new ConfigError(
      'E_USAGE',
      `--junit-xml ${JSON.stringify(raw)} is a folder, not a file`,
      'Name a file: --junit-xml reports/junit.xml.',
    );
  return file;
}

/** A known fault name. The reference server loads only when a fault is asked for. */
export async function faultOf(name: string | undefined): Promise<string | undefined> {
  if (name === undefined) return undefined;
  const { listFaults } = await import('../reference/server.js');
  if (!listFaults().some((f) => f.name === name)) throw new ConfigError('E_FAULT_UNKNOWN', `unknown fault "${name}"`);
  return name;
}

/** A concrete request line for an operation of `known`: each path parameter given a sample value. */
const sampleLine = (op: Contract['operations'][number]) => ({
  method: op.method,
  path: op.path.replace(/\{[^}]*\}/g, 'x'),
});

/**
 * The `--spec` document describes this API: at least one operation of the bundled document
 * (`known`) finds its operation in it by method and path, whatever the document calls it. A
 * document of another API, or one with no paths, would leave every schema check nothing to
 * judge against: exit 2 (E_SPEC_NO_OPERATIONS), before any request.
 */
export function checkSpecOfThisApi(
  spec: Pick<Contract, 'match' | 'source'>,
  known: Pick<Contract, 'operations'>,
): void {
  const lines = known.operations.filter((op) => op.path.startsWith('/v1/')).map(sampleLine);
  if (lines.some((line) => spec.match(line.method, line.path) !== undefined)) return;
  throw new ConfigError(
    'E_SPEC_NO_OPERATIONS',
    `--spec ${spec.source} describes none of the ${lines.length} /v1 operations of this API (GET /v1/ping, ` +
      `GET /v1/reference/counties, ...): its schema checks would have nothing to judge against`,
  );
}
