/**
 * API keys by role. The profile names an environment variable per role; the value is read from
 * the environment only when a request needs it, and never leaves the client unredacted.
 */
import { randomInt } from 'node:crypto';
import { ConfigError } from '../errors.js';
import type { KeyRef, TargetProfile } from '../run-config.js';
import { MissingKeyRole } from './errors.js';

export interface ResolvedKey extends KeyRef {
  role: string;
  value: string;
}

export class KeyRing {
  constructor(
    private readonly keys: TargetProfile['keys'],
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  /** The key of a role; MissingKeyRole when the profile lacks the role, ConfigError when its variable is unset. */
  resolve(role: string): ResolvedKey {
    const ref = Object.hasOwn(this.keys, role) ? this.keys[role] : undefined;
    if (!ref) throw new MissingKeyRole(role);
    const value = this.env[ref.env];
    if (!value) {
      throw new ConfigError('E_KEY_ENV_MISSING', `the key for role "${role}" is read from the environment variable ${ref.env}, which is not set`);
    }
    return { ...ref, role, value };
  }

  /** Every key value present in the environment, for redaction. */
  secrets(): string[] {
    return Object.values(this.keys)
      .map((ref) => this.env[ref.env])
      .filter((v): v is string => typeof v === 'string' && v.length > 0);
  }

  /**
   * A value shaped like a real key (same length and character classes as `model`, else 32
   * alphanumerics) that is none of the known keys. Only the shape of the model is kept.
   */
  invalidValue(model?: string): string {
    const known = new Set(this.secrets());
    for (let attempt = 0; ; attempt++) {
      // A model with no letters or digits cannot be varied: fall back to the default shape.
      const shaped = model !== undefined && attempt < 3;
      const value = shaped ? [...model].map(sameClass).join('') : Array.from({ length: 32 }, () => pick(ALNUM)).join('');
      if (!known.has(value)) return value;
    }
  }
}

const DIGITS = '0123456789';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = LOWER.toUpperCase();
const ALNUM = DIGITS + LOWER + UPPER;

function pick(alphabet: string): string {
  return alphabet[randomInt(alphabet.length)] as string;
}

/** A random character of the same class: digits stay digits, letters keep their case, the rest stays. */
function sameClass(c: string): string {
  if (DIGITS.includes(c)) return pick(DIGITS);
  if (LOWER.includes(c)) return pick(LOWER);
  if (UPPER.includes(c)) return pick(UPPER);
  return c;
}
