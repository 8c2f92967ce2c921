/**
 * The forecast of a run from a profile and the inventory, without a request: which checks run
 * or skip and why, whether the run can be complete, and which declared keys are unset.
 */
import { describe, expect, it } from 'vitest';
import type { Rule } from '../harness/model.js';
import type { TargetProfile } from '../harness/run-config.js';
import { checkEntry } from '../harness/suite/inventory.js';
import { SAMPLE_RULES } from '../reports/testing/sample.js';
import type { InventoryCheck } from '../reports/required.js';
import { forecastOf, plannedCapabilities, readersOf } from './forecast.js';
import type { RunPlan } from './plan.js';

const RULES: Rule[] = [
  ...SAMPLE_RULES,
  { id: 'RATE-429-TIER', section: '8', strength: 'stated', families: ['utility'], statement: 'r' },
];
const byId = (ids: string[]) => ids.map((id) => RULES.find((r) => r.id === id)!);
const check = (family: string, title: string, ids: string[], needs = {}): InventoryCheck => ({
  family,
  entry: checkEntry(title, byId(ids), needs, undefined, false),
});
const INVENTORY = [
  check('utility', 'ping answers 200', ['PING-200']),
  check('utility', 'a burst of the low tier gets 429', ['RATE-429-TIER'], { roles: ['tierLow'] }),
  check('reference', 'issuers are ordered', ['ISSUERS-ORDER'], { fixtures: ['state'] }),
  check('enrollments', 'cancel is 202', ['ENR-CANCEL-202'], { fixtures: ['planFull'], writes: true }),
];

function planOf(profile: Partial<TargetProfile>, extra: Partial<RunPlan> = {}): RunPlan {
  return {
    runId: 'r',
    runProfile: 'conformance',
    families: ['utility', 'reference', 'enrollments'],
    seed: 1,
    runs: 1,
    strict: false,
    reportDir: '/tmp/none',
    defaultReportDir: false,
    journal: '/tmp/none/exchanges.ndjson',
    contract: {} as RunPlan['contract'],
    catalogue: RULES,
    target: { kind: 'remote' },
    profile: {
      name: 'staging',
      baseUrl: 'https://staging.example.com',
      keys: { approved: { env: 'F_APPROVED', tier: 'high' } },
      fixtures: {},
      ...profile,
    },
    ...extra,
  };
}

describe('forecastOf: strictness', () => {
  const inventory = [...INVENTORY, check('utility', 'request id header', ['HEADERS-REQUEST-ID'])];

  it('counts the inferred rules a lenient run would only warn on', () => {
    expect(forecastOf(planOf({}), inventory, { F_APPROVED: 'k' }).strict).toEqual({ on: false, inferred: 1 });
  });

  it('names what makes the run strict: the profile before the flag', () => {
    const byProfile = forecastOf(planOf({ strict: true }, { strict: true }), inventory, {});
    expect(byProfile.strict).toEqual({ on: true, by: 'profile', inferred: 1 });
    expect(forecastOf(planOf({}, { strict: true }), inventory, {}).strict).toMatchObject({ on: true, by: 'flag' });
  });
});

describe('forecastOf', () => {
  it('says which checks run and which skip with what they need, and that the run cannot be complete', () => {
    const forecast = forecastOf(planOf({ fixtures: { state: 'KY' } }), INVENTORY, { F_APPROVED: 'k' });
    expect(forecast.checks.map((c) => [c.id, c.will, c.needs])).toEqual([
      ['ping-answers-200', 'run', undefined],
      ['a-burst-of-the-low-tier-gets-429', 'skip', 'role tierLow'],
      ['issuers-are-ordered', 'run', undefined],
      ['cancel-is-202', 'skip', 'fixture planFull'],
    ]);
    expect(forecast.counts).toEqual({ selected: 4, run: 2, skip: 2 });
    expect(forecast.complete).toBe(false);
    expect(forecast.required.missing).toEqual([
      { rule: 'ENR-CANCEL-202', verdict: 'skipped', needs: ['fixture planFull'] },
      { rule: 'RATE-429-TIER', verdict: 'skipped', needs: ['role tierLow'] },
    ]);
  });

  it('a profile with what every check needs can reach a complete verdict', () => {
    const forecast = forecastOf(
      planOf({
        keys: { approved: { env: 'F_APPROVED', tier: 'high' }, tierLow: { env: 'F_LOW', tier: 'low' } },
        fixtures: { state: 'KY', planFull: 'P' },
      }),
      INVENTORY,
      { F_APPROVED: 'a', F_LOW: 'b' },
    );
    expect(forecast.complete).toBe(true);
    expect(forecast.keys).toEqual([
      { role: 'approved', env: 'F_APPROVED' },
      { role: 'tierLow', env: 'F_LOW' },
    ]);
    expect(JSON.stringify(forecast)).not.toContain('"a"');
  });

  it('a read-only target skips the checks that write; a --rule filter narrows the checks and the requirement', () => {
    const readOnly = forecastOf(planOf({ readOnly: true, fixtures: { state: 'KY', planFull: 'P' } }), INVENTORY, {});
    expect(readOnly.checks.find((c) => c.id === 'cancel-is-202')).toMatchObject({
      will: 'skip',
      needs: 'writes (read-only run)',
    });
    const narrowed = forecastOf(planOf({}, { rules: ['PING-200'], families: ['utility'] }), INVENTORY, {});
    expect(narrowed.checks.map((c) => c.id)).toEqual(['ping-answers-200']);
    expect(narrowed.required.rules).toEqual(['PING-200']);
    expect(narrowed.complete).toBe(true);
  });
});

describe('rules a running check proves only with more (needs.ruleNeeds)', () => {
  it('leaves each unproven with what it needs, the check still running, as the run does', () => {
    const gated = check('utility', 'ping answers 200 with each key', ['PING-200', 'RATE-429-TIER'], {
      ruleNeeds: { 'RATE-429-TIER': { roles: ['tierLow'] } },
    });
    const forecast = forecastOf(planOf({}, { families: ['utility'] }), [gated], { F_APPROVED: 'a' });
    expect(forecast.checks).toEqual([
      expect.objectContaining({ will: 'run', unproven: [{ rule: 'RATE-429-TIER', needs: 'role tierLow' }] }),
    ]);
    expect(forecast.required.missing).toEqual([{ rule: 'RATE-429-TIER', verdict: 'skipped', needs: ['role tierLow'] }]);
  });
});

describe('plannedCapabilities and readersOf', () => {
  it(
    'takes a role the profile declares with its key set as present, and a webhook receiver from the embedded run ' +
      'or --webhook-listen',
    () => {
      const plan = planOf({ keys: { approved: { env: 'F_APPROVED', tier: 'high' } } });
      const can = plannedCapabilities(plan, { F_APPROVED: 'a' });
      expect(can.hasRole('approved')).toBe(true);
      expect(can.hasRole('tierLow')).toBe(false);
      expect(can.webhookReceiver).toBe(false);
      expect(plannedCapabilities({ ...plan, target: { kind: 'remote', webhookListen: 9 } }, {}).webhookReceiver).toBe(
        true,
      );
      expect(can.stageBurst).toBe(false);
    },
  );

  it('counts the checks that need each fixture and role, by family', () => {
    const { fixtures, roles } = readersOf(INVENTORY);
    expect(Object.fromEntries(fixtures.get('planFull')!)).toEqual({ enrollments: 1 });
    expect(Object.fromEntries(roles.get('tierLow')!)).toEqual({ utility: 1 });
  });
});
