/** Key roles whose different variables hold one key (KeyRing compares the values; none is shown). */
import type { KeyRing } from '../client/keys.js';
import { configWarning, type ConfigWarning } from '../errors.js';
import type { TargetProfile } from '../run-config.js';

export function keyWarnings(profile: TargetProfile, keys: KeyRing): ConfigWarning[] {
  return keys.sharedKeys().map((roles) => {
    const variables = [...new Set(roles.map((role) => profile.keys[role]!.env))].join(', ');
    return configWarning(
      'W_KEY_SHARED',
      `key roles ${roles.join(', ')} read different environment variables (${variables}) that hold the same ` +
        `key; checks that contrast two of them skip (needs two distinct keys)`,
      { roles },
    );
  });
}
