/**
 * W_KEY_SHARED says which checks skip, in the words their `needs` use, and only what the run
 * then does: the checks of a role that must hold a key of its own skip; roles that may share one
 * key are paced as that one key.
 */
import { describe, expect, it } from 'vitest';
import { KeyRing } from '../client/keys.js';
import type { TargetProfile } from '../run-config.js';
import { capabilitiesOf } from '../suite/capabilities.js';
import { unmetNeed } from '../suite/needs.js';
import { keyWarnings } from './key-warnings.js';

const KEY = 'canary-one-key-for-two-roles';
const profileOf = (keys: TargetProfile['keys']): TargetProfile => ({
  name: 't',
  baseUrl: 'http://127.0.0.1:1',
  keys,
  fixtures: {},
});

describe('keyWarnings', () => {
  it('names the role whose checks skip when it holds the approved key, never the key', () => {
    const profile = profileOf({ approved: { env: 'K_A', tier: 'high' }, unapproved: { env: 'K_U', tier: 'high' } });
    const keys = new KeyRing(profile.keys, { K_A: KEY, K_U: KEY });
    const [warning, ...more] = keyWarnings(profile, keys);
    expect(more).toEqual([]);
    expect(warning).toMatchObject({ code: 'W_KEY_SHARED', roles: ['approved', 'unapproved'] });
    expect(warning!.message).toContain('(K_A, K_U)');
    expect(warning!.message).toContain('the checks that use unapproved skip (needs two distinct keys)');
    expect(JSON.stringify(warning)).not.toContain(KEY);
    // What it says is what the run decides: a check that needs unapproved skips, with those words.
    const can = capabilitiesOf({
      profile,
      runProfile: 'conformance',
      keys,
      writable: true,
      allowedWrites: [],
      embedded: false,
      webhookReceiver: false,
    });
    expect(unmetNeed({ roles: ['unapproved'] }, [], can)).toBe(
      'two distinct keys (approved, unapproved hold the same key)',
    );
    expect(can.hasRole('unapproved')).toBe(false);
    expect(can.hasRole('approved')).toBe(true);
  });

  it('warns when a role that needs a key of its own shares a variable, and not for roles that may share one', () => {
    const oneVariable = profileOf({
      approved: { env: 'K_A', tier: 'high' },
      reader: { env: 'K_A', tier: 'high' },
      tierLow: { env: 'K_A', tier: 'low' },
    });
    expect(keyWarnings(oneVariable, new KeyRing(oneVariable.keys, { K_A: KEY }))[0]!.message).toContain(
      'read one environment variable (K_A); the checks that use tierLow skip',
    );
    const carriers = profileOf({ approved: { env: 'K_A', tier: 'high' }, reader: { env: 'K_A', tier: 'high' } });
    expect(keyWarnings(carriers, new KeyRing(carriers.keys, { K_A: KEY }))).toEqual([]);
  });

  it('tells two carrier roles under two variables that they are paced as one key (no check skips for it)', () => {
    const profile = profileOf({ approved: { env: 'K_A', tier: 'high' }, reader: { env: 'K_R', tier: 'high' } });
    const keys = new KeyRing(profile.keys, { K_A: KEY, K_R: KEY });
    expect(keyWarnings(profile, keys)[0]!.message).toContain('the run paces them as the one key they are');
    expect(keys.bucketOf('reader')).toBe(keys.bucketOf('approved'));
  });
});
