import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dateTimeAt } from './dateTimeAt.js';

const AT = Date.parse('2026-03-01T00:30:15.250Z');

describe('dateTimeAt', () => {
  it('writes one instant in every offset in use, by quarter hours', () => {
    fc.assert(
      fc.property(dateTimeAt({ at: AT }), (s) => {
        expect(Date.parse(s)).toBe(AT);
        expect(s).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}(Z|[+-]\d{2}:(00|15|30|45))$/);
      }),
    );
    const offsets = new Set(fc.sample(dateTimeAt({ at: AT }), { numRuns: 500, seed: 1 }).map((s) => s.slice(23)));
    expect([...offsets]).toEqual(expect.arrayContaining(['Z', '+14:00', '-12:00', '+05:45']));
  });

  it('west of UTC only: the local time reads earlier than the same instant written in Z', () => {
    fc.assert(
      fc.property(dateTimeAt({ at: AT, offsets: 'west' }), (s) => {
        expect(Date.parse(s)).toBe(AT);
        expect(s < new Date(AT).toISOString()).toBe(true);
      }),
    );
  });
});
