/**
 * The keys a stage-limit burst goes with (RATE-STAGE-LIMIT, section 8): roles that carry no part
 * of the run (`carriesRun` in harness/profile-vocabulary.ts), one per key, whose bursts together (each
 * within its own) exceed the stage's. Known from the profile alone, so the `plan` can say
 * before a run whether the check can run.
 */
import { STAGE_RATE, TIER_RATES, tierOfRole, type Tier } from '../client/index.js';
import type { KeyRef } from '../run-config.js';
import { KEY_ROLES, type KeyRoleSpec } from '../profile-vocabulary.js';

/** Requests of the stage burst: enough above the stage's burst that refill during the burst cannot absorb them. */
export const STAGE_BURST_REQUESTS = STAGE_RATE.burst + 10;
/** Share of its own burst one key may spend, so its own bucket never refuses (prior checks may have used some). */
const KEY_SHARE = 0.75;
/**
 * Roles no deliberate burst may drain (the stage burst, the tiers' measurements): those whose
 * entry of `KEY_ROLES` says `carriesRun` (a drained bucket would answer 429 for the key, not for
 * what a check tests).
 */
export const RUN_CARRIERS: ReadonlySet<string> = new Set(
  Object.entries(KEY_ROLES as Record<string, KeyRoleSpec>)
    .filter(([, spec]) => spec.carriesRun)
    .map(([role]) => role),
);

/** What a run without enough such keys needs, in the words of a finding's `needs`. */
export const STAGE_BURST_NEED =
  'key roles (besides approved) whose bursts together ' + `exceed ${STAGE_BURST_REQUESTS}, e.g. three high-tier keys`;

/** The roles of the burst and how many requests each sends, or undefined when the profile's keys cannot make one. */
export function stageBurstPlan(
  keys: Readonly<Record<string, KeyRef>>,
  has: (role: string) => boolean,
): Array<{ role: string; count: number }> | undefined {
  // One role per key: two roles naming the same variable (e.g. `reader` and `tierHigh`) share one bucket.
  const seen = new Set([...RUN_CARRIERS].map((role) => keys[role]?.env));
  const candidates = Object.keys(keys)
    .filter((role) => !RUN_CARRIERS.has(role) && has(role) && !seen.has(keys[role]!.env) && seen.add(keys[role]!.env))
    .sort((a, b) => TIER_RATES[keys[b]!.tier].burst - TIER_RATES[keys[a]!.tier].burst);
  const chosen: { role: string; cap: number }[] = [];
  let room = 0;
  for (const role of candidates) {
    if (room >= STAGE_BURST_REQUESTS) break;
    const cap = Math.floor(TIER_RATES[keys[role]!.tier].burst * KEY_SHARE);
    chosen.push({ role, cap });
    room += cap;
  }
  if (room < STAGE_BURST_REQUESTS) return undefined;
  // Spread evenly within each key's cap.
  const counts = chosen.map(() => 0);
  for (let sent = 0; sent < STAGE_BURST_REQUESTS; ) {
    for (let i = 0; i < chosen.length && sent < STAGE_BURST_REQUESTS; i++) {
      if (counts[i]! < chosen[i]!.cap) {
        counts[i]! += 1;
        sent += 1;
      }
    }
  }
  return chosen.map((c, i) => ({ role: c.role, count: counts[i]! }));
}

/** What measuring a tier costs in requests: its burst and one more, then two after one token's refill. */
const tierCost = (tier: Tier): number => TIER_RATES[tier].burst + 3;

/** What a run without a tier to measure beside tierLow's needs, in the words of a finding's `needs`. */
export const OTHER_TIER_NEED =
  'a key role of a tier other than tierLow’s, outside the roles that carry the run, within the run profile’s ' +
  'tierRequests';

/**
 * One role per tier of the profile's keys, for the tiers the low-tier checks do not measure:
 * the `tier<Name>` role of the tier when the profile has one, else another role of that tier.
 * RUN_CARRIERS and keys whose tier is only assumed are left out. Cheapest tier first, taken
 * while their cost fits `budget` requests (the run profile's `tierRequests`). Known from the
 * profile alone, so `plan` says whether the tiers check runs.
 */
export function tiersToMeasure(
  keys: Readonly<Record<string, KeyRef>>,
  has: (role: string) => boolean,
  budget: number,
): Array<{ role: string; tier: Tier }> {
  const measured = new Set(has('tierLow') ? [tierOfRole(keys, 'tierLow')] : []);
  // A tier the profile only assumes (a bare --base-url) is no tier to hold the target to.
  const roles = Object.keys(keys).filter(
    (role) => !RUN_CARRIERS.has(role) && keys[role]!.tierStated !== false && has(role),
  );
  const byTier = new Map<Tier, string>();
  for (const role of roles.sort((a, b) => Number(/^tier/.test(b)) - Number(/^tier/.test(a)))) {
    const tier = tierOfRole(keys, role);
    if (!measured.has(tier) && !byTier.has(tier)) byTier.set(tier, role);
  }
  const chosen: Array<{ role: string; tier: Tier }> = [];
  let spent = 0;
  for (const [tier, role] of [...byTier].sort(([a], [b]) => tierCost(a) - tierCost(b))) {
    if (spent + tierCost(tier) > budget) break;
    spent += tierCost(tier);
    chosen.push({ role, tier });
  }
  return chosen;
}
