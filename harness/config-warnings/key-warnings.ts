/**
 * Key roles holding one key (KeyRing compares the values; none is shown): a warning says which
 * checks skip, in the words the skipped checks' `needs` use (harness/suite/needs.ts decides it).
 */
import type { KeyRing } from '../client/keys.js';
import { configWarning, type ConfigWarning } from '../errors.js';
import { needsOwnKey } from '../profile-vocabulary.js';
import type { TargetProfile } from '../run-config.js';

export function keyWarnings(profile: TargetProfile, keys: KeyRing): ConfigWarning[] {
  return keys.sharedKeys().flatMap((roles) => {
    const variables = [...new Set(roles.map((role) => profile.keys[role]!.env))];
    const apart = roles.filter(needsOwnKey);
    // One variable named by roles that may share a key is how a profile says they do.
    if (variables.length === 1 && apart.length === 0) return [];
    const held =
      variables.length > 1
        ? `read different environment variables (${variables.join(', ')}) that hold the same key`
        : `read one environment variable (${variables[0]})`;
    const effect =
      apart.length > 0
        ? `the checks that use ${apart.join(', ')} skip (needs two distinct keys): ` +
          `${apart.length > 1 ? 'each' : 'it'} must be a key of its own`
        : 'the run paces them as the one key they are';
    return [configWarning('W_KEY_SHARED', `key roles ${roles.join(', ')} ${held}; ${effect}`, { roles })];
  });
}
