import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { textOfLength } from './textOfLength.js';

describe('textOfLength: exactly so many characters, of every UTF-8 width', () => {
  it('counts characters as JSON Schema does, and spends more bytes and UTF-16 units than characters', () => {
    for (const length of [1, 2, 50, 255, 500]) {
      for (const text of fc.sample(textOfLength({ length }), { numRuns: 20, seed: length })) {
        expect([...text]).toHaveLength(length);
        // A four-byte letter is always among them: two UTF-16 units, four UTF-8 bytes.
        expect(text.length).toBeGreaterThan(length);
        expect(Buffer.byteLength(text)).toBeGreaterThanOrEqual(length + 3);
        // Normalisation and trimming leave it as it is.
        expect([text.normalize('NFC'), text.normalize('NFKC'), text.trim()]).toEqual([text, text, text]);
      }
    }
  });

  it('mixes widths over draws and is empty at length 0', () => {
    const widths = new Set(
      fc
        .sample(textOfLength({ length: 30 }), { numRuns: 10, seed: 3 })
        .flatMap((t) => [...t].map((c) => Buffer.byteLength(c))),
    );
    expect([...widths].sort()).toEqual([1, 2, 3, 4]);
    expect(fc.sample(textOfLength({ length: 0 }), { numRuns: 3 })).toEqual(['', '', '']);
  });
});
