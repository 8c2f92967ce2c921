/**
 * The command that replays one check alone. It names the target by URL, never by key:
 * key values live only in the environment variables the profile names.
 */
import type { RunConfig } from '../run-config.js';

/** Single-quoted for POSIX shells when the word has anything beyond safe characters. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** A URL without credentials, query or fragment (they could carry secrets). */
export function publicUrl(raw: string, unparsable = '<base-url>'): string {
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

/** The spec the CLI loads when `--spec` is not given. */
const DEFAULT_SPEC = /(^|[\\/])specs[\\/]partner-api\.yaml$/;

export interface ReproduceInput {
  config: Pick<RunConfig, 'embedded' | 'target' | 'specSource' | 'runProfile' | 'strict' | 'fault' | 'command'>;
  rules: readonly string[];
  /** fast-check seed of a property check. */
  seed?: number;
}

export function reproduceCommand({ config, rules, seed }: ReproduceInput): string {
  const narrowing = [...rules.flatMap((rule) => ['--rule', rule]), ...(seed !== undefined ? ['--seed', String(seed)] : [])];
  if (config.command !== undefined) return [config.command, ...narrowing.map(shellWord)].join(' ');
  const words = ['npx', 'partner-conformance', 'run'];
  for (const rule of rules) words.push('--rule', rule);
  if (!config.embedded) words.push('--base-url', publicUrl(config.target.baseUrl));
  if (config.embedded && config.fault !== undefined) words.push('--fault', config.fault);
  if (!DEFAULT_SPEC.test(config.specSource)) words.push('--spec', /^https?:/i.test(config.specSource) ? publicUrl(config.specSource) : config.specSource);
  if (config.runProfile !== 'conformance') words.push('--profile', config.runProfile);
  if (config.strict) words.push('--strict');
  if (seed !== undefined) words.push('--seed', String(seed));
  return words.map(shellWord).join(' ');
}
