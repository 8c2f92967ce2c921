/**
 * A target profile's key roles and fixtures checked against the vocabulary
 * (harness/profile-vocabulary.ts) before anything else reads them: an unknown name is refused
 * with the nearest known one, and a fixture value not of its type and format is refused with the
 * format it should have, so a typo never becomes a skipped check or a failure of the target.
 * Key values are never read here (only variable names are in a profile).
 */
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { distance } from 'fastest-levenshtein';
import { ConfigError, type ErrorCode } from './errors.js';
import { FIXTURE_NAMES, fixtureSpec, KEY_ROLE_NAMES } from './profile-vocabulary.js';
import { looksLikeSecret } from './secret-shape.js';

/**
 * The known name closest to `name`, when it is close enough to be a typo: the same but for
 * case, or at most a third of its letters (and at least two) away.
 */
export function didYouMean(name: string, known: readonly string[]): string | undefined {
  const same = known.find((k) => k.toLowerCase() === name.toLowerCase());
  if (same !== undefined) return same;
  const ranked = known.map((k) => ({ k, d: distance(name.toLowerCase(), k.toLowerCase()) })).sort((a, b) => a.d - b.d);
  const best = ranked[0];
  return best && best.d <= Math.max(2, Math.floor(name.length / 3)) ? best.k : undefined;
}

function unknownNames(
  path: string,
  what: 'key role' | 'fixture',
  names: readonly string[],
  known: readonly string[],
  code: ErrorCode,
): void {
  const unknown = names.filter((n) => !known.includes(n));
  if (unknown.length === 0) return;
  const each = unknown.map((n) => {
    const near = didYouMean(n, known);
    return `"${n}"${near ? ` (did you mean "${near}"?)` : ''}`;
  });
  throw new ConfigError(
    code,
    `target profile ${path} names unknown ${what}${unknown.length > 1 ? 's' : ''} ${each.join(', ')}`,
    `Use the ${what}s of the vocabulary: ${known.join(', ')} (docs/profiles.md; ` +
      `\`partner-conformance plan\` shows what each check needs).`,
  );
}

const ajv = new Ajv2020({ allErrors: false, strict: false, logger: false });
addFormats(ajv);
const validators = new Map(
  FIXTURE_NAMES.map((name) => [name, ajv.compile({ ...fixtureSpec(name)!.schema } as object)]),
);

/** A fixture's value as messages show it: clipped, and never one that looks like a key. */
function shownValue(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  if (looksLikeSecret(text)) return '<a value shaped like a key; not shown>';
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

/** Every fixture value not of its type and format, as `zipCode is "4020": a 5-digit ZIP code`. */
export function fixtureProblems(fixtures: Readonly<Record<string, unknown>>): string[] {
  return Object.entries(fixtures).flatMap(([name, value]) => {
    const validate = validators.get(name as never);
    if (!validate || validate(value)) return [];
    return [`${name} is ${shownValue(value)}: expected ${fixtureSpec(name)!.format}`];
  });
}

/** Throws ConfigError (exit 2) for an unknown key role or fixture, or a fixture value of the wrong type or format. */
export function checkProfileNames(path: string, data: unknown): void {
  if (data === null || typeof data !== 'object') return;
  const { keys, fixtures } = data as { keys?: unknown; fixtures?: unknown };
  const names = (v: unknown) => (v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.keys(v) : []);
  unknownNames(path, 'key role', names(keys), KEY_ROLE_NAMES, 'E_PROFILE_ROLE_UNKNOWN');
  unknownNames(path, 'fixture', names(fixtures), FIXTURE_NAMES, 'E_PROFILE_FIXTURE_UNKNOWN');
  if (names(fixtures).length === 0) return;
  const problems = fixtureProblems(fixtures as Record<string, unknown>);
  if (problems.length > 0)
    throw new ConfigError(
      'E_PROFILE_FIXTURE_INVALID',
      `target profile ${path}: fixture ${problems.join('; fixture ')}`,
    );
}
