import { describe, expect, test } from 'vitest';
import { RUN_PROFILES } from '../run-profiles.js';
import { propertyRuns } from './property-runs.js';

describe('propertyRuns', () => {
  const conformance = { runs: 10, runProfile: 'conformance' as const };
  test('a property takes --runs, capped by maxRuns', () => {
    expect(propertyRuns(conformance, {})).toBe(10);
    expect(propertyRuns(conformance, { maxRuns: 3 })).toBe(3);
  });
  test('a sequence property takes its share of the profile’s sequenceRuns, at least one, at most --runs', () => {
    expect(propertyRuns(conformance, { sequenceShare: 1 })).toBe(RUN_PROFILES.conformance.sequenceRuns);
    expect(propertyRuns(conformance, { sequenceShare: 0.25 })).toBe(
      Math.ceil(RUN_PROFILES.conformance.sequenceRuns * 0.25),
    );
    expect(propertyRuns({ runs: 1, runProfile: 'certification' }, { sequenceShare: 1 })).toBe(1);
    expect(propertyRuns(conformance, { sequenceShare: 0.01 })).toBe(1);
  });
});
