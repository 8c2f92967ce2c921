/**
 * The one builder of commands: the command that repeats a run (the engine puts it in the
 * RunConfig and the RunInfo) and its narrowing to one check (findings carry it). It names the
 * target by profile file or URL, never by key: key values live only in environment variables.
 */
import { basename, isAbsolute, relative, resolve, sep } from 'node:path';
import { DEFAULT_SPEC, PROJECT_ROOT } from './paths.js';
import { DEFAULT_RUN_PROFILE, type RunProfile } from './run-profiles.js';

/** Single-quoted for POSIX shells when the word has anything beyond safe characters. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** A URL without credentials, query or fragment (they could carry secrets). */
export function publicUrl(raw: string, unparsable = '<url>'): string {
  try {
    const url = new URL(raw);
    url.username = '';
    url.password = '';
    url.search = '';
    url.hash = '';
    return url.toString().replace(/\/$/, '');
  } catch {
    return unparsable;
  }
}

const isUrl = (source: string) => /^https?:/i.test(source);

/** `path` relative to `folder` with forward slashes, when it lies inside it. */
function inside(folder: string, path: string): string | undefined {
  const rel = relative(folder, path);
  return rel === '' || rel.startsWith('..') || isAbsolute(rel) ? undefined : rel.split(sep).join('/');
}

/**
 * A document or file as reports name it, with nothing of the machine that ran: a URL without
 * credentials, query or fragment; a path inside the project (`specs/partner-api.yaml`) or the
 * working folder relative to it; any other path by its file name alone. Its digest, where a
 * report gives one, is what identifies it.
 */
export function publicSource(source: string): string {
  if (isUrl(source)) return publicUrl(source);
  const path = resolve(source);
  return inside(PROJECT_ROOT, path) ?? inside(process.cwd(), path) ?? basename(path);
}

/** The spec a run loads when `--spec` is not given, however the path was written. */
function isDefaultSpec(source: string): boolean {
  return !isUrl(source) && (isAbsolute(source) ? source : resolve(source)) === DEFAULT_SPEC;
}

/** What names a run on the command line. */
export interface RunWords {
  /** The target is the embedded reference server. */
  embedded: boolean;
  /** The target profile file as given (`--target`); a remote target without one is named by URL. */
  profilePath?: string;
  /** URLs given on the command line over the profile's. */
  urlOverrides?: { baseUrl?: string; legacyBaseUrl?: string; medicareBaseUrl?: string };
  baseUrl: string;
  fault?: string;
  /** Variants of the embedded server, each named by `--variant`. */
  variants?: readonly string[];
  specSource: string;
  runProfile: RunProfile;
  strict: boolean;
}

/** The command that repeats a run, without its narrowing flags (`--family`, `--rule`, `--seed`). */
export function runCommand(run: RunWords): string {
  const words = ['npx', 'partner-conformance', 'run'];
  if (!run.embedded && run.profilePath !== undefined) words.push('--target', run.profilePath);
  const urls = run.urlOverrides ?? {};
  if (!run.embedded && (run.profilePath === undefined || urls.baseUrl !== undefined))
    words.push('--base-url', publicUrl(run.baseUrl));
  if (!run.embedded && urls.legacyBaseUrl !== undefined) words.push('--legacy-base-url', publicUrl(urls.legacyBaseUrl));
  if (!run.embedded && urls.medicareBaseUrl !== undefined)
    words.push('--medicare-base-url', publicUrl(urls.medicareBaseUrl));
  if (run.embedded && run.fault !== undefined) words.push('--fault', run.fault);
  if (run.embedded) for (const variant of run.variants ?? []) words.push('--variant', variant);
  if (!isDefaultSpec(run.specSource))
    words.push('--spec', isUrl(run.specSource) ? publicUrl(run.specSource) : run.specSource);
  if (run.runProfile !== DEFAULT_RUN_PROFILE) words.push('--profile', run.runProfile);
  if (run.strict) words.push('--strict');
  return words.map(shellWord).join(' ');
}

export interface Narrowing {
  family?: string;
  rules: readonly string[];
  /** fast-check seed (a property check's, or the run's). */
  seed?: number;
  /** fast-check path of a property's counterexample (replays it alone, with the seed). */
  path?: string;
}

/** `command` narrowed to one check's family, rules, seed and counterexample path. */
export function reproduceCommand(command: string, { family, rules, seed, path }: Narrowing): string {
  const words = [
    ...(family !== undefined ? ['--family', family] : []),
    ...rules.flatMap((rule) => ['--rule', rule]),
    ...(seed !== undefined ? ['--seed', String(seed)] : []),
    ...(seed !== undefined && path ? ['--path', path] : []),
  ];
  return [command, ...words.map(shellWord)].join(' ');
}
