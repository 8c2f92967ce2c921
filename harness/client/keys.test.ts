/**
 * The one reader of key variables: roles resolve through their variable, absences are named by variable, never by
 * value.
 */
import { describe, expect, it } from 'vitest';
import type { TargetProfile } from '../run-config.js';
import { MissingKeyRole } from './errors.js';
import { keyValues, KeyRing, requireKeys, rolesSet } from './keys.js';
import { caughtConfigError as caught } from '../errors.test-helpers.js';

const profile: TargetProfile = {
  name: 't',
  baseUrl: 'http://127.0.0.1:1',
  fixtures: {},
  keys: { approved: { env: 'T_KEY_APPROVED', tier: 'high' }, medicare: { env: 'T_KEY_MEDICARE', tier: 'low' } },
};
const secret = 'canary-secret-value';

describe('keys shared by roles (compared in process, never returned)', () => {
  const four: TargetProfile['keys'] = {
    approved: { env: 'T_A', tier: 'high' },
    unapproved: { env: 'T_U', tier: 'high' },
    reader: { env: 'T_A', tier: 'high' },
    medicare: { env: 'T_M', tier: 'low' },
  };

  it('groups roles that hold one value, one variable named twice too; never returns a value', () => {
    const ring = new KeyRing(four, { T_A: secret, T_U: secret, T_M: 'other-key' });
    expect(ring.sharedKeys()).toEqual([['approved', 'unapproved', 'reader']]);
    expect(JSON.stringify(ring.sharedKeys())).not.toContain(secret);
    expect(new KeyRing(four, { T_A: secret, T_U: 'k2', T_M: 'k3' }).sharedKeys()).toEqual([['approved', 'reader']]);
    expect(new KeyRing(four, { T_A: secret, T_U: 'k2', T_M: 'k3' }).sharedWith('unapproved')).toEqual([]);
    expect(ring.sharedWith('unapproved')).toEqual(['approved', 'reader']);
  });

  it("paces roles holding one key in one bucket: the first such role's variable", () => {
    const ring = new KeyRing(four, { T_A: secret, T_U: secret, T_M: 'other-key' });
    expect(['approved', 'unapproved', 'reader', 'medicare'].map((role) => ring.bucketOf(role))).toEqual([
      'T_A',
      'T_A',
      'T_A',
      'T_M',
    ]);
    expect(new KeyRing(four, { T_A: secret, T_U: 'k2' }).bucketOf('unapproved')).toBe('T_U');
  });

  it('distinct: no two roles hold the same value, whichever variables they name; unset roles hold none', () => {
    const ring = new KeyRing(four, { T_A: secret, T_U: secret, T_M: 'other-key' });
    expect(ring.distinct(['approved', 'unapproved'])).toBe(false);
    expect(ring.distinct(['approved', 'reader'])).toBe(false);
    expect(ring.distinct(['approved', 'medicare'])).toBe(true);
    expect(new KeyRing(four, { T_A: secret }).distinct(['approved', 'unapproved'])).toBe(true);
  });
});

describe('keys', () => {
  it('resolves a role through its environment variable; empty or absent is unset', () => {
    expect(new KeyRing(profile.keys, { T_KEY_APPROVED: secret }).resolve('approved')).toMatchObject({
      role: 'approved',
      value: secret,
      tier: 'high',
    });
    expect(new KeyRing(profile.keys, { T_KEY_APPROVED: secret }).has('approved')).toBe(true);
    expect(new KeyRing(profile.keys, { T_KEY_APPROVED: '' }).has('approved')).toBe(false);
    expect(new KeyRing(profile.keys, {}).has('approved')).toBe(false);
    expect(new KeyRing(profile.keys, { T_KEY_APPROVED: secret }).has('unapproved')).toBe(false);
    expect(new KeyRing(profile.keys, { T_KEY_APPROVED: secret }).has('toString')).toBe(false);
    expect(() => new KeyRing(profile.keys, {}).resolve('unapproved')).toThrow(MissingKeyRole);
    expect(caught(() => new KeyRing(profile.keys, {}).resolve('approved')).code).toBe('E_KEY_ENV_MISSING');
  });

  it('keyValues lists the values set, for scrubbing', () => {
    expect(keyValues(profile, { T_KEY_APPROVED: secret, T_KEY_MEDICARE: '' })).toEqual([secret]);
  });

  it('requireKeys names each unset variable and its role, never a value', () => {
    expect(() => requireKeys(profile, ['approved'], { T_KEY_APPROVED: secret })).not.toThrow();
    const error = caught(() => requireKeys(profile, ['approved', 'medicare'], { T_KEY_APPROVED: secret }));
    expect(error.code).toBe('E_KEY_ENV_MISSING');
    expect(error.message).toContain('T_KEY_MEDICARE (key role medicare)');
    expect(error.message).not.toContain('T_KEY_APPROVED');
    expect(error.format()).not.toContain(secret);
  });

  it.each([
    ['a trailing newline', `${secret}\n`],
    ['a carriage return', `${secret}\r\n`],
    ['a space inside', `${secret.slice(0, 5)} ${secret.slice(5)}`],
    ['a leading tab', `\t${secret}`],
    ['a control character', `${secret}\u0007`],
  ])(
    'requireKeys refuses a key with %s (E_KEY_VALUE_MALFORMED), naming the variable, never the value',
    (_what, value) => {
      const error = caught(() => requireKeys(profile, ['approved'], { T_KEY_APPROVED: value }));
      expect(error.code).toBe('E_KEY_VALUE_MALFORMED');
      expect(error.message).toContain('T_KEY_APPROVED (key role approved)');
      expect(error.format()).not.toContain(secret.slice(0, 8));
    },
  );

  it('requireKeys with values: false checks the roles are declared, not their variables', () => {
    expect(() => requireKeys(profile, ['approved', 'medicare'], {}, { values: false })).not.toThrow();
    expect(caught(() => requireKeys(profile, ['unapproved'], {}, { values: false })).code).toBe('E_PROFILE_INVALID');
  });

  it('rolesSet names the roles whose variable is set, never a value', () => {
    expect(rolesSet(profile.keys, { T_KEY_APPROVED: secret, T_KEY_MEDICARE: '' })).toEqual(['approved']);
  });

  it('requireKeys reports a role the profile does not define as a profile error', () => {
    const error = caught(() => requireKeys(profile, ['unapproved'], {}));
    expect(error.code).toBe('E_PROFILE_INVALID');
    expect(error.message).toContain('unapproved');
  });
});
