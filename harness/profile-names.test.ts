/**
 * A profile's names and fixture values checked against the vocabulary: an unknown role or
 * fixture is refused with the nearest known one, a value not of its format names the format,
 * and a value shaped like a key is never repeated.
 */
import { describe, expect, it } from 'vitest';
import { caughtConfigError as caught } from './errors.test-helpers.js';
import { checkProfileNames, didYouMean, fixtureProblems } from './profile-names.js';
import { FIXTURE_NAMES, FIXTURES, KEY_ROLE_NAMES } from './profile-vocabulary.js';
import { loadTargetProfile, referenceProfilePath } from './profile.js';

describe('didYouMean', () => {
  it.each([
    ['unaproved', 'unapproved', KEY_ROLE_NAMES],
    ['tierlow', 'tierLow', KEY_ROLE_NAMES],
    ['zipcode', 'zipCode', FIXTURE_NAMES],
    ['planfull', 'planFull', FIXTURE_NAMES],
    ['policyPlanyear', 'policyPlanYear', FIXTURE_NAMES],
    ['medicare_contact', 'medicareContactId', FIXTURE_NAMES],
    ['bananas', undefined, KEY_ROLE_NAMES],
    ['zip', undefined, FIXTURE_NAMES],
  ])('%s -> %s', (name, expected, known) => {
    expect(didYouMean(name, known)).toBe(expected);
  });
});

describe('checkProfileNames', () => {
  it('refuses an unknown key role with a did-you-mean (E_PROFILE_ROLE_UNKNOWN)', () => {
    const error = caught(() => checkProfileNames('p.json', { keys: { approved: {}, unaproved: {} }, fixtures: {} }));
    expect(error.code).toBe('E_PROFILE_ROLE_UNKNOWN');
    expect(error.message).toContain('"unaproved" (did you mean "unapproved"?)');
    expect(error.hint).toContain('tierLow');
  });

  it('refuses an unknown fixture with a did-you-mean (E_PROFILE_FIXTURE_UNKNOWN)', () => {
    const error = caught(() => checkProfileNames('p.json', { fixtures: { zipcode: '40202', stateName: 'KY' } }));
    expect(error.code).toBe('E_PROFILE_FIXTURE_UNKNOWN');
    expect(error.message).toContain('"zipcode" (did you mean "zipCode"?)');
    expect(error.message).toContain('"stateName"');
  });

  it('refuses fixture values not of their type and format, each with the format it should have', () => {
    const error = caught(() =>
      checkProfileNames('p.json', {
        fixtures: { state: 'Kentucky', policyPlanYear: 'twenty-six', zipCode: '4020', planYear: 2026 },
      }),
    );
    expect(error.code).toBe('E_PROFILE_FIXTURE_INVALID');
    expect(error.message).toContain(`state is "Kentucky": expected ${FIXTURES.state.format}`);
    expect(error.message).toContain(`policyPlanYear is "twenty-six": expected ${FIXTURES.policyPlanYear.format}`);
    expect(error.message).toContain('zipCode is "4020"');
    expect(error.message).not.toContain('planYear is');
  });

  it('never repeats a value shaped like a key', () => {
    const key = 'sk_live_9f8e7d6c5b4a3f2e1d0c9b8a';
    expect(fixtureProblems({ confirmationId: `${key} ` })).toEqual([
      'confirmationId is <a value shaped like a key; not shown>: expected a confirmation id, no whitespace, e.g. ' +
        '"4412026000"',
    ]);
  });

  it('passes every shipped profile: its names and values are the vocabulary', () => {
    expect(() => loadTargetProfile(referenceProfilePath())).not.toThrow();
    for (const name of ['staging', 'certification', 'production'])
      expect(() => loadTargetProfile(referenceProfilePath().replace('reference.json', `${name}.json`))).not.toThrow();
  });

  it('the reference profile names every fixture a check needs, so the embedded run can be complete', () => {
    const reference = loadTargetProfile(referenceProfilePath());
    const optionalOnly = FIXTURE_NAMES.filter(
      (n) => !Object.hasOwn(reference.fixtures, n) && (FIXTURES[n] as { optionalIn?: unknown }).optionalIn,
    );
    const missing = FIXTURE_NAMES.filter((n) => !Object.hasOwn(reference.fixtures, n) && !optionalOnly.includes(n));
    expect(missing).toEqual([]);
    expect(Object.keys(reference.keys).sort()).toEqual([...KEY_ROLE_NAMES].sort());
  });
});
