/**
 * Which key carries a family's requests that name no role. A run sends mostly with `approved`,
 * whose tier alone would then bound it (section 8: each key has its own bucket, the stage's is
 * twice a high tier's). A profile may name a key per family below: the family's requests go
 * with it, so the run is spread over several buckets and the stage limit bounds it instead.
 * Without that role in the profile, or in a run profile whose entry says `familyKeys: false`
 * (smoke: proving the approved key valid is its point), the family uses `approved`.
 */
import type { Family } from '../model.js';
import { runProfile, type RunProfile } from '../run-profiles.js';

export interface FamilyKey {
  role: string;
  /** Why any key of that role can carry the family's checks (what the contract asks of it). */
  why: string;
}

const READER: FamilyKey = {
  role: 'reader',
  why: 'open to any valid key (section 1: only sessions, policy status and direct enrollment are gated)',
};

export const FAMILY_KEYS: Readonly<Partial<Record<Family, FamilyKey>>> = {
  utility: READER,
  reference: READER,
  quotes: READER,
  'enrollment-sessions': {
    role: 'sessions',
    why:
      'a key that passes every gate of 4.6 as `approved` does (approved for sessions, a deeplink agent id, a healthy ' +
      'OAuth link); the checks that compare keys name `approved` themselves',
  },
};

/**
 * The key of a second account approved for direct enrollment, not the approved key's account:
 * the account-boundary checks (OWASP API1) send with it. Its bucket carries checks of its own
 * (`carriesRun` in harness/profile-vocabulary.ts), as the families' keys do.
 */
export const OTHER_ACCOUNT: FamilyKey = {
  role: 'otherAccount',
  why: "a key of another account approved for direct enrollment: what it sees and does of the approved account's",
};

/** The role a `family` request naming none goes with, in run profile `name`, given the roles the target profile has. */
export function familyKeyRole(family: string, name: RunProfile, has: (role: string) => boolean): string {
  const own = runProfile(name).familyKeys ? FAMILY_KEYS[family as Family]?.role : undefined;
  return own !== undefined && has(own) ? own : 'approved';
}
