import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_ALPHABET, idempotencyKey } from './idempotencyKey.js';

const STATED = /^[A-Za-z0-9_-]{1,255}$/;

describe('idempotencyKey: the whole stated alphabet and length range', () => {
  const drawn = fc.sample(idempotencyKey(), { numRuns: 2_000, seed: 8 });

  it('draws keys of the stated format only, the shortest and the longest often', () => {
    expect(drawn.every((k) => STATED.test(k))).toBe(true);
    expect(drawn.filter((k) => k.length === 1).length).toBeGreaterThan(100);
    expect(drawn.filter((k) => k.length === 255).length).toBeGreaterThan(100);
    expect(drawn.some((k) => k.length > 2 && k.length < 254)).toBe(true);
  });

  it('meets every character of the alphabet', () => {
    const seen = new Set(drawn.join(''));
    expect([...IDEMPOTENCY_KEY_ALPHABET].filter((c) => !seen.has(c))).toEqual([]);
  });

  it('ends every key long enough with the stamp, and keeps the range given', () => {
    const stamp = 'run-42_7';
    const keys = fc.sample(idempotencyKey({ minLength: 5, maxLength: 40, stamp }), { numRuns: 500, seed: 1 });
    for (const k of keys) {
      expect(k.length).toBeGreaterThanOrEqual(5);
      expect(k.length).toBeLessThanOrEqual(40);
      expect(STATED.test(k)).toBe(true);
      if (k.length > stamp.length) expect(k.endsWith(stamp)).toBe(true);
    }
  });
});
