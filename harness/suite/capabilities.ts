/**
 * What a run offers its checks, from facts known before the first request: the one decision of
 * which checks run, read by the worker (harness/target.ts) and by `plan` (engine/forecast.ts),
 * so the plan says what the run will do.
 */
import type { KeyRing } from '../client/keys.js';
import { needsOwnKey } from '../profile-vocabulary.js';
import type { TargetProfile } from '../run-config.js';
import type { Capabilities } from './needs.js';
import { runProfile, type RunProfile } from '../run-profiles.js';
import { stageBurstPlan, tiersToMeasure } from './stage-keys.js';

export interface RunFacts {
  profile: TargetProfile;
  runProfile: RunProfile;
  keys: Pick<KeyRing, 'has' | 'sharedWith' | 'distinct'>;
  /** The run may send requests with side effects. */
  writable: boolean;
  /** Writes a read-only run may send all the same (the profile's `sideEffectFreeWrites`). */
  allowedWrites: readonly string[];
  embedded: boolean;
  webhookReceiver: boolean;
  /** Fixtures the target was found not to have (W_FIXTURE_ABSENT): they count as missing. */
  absentFixtures?: ReadonlySet<string>;
}

export function capabilitiesOf(facts: RunFacts): Capabilities {
  const { profile, keys } = facts;
  const hasRole = (role: string) => keys.has(role) && !(needsOwnKey(role) && keys.sharedWith(role).length > 0);
  return {
    hasRole,
    sharedWith: (role) => keys.sharedWith(role),
    hasFixture: (name) => Object.hasOwn(profile.fixtures, name) && !facts.absentFixtures?.has(name),
    distinctKeys: (roles) => keys.distinct(roles),
    writable: facts.writable,
    sends: (write) => facts.writable || facts.allowedWrites.includes(write),
    embedded: facts.embedded,
    webhookReceiver: facts.webhookReceiver,
    stageBurst: stageBurstPlan(profile.keys, hasRole) !== undefined,
    otherTier: tiersToMeasure(profile.keys, hasRole, runProfile(facts.runProfile).tierRequests ?? 0).length > 0,
  };
}
