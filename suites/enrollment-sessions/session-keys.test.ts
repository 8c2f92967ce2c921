import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { idempotencyKey } from '../../generators/index.js';
import { keyNextTo } from './session-keys.js';

describe('keyNextTo: the key one character away', () => {
  test.prop([idempotencyKey()])('differs in exactly one character, keeps the length and the stated alphabet', (key) => {
    const next = keyNextTo(key);
    expect(next.length).toBe(key.length);
    expect(next).toMatch(/^[A-Za-z0-9_-]{1,255}$/);
    expect([...next].filter((c, i) => c !== key[i]).length).toBe(1);
  });

  test('flips the case of the last letter, else changes the last character', () => {
    expect(keyNextTo('abc-12')).toBe('abC-12');
    expect(keyNextTo('Z')).toBe('z');
    expect(keyNextTo('12_-0')).toBe('12_-1');
    expect(keyNextTo('7')).toBe('0');
  });

  test('a key cut at 64 characters or lower-cased is taken for its neighbour', () => {
    fc.assert(
      fc.property(idempotencyKey({ minLength: 200 }), (key) => {
        const next = keyNextTo(key);
        expect(next.toLowerCase() === key.toLowerCase() || next.slice(0, 64) === key.slice(0, 64)).toBe(true);
      }),
    );
  });
});
