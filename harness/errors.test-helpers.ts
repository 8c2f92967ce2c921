/** Test support: the ConfigError a call throws (anything else, or nothing, fails the test). */
import { ConfigError } from './errors.js';

export function caughtConfigError(fn: () => unknown): ConfigError {
  try {
    fn();
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error('expected a ConfigError');
}
