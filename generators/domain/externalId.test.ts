import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { externalId } from './externalId.js';

describe('externalId: every character a JSON string can carry', () => {
  const drawn = fc.sample(externalId({ stamp: 'ext-1 ' }), { numRuns: 2_000, seed: 9 });

  it('is well-formed text that survives JSON and UTF-8 unchanged, after its stamp, within 64 code points', () => {
    for (const id of drawn) {
      expect(id.startsWith('ext-1 ')).toBe(true);
      expect([...id].length).toBeLessThanOrEqual(64);
      expect(/\p{Cs}/u.test(id)).toBe(false); // no lone surrogate
      expect(JSON.parse(JSON.stringify(id))).toBe(id);
      expect(Buffer.from(id, 'utf8').toString('utf8')).toBe(id);
    }
  });

  it('holds URL syntax, whitespace, controls, other scripts and astral characters often', () => {
    const share = (p: RegExp) => drawn.filter((id) => p.test(id.slice(6))).length / drawn.length;
    expect(share(/[ +/%&=?#]/)).toBeGreaterThan(0.3);
    expect(share(/[\u0000-\u001f\u007f]/)).toBeGreaterThan(0.1);
    expect(share(/[^\u0000-\u007f]/)).toBeGreaterThan(0.5);
    expect(share(/[\u{10000}-\u{10ffff}]/u)).toBeGreaterThan(0.1);
  });
});
