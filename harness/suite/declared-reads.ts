/**
 * A check reads only what it declares: a fixture or key role it needs (`t.fixture`, `t.role`, a
 * request's role) is in its `needs`, and one it reads only when present (`t.target.fixture`,
 * `t.target.hasRole`) is in its `needs` or the vocabulary's `optionalIn` for its family
 * (harness/profile-vocabulary.ts). So the inventory, and the `plan` built from it, says what a
 * check needs before it runs. A finding names any read it did not declare.
 */
import { FIXTURES, KEY_ROLES, type FixtureSpec, type KeyRoleSpec } from '../profile-vocabulary.js';
import type { CheckTracker } from './context.js';
import { FAMILY_KEYS } from './family-keys.js';
import type { Needs } from './needs.js';

const optionalIn = (table: Record<string, FixtureSpec | KeyRoleSpec>, name: string, family: string): boolean =>
  Object.hasOwn(table, name) && (table[name]!.optionalIn ?? []).includes(family as never);

/** `fixture zipCode`, `role tierLow`: each read the check did not declare, in the words of a need. */
export function undeclaredReads(
  tracker: Omit<CheckTracker, 'judged'>,
  needs: Needs | undefined,
  family: string,
): string[] {
  const fixtures = new Set(needs?.fixtures ?? []);
  const roles = new Set([...(needs?.roles ?? []), ...(needs?.distinctKeys ?? []), 'approved']);
  const own = FAMILY_KEYS[family as keyof typeof FAMILY_KEYS]?.role;
  if (own) roles.add(own);
  // A check of the run's own family draws from every family's traffic, so with every family's key.
  if (family === 'contract') for (const key of Object.values(FAMILY_KEYS)) roles.add(key.role);
  const fixtureTable = FIXTURES as Record<string, FixtureSpec>;
  const roleTable = KEY_ROLES as Record<string, KeyRoleSpec>;
  // A read that skips when absent is declared by `needs`, or follows a presence test the vocabulary allows.
  const fixtureOk = (f: string) => fixtures.has(f) || optionalIn(fixtureTable, f, family);
  const roleOk = (r: string) => roles.has(r) || optionalIn(roleTable, r, family);
  return [
    ...[...tracker.fixtures]
      .filter((f) => !fixtures.has(f) && !(tracker.optionalFixtures.has(f) && fixtureOk(f)))
      .map((f) => `fixture ${f}`),
    ...[...tracker.optionalFixtures].filter((f) => !fixtureOk(f)).map((f) => `fixture ${f} (read when present)`),
    ...[...tracker.roles]
      .filter((r) => !roles.has(r) && !(tracker.optionalRoles.has(r) && roleOk(r)))
      .map((r) => `role ${r}`),
    ...[...tracker.optionalRoles].filter((r) => !roleOk(r)).map((r) => `role ${r} (used when present)`),
  ];
}
