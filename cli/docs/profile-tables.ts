/**
 * The tables of key roles and fixtures of docs/profiles.md, from the vocabulary
 * (harness/profile-vocabulary.ts) and the inventory of checks (which checks need each, by family).
 */
import { FIXTURES, KEY_ROLES, type FixtureSpec, type KeyRoleSpec } from '../../harness/profile-vocabulary.js';
import { optionalReaders, readersOf } from '../../engine/forecast.js';
import { FAMILY_KEYS } from '../../harness/suite/family-keys.js';
import type { InventoryCheck } from '../../reports/required.js';

const cell = (text: string) => text.replace(/\|/g, '\\|');

/** `enrollments 58, quotes 10; when present: utility`. */
function readBy(needed: ReadonlyMap<string, number> | undefined, optional: readonly string[]): string {
  const needs = [...(needed ?? [])].sort((a, b) => b[1] - a[1]).map(([family, n]) => `${family} ${n}`);
  const parts = [needs.join(', '), optional.length ? `when present: ${optional.join(', ')}` : ''];
  return parts.filter(Boolean).join('; ') || '–';
}

/** `carries utility, reference, quotes when present`: the families a role is the default key of (FAMILY_KEYS). */
function carries(role: string): string {
  const families = Object.entries(FAMILY_KEYS)
    .filter(([, key]) => key?.role === role)
    .map(([family]) => family);
  const own = families.length ? `carries ${families.join(', ')} when present` : '';
  // carriesRun: checks send with it, so no deliberate burst may drain it (RUN_CARRIERS).
  const kept = (KEY_ROLES as Record<string, KeyRoleSpec>)[role]?.carriesRun ? 'never drained by a burst' : '';
  return [own, kept].filter(Boolean).join(', ');
}

export function keyRolesTable(inventory: readonly InventoryCheck[]): string {
  const { roles } = readersOf(inventory);
  const readers = (role: string) =>
    [carries(role), readBy(roles.get(role), optionalReaders(role, 'role'))].filter((p) => p && p !== '–').join('; ') ||
    '–';
  return [
    '| role | the key | its variable (`init`) | checks that need it, by family |',
    '|---|---|---|---|',
    ...Object.entries(KEY_ROLES as Record<string, KeyRoleSpec>).map(
      ([role, spec]) =>
        `| \`${role}\` | ${cell(spec.meaning)}${spec.required ? ' (required)' : ''} | \`${spec.env}\` ` +
        `| ${role === 'approved' ? 'every check that names no other' : readers(role)} |`,
    ),
  ].join('\n');
}

export function fixturesTable(inventory: readonly InventoryCheck[]): string {
  const { fixtures } = readersOf(inventory);
  return [
    '| fixture | value | what it is on your target | checks that need it, by family |',
    '|---|---|---|---|',
    ...Object.entries(FIXTURES as Record<string, FixtureSpec>).map(
      ([name, spec]) =>
        `| \`${name}\` | ${cell(spec.format)} | ${cell(spec.meaning)} ` +
        `| ${readBy(fixtures.get(name), optionalReaders(name, 'fixture'))} |`,
    ),
  ].join('\n');
}
