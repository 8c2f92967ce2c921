import { describe, expect, test } from 'vitest';
import { knownValues } from './suite/known-values.js';
import { runConfigFor } from './suite/fake-target.test-helpers.js';
import { isWritable, requestCapOf } from './target.js';

describe('target context helpers', () => {
  test('a run profile with a request cap gives the client one, naming the profile', () => {
    expect(requestCapOf('smoke')).toEqual({ max: 10, runProfile: 'smoke' });
    expect(requestCapOf('conformance')).toBeUndefined();
  });
  test('smoke runs and read-only targets are not writable', () => {
    expect(isWritable(runConfigFor())).toBe(true);
    expect(isWritable(runConfigFor({ runProfile: 'smoke' }))).toBe(false);
    expect(isWritable(runConfigFor({}, { readOnly: true }))).toBe(false);
  });
  test('fixtures become known values by member name; provoking fixtures stay out', () => {
    const known = knownValues({
      zipCode: '30301',
      crossStateZipCode: '42223',
      state: 'GA',
      planYear: 2025,
      unknownZipCode: '00000',
      slowExternalId: 'slow',
    });
    expect(known).toEqual({ zip_code: ['30301', '42223'], state: ['GA'], plan_year: [2025] });
    expect(knownValues({ state: 'GA' }, { state: ['TX'], fips_code: ['13121'] })).toEqual({
      state: ['TX'],
      fips_code: ['13121'],
    });
  });
});
