import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { personName } from './personName.js';

describe('personName: names with apostrophes, hyphens, diacritics and other scripts', () => {
  const drawn = fc.sample(personName(), { numRuns: 2_000, seed: 3 });
  const share = (p: (n: string) => boolean) => drawn.filter(p).length / drawn.length;

  it('draws every kind often', () => {
    expect(share((n) => /['’]/.test(n))).toBeGreaterThan(0.1);
    expect(share((n) => n.includes('-'))).toBeGreaterThan(0.1);
    expect(share((n) => /[À-ɏ]/u.test(n))).toBeGreaterThan(0.1);
    expect(
      share((n) =>
        /[\p{Script=Han}\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Hangul}]/u.test(
          n,
        ),
      ),
    ).toBeGreaterThan(0.1);
    expect(share((n) => n.includes(' '))).toBeGreaterThan(0.05);
  });

  it('is in NFC, never empty nor padded, at most 50 code points', () => {
    for (const n of drawn) {
      expect(n.normalize('NFC')).toBe(n);
      expect(n.length).toBeGreaterThan(0);
      expect(n.trim()).toBe(n);
      expect([...n].length).toBeLessThanOrEqual(50);
    }
  });

  it('keeps a shorter maxLength', () => {
    expect(fc.sample(personName({ maxLength: 4 }), { numRuns: 300, seed: 1 }).every((n) => [...n].length <= 4)).toBe(
      true,
    );
  });
});
