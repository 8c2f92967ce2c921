/**
 * API keys by role. The profile names an environment variable per role; this file is the one
 * place a key value is read from the environment, only when a request needs it, and it never
 * leaves the client unredacted (the engine asks `keyValues` only to scrub reports).
 */
import { randomInt } from 'node:crypto';
import { ConfigError } from '../errors.js';
import type { KeyRef, TargetProfile } from '../run-config.js';
import { MissingKeyRole } from './errors.js';
import { shownName } from '../secret-shape.js';

export interface ResolvedKey extends KeyRef {
  role: string;
  value: string;
}

export class KeyRing {
  constructor(
    private readonly keys: TargetProfile['keys'],
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  private ref(role: string): KeyRef | undefined {
    return Object.hasOwn(this.keys, role) ? this.keys[role] : undefined;
  }

  /** The environment read: a variable set to the empty string counts as unset. */
  private static read(env: NodeJS.ProcessEnv, ref: KeyRef): string | undefined {
    const value = env[ref.env];
    return typeof value === 'string' && value.length > 0 ? value : undefined;
  }

  /** The profile names the role and its environment variable is set. */
  has(role: string): boolean {
    const ref = this.ref(role);
    return ref !== undefined && KeyRing.read(this.env, ref) !== undefined;
  }

  /** The key of a role; MissingKeyRole when the profile lacks the role, ConfigError when its variable is unset. */
  resolve(role: string): ResolvedKey {
    const ref = this.ref(role);
    if (!ref) throw new MissingKeyRole(role);
    const value = KeyRing.read(this.env, ref);
    if (value === undefined) {
      throw new ConfigError(
        'E_KEY_ENV_MISSING',
        `the key for role "${role}" is read from the environment variable ${shownName(ref.env)}, which is not set`,
      );
    }
    return { ...ref, role, value };
  }

  /** Every key value present in the environment, for redaction. */
  secrets(): string[] {
    return Object.values(this.keys)
      .map((ref) => KeyRing.read(this.env, ref))
      .filter((v): v is string => v !== undefined);
  }

  /**
   * Groups of two or more roles that hold one key value, each in the profile's order: a mistake
   * in the profile when their variables differ (roles meant to share a key name one variable),
   * or when a role among them must hold a key of its own. Values are compared here and never returned.
   */
  sharedKeys(): string[][] {
    const byValue = new Map<string, string[]>();
    for (const [role, ref] of Object.entries(this.keys)) {
      const value = KeyRing.read(this.env, ref);
      if (value !== undefined) byValue.set(value, [...(byValue.get(value) ?? []), role]);
    }
    return [...byValue.values()].filter((roles) => roles.length > 1);
  }

  /** The other roles holding the key of `role` (by value, whichever variables they name); none when it is unset. */
  sharedWith(role: string): string[] {
    return (
      this.sharedKeys()
        .find((roles) => roles.includes(role))
        ?.filter((r) => r !== role) ?? []
    );
  }

  /**
   * The rate bucket of a role's key: the variable of the first role holding the same value, so
   * roles that hold one key under two variables are paced as the one key the target meters.
   */
  bucketOf(role: string): string {
    const first = this.sharedKeys().find((roles) => roles.includes(role))?.[0] ?? role;
    return this.keys[first]!.env;
  }

  /** No two of `roles` hold the same key (by value, whichever variables they name); an unset role holds none. */
  distinct(roles: readonly string[]): boolean {
    const values = roles.flatMap((role) => {
      const ref = this.ref(role);
      const value = ref && KeyRing.read(this.env, ref);
      return value === undefined ? [] : [value];
    });
    return new Set(values).size === values.length;
  }

  /**
   * Throws unless every role is in the profile, its variable is set, and the key in it has no
   * whitespace or control character (a key pasted with a trailing newline); names variables,
   * never values.
   */
  require(roles: readonly string[], profileName: string, { values = true }: { values?: boolean } = {}): void {
    const absent = roles.filter((role) => !this.ref(role));
    if (absent.length > 0) {
      throw new ConfigError(
        'E_PROFILE_INVALID',
        `target profile ${profileName} has no key role ${absent.join(', ')}; add it under "keys"`,
      );
    }
    if (!values) return;
    const unset = roles.filter((role) => !this.has(role));
    if (unset.length > 0) {
      const names = unset.map((role) => `${shownName(this.keys[role]!.env)} (key role ${role})`);
      throw new ConfigError(
        'E_KEY_ENV_MISSING',
        `environment variable${unset.length > 1 ? 's' : ''} ${names.join(', ')} not set`,
      );
    }
    const malformed = roles.filter((role) => MALFORMED_KEY.test(KeyRing.read(this.env, this.keys[role]!)!));
    if (malformed.length > 0) {
      const names = malformed.map((role) => `${shownName(this.keys[role]!.env)} (key role ${role})`);
      throw new ConfigError(
        'E_KEY_VALUE_MALFORMED',
        `the key in ${names.join(', ')} has whitespace or a control character (the value is not shown)`,
      );
    }
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
      const value = shaped
        ? [...model].map(sameClass).join('')
        : Array.from({ length: 32 }, () => pick(ALNUM)).join('');
      if (!known.has(value)) return value;
    }
  }
}

/**
 * Throws unless every role of `roles` is defined in `profile` and (unless `values: false`) its
 * variable holds one key, and every header the profile adds has its variable set (checked
 * before a run sends anything).
 */
export function requireKeys(
  profile: TargetProfile,
  roles: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
  options: { values?: boolean } = {},
): void {
  new KeyRing(profile.keys, env).require(roles, profile.name, options);
  if (options.values !== false) profileHeaders(profile, env);
}

/** The roles of `keys` whose variable is set in `env` (values are never returned). */
export function rolesSet(keys: TargetProfile['keys'], env: NodeJS.ProcessEnv = process.env): string[] {
  const ring = new KeyRing(keys, env);
  return Object.keys(keys).filter((role) => ring.has(role));
}

/**
 * The headers the profile adds to every request, their values read from the variables it names.
 * They are secrets like keys: the client redacts them wherever they appear.
 */
export function profileHeaders(profile: TargetProfile, env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const headers = Object.entries(profile.headers ?? {});
  const unset = headers.filter(([, ref]) => !env[ref.env]);
  if (unset.length > 0)
    throw new ConfigError(
      'E_HEADER_ENV_MISSING',
      `environment variable${unset.length > 1 ? 's' : ''} ` +
        `${unset.map(([name, ref]) => `${shownName(ref.env)} (header ${name})`).join(', ')} not set`,
    );
  return Object.fromEntries(headers.map(([name, ref]) => [name, env[ref.env] as string]));
}

/**
 * The secret values a run of `profile` may send (keys, header values): scrubbed from every finding before it is
 * written.
 */
export function keyValues(
  profile: TargetProfile,
  env: NodeJS.ProcessEnv = process.env,
  keys: KeyRing = new KeyRing(profile.keys, env),
): string[] {
  const headers = Object.values(profile.headers ?? {}).flatMap((ref) => (env[ref.env] ? [env[ref.env] as string] : []));
  return [...keys.secrets(), ...headers];
}

/** A key is one token: whitespace or a control character anywhere means it was pasted with more than the key. */
const MALFORMED_KEY = /[\s\p{Cc}]/u;

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
