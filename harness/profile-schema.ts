/**
 * The parts of the target-profile schema (specs/target-profile.schema.json) that come from the
 * vocabulary (harness/profile-vocabulary.ts): `keys` names every key role, `fixtures` every
 * fixture with the type and format of its value, and neither takes another name. `npm run
 * docs:profile` writes them into the schema; harness/profile-schema.test.ts holds the file to them.
 */
import { FIXTURES, KEY_ROLES, type FixtureSpec, type KeyRoleSpec } from './profile-vocabulary.js';

const KEYS_DESCRIPTION = [
  "API keys by role: the name of the environment variable that holds the key, and the key's rate tier.",
  'A key value never appears in a profile. Every role named must have its variable set when the run starts.',
  '`reader` and `sessions` carry the checks of the ungated families and of enrollment sessions in buckets of',
  'their own (FAMILY_KEYS in harness/suite/family-keys.ts).',
].join(' ');
const FIXTURES_DESCRIPTION = [
  'Named values the target is known to have. A check whose fixture is missing is skipped, naming it;',
  'a value of the wrong type or format is refused before any request.',
].join(' ');

function keysSchema(): Record<string, unknown> {
  return {
    description: KEYS_DESCRIPTION,
    type: 'object',
    additionalProperties: false,
    properties: Object.fromEntries(
      Object.entries(KEY_ROLES as Record<string, KeyRoleSpec>).map(([role, spec]) => [
        role,
        { description: `${spec.meaning}${spec.required ? ' (required)' : ''}.`, $ref: '#/$defs/key' },
      ]),
    ),
  };
}

function fixturesSchema(): Record<string, unknown> {
  return {
    description: FIXTURES_DESCRIPTION,
    type: 'object',
    additionalProperties: false,
    properties: Object.fromEntries(
      Object.entries(FIXTURES as Record<string, FixtureSpec>).map(([name, spec]) => [
        name,
        { description: `${spec.meaning}; ${spec.format}.`, ...spec.schema },
      ]),
    ),
  };
}

/** The schema `current` with its `keys` and `fixtures` from the vocabulary (every other member kept as it is). */
export function profileSchemaFrom(current: Record<string, unknown>): Record<string, unknown> {
  const properties = current.properties as Record<string, unknown>;
  const { fixtureValue: _unused, ...defs } = (current.$defs ?? {}) as Record<string, unknown>;
  return {
    ...current,
    properties: { ...properties, keys: keysSchema(), fixtures: fixturesSchema() },
    $defs: defs,
  };
}
