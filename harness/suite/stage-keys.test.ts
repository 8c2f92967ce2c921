/**
 * The roles a deliberate burst may drain come from the key-role table alone: a role carries the
 * run when its entry says `carriesRun`, and the stage-limit burst never picks such a role, however
 * many keys the profile has.
 */
import { describe, expect, test } from 'vitest';
import { KEY_ROLES, type KeyRoleSpec } from '../profile-vocabulary.js';
import type { KeyRef } from '../run-config.js';
import { FAMILY_KEYS, OTHER_ACCOUNT } from './family-keys.js';
import { RUN_CARRIERS, STAGE_BURST_REQUESTS, stageBurstPlan, tiersToMeasure } from './stage-keys.js';

const roles = KEY_ROLES as Record<string, KeyRoleSpec>;
/** Every role of the table, each its own high-tier key. */
const everyRole = (): Record<string, KeyRef> =>
  Object.fromEntries(Object.keys(roles).map((role) => [role, { env: `KEY_${role}`, tier: 'high' as const }]));

describe('the roles that carry the run', () => {
  test('are the roles whose entry says carriesRun', () => {
    expect([...RUN_CARRIERS].sort()).toEqual(
      Object.keys(roles)
        .filter((role) => roles[role]!.carriesRun)
        .sort(),
    );
  });

  test("include every family's own key and the second account's (their checks send with them)", () => {
    const sending = [...Object.values(FAMILY_KEYS).map((k) => k.role), OTHER_ACCOUNT.role, 'approved'];
    expect(sending.filter((role) => !roles[role]?.carriesRun)).toEqual([]);
  });

  test('are never drained by the stage-limit burst, and the others are', () => {
    const plan = stageBurstPlan(everyRole(), () => true)!;
    expect(plan.map((p) => p.role).filter((role) => RUN_CARRIERS.has(role))).toEqual([]);
    expect(plan.reduce((n, p) => n + p.count, 0)).toBe(STAGE_BURST_REQUESTS);
  });

  test('roles the table does not mark are the ones the burst uses', () => {
    const carriers = Object.fromEntries(Object.entries(everyRole()).filter(([role]) => RUN_CARRIERS.has(role)));
    const fresh = ['newA', 'newB', 'newC'].map((role) => [role, { env: `KEY_${role}`, tier: 'high' as const }]);
    const plan = stageBurstPlan({ ...carriers, ...Object.fromEntries(fresh) }, () => true);
    expect(plan?.map((p) => p.role).sort()).toEqual(['newA', 'newB', 'newC']);
  });
});

describe('the tiers to measure besides tierLow', () => {
  const keys = (more: Record<string, KeyRef>): Record<string, KeyRef> => ({
    approved: { env: 'K_A', tier: 'high' },
    tierLow: { env: 'K_L', tier: 'low' },
    ...more,
  });

  test('one role per tier not measured by the low-tier checks, cheapest first, within the budget', () => {
    const all = keys({ tierMedium: { env: 'K_M', tier: 'medium' }, tierHigh: { env: 'K_H', tier: 'high' } });
    expect(tiersToMeasure(all, () => true, 15)).toEqual([{ role: 'tierMedium', tier: 'medium' }]);
    expect(tiersToMeasure(all, () => true, 60)).toEqual([
      { role: 'tierMedium', tier: 'medium' },
      { role: 'tierHigh', tier: 'high' },
    ]);
    // Nothing but carriers of the run and the low tier: the check has nothing to measure (plan and run alike).
    expect(tiersToMeasure(keys({}), () => true, 60)).toEqual([]);
    expect(tiersToMeasure(keys({ tierMedium: { env: 'K_M', tier: 'medium' } }), () => true, 0)).toEqual([]);
  });

  test('leaves out roles the run cannot use and tiers the profile only assumes', () => {
    const medium = keys({ tierMedium: { env: 'K_M', tier: 'medium' } });
    expect(tiersToMeasure(medium, (role) => role !== 'tierMedium', 60)).toEqual([]);
    const assumed = keys({ unapproved: { env: 'K_U', tier: 'medium', tierStated: false } });
    expect(tiersToMeasure(assumed, () => true, 60)).toEqual([]);
  });
});
