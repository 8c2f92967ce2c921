/**
 * A key measured at another tier than its profile declares is the profile's mistake, told as a
 * configuration warning naming both tiers, never a failure of the target; a burst that fits no
 * tier is left to the checks' expectations; the embedded server's profile is its own.
 */
import { describe, expect, it } from 'vitest';
import type { CheckContext } from '../../harness/suite/index.js';
import { declaredTierMismatch, knownOffTier, tiersLetting } from './rate-buckets.js';

const contextOf = (embedded: boolean, runId: string, tier: 'low' | 'medium' | 'high' = 'low'): CheckContext =>
  ({
    config: { runId, embedded, profile: { keys: { tierLow: { env: 'K_LOW', tier } } } },
  }) as unknown as CheckContext;

describe('tiersLetting', () => {
  it('names the tier whose burst (and what refilled meanwhile) let exactly that many through', () => {
    expect(tiersLetting(2, 0)).toEqual(['low']);
    expect(tiersLetting(10, 50)).toEqual(['medium']);
    expect(tiersLetting(20, 0)).toEqual(['high']);
    expect(tiersLetting(21, 150)).toEqual(['high']);
    // Three at once fit no tier: the low tier's burst is two, and nothing refilled.
    expect(tiersLetting(3, 0)).toEqual([]);
    expect(tiersLetting(15, 100)).toEqual([]);
  });
});

describe('declaredTierMismatch', () => {
  it('skips with W_KEY_TIER naming both tiers when a remote key lets another tier through', () => {
    const t = contextOf(false, 'run-a');
    const skip = declaredTierMismatch(t, 'tierLow', 20, 30);
    expect(skip?.needs).toBe("the key's real tier in the target profile (tierLow: declared low, measured high)");
    expect(skip?.warning).toMatchObject({ code: 'W_KEY_TIER', roles: ['tierLow'] });
    expect(skip?.warning?.message).toContain('declared tier low (1/s, burst 2) but let 20 requests at once');
    expect(skip?.warning?.message).toContain('a key of tier high');
    // The other checks of that key skip alike, without measuring it again.
    expect(knownOffTier(t, 'tierLow')).toBe(skip);
    expect(knownOffTier(contextOf(false, 'run-b'), 'tierLow')).toBeUndefined();
  });

  it('a key declared above its tier is measured at the lower one', () => {
    expect(declaredTierMismatch(contextOf(false, 'run-c', 'medium'), 'tierLow', 2, 10)?.needs).toContain(
      'declared medium, measured low',
    );
  });

  it('leaves a burst of the declared tier, of no tier, or of the embedded server to the expectations', () => {
    expect(declaredTierMismatch(contextOf(false, 'run-d'), 'tierLow', 2, 10)).toBeUndefined();
    expect(declaredTierMismatch(contextOf(false, 'run-d'), 'tierLow', 3, 10)).toBeUndefined();
    expect(declaredTierMismatch(contextOf(true, 'run-d'), 'tierLow', 20, 10)).toBeUndefined();
  });
});
