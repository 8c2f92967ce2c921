import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ageOn } from '../_internals/helpers/dates.js';
import { birthDate } from './birthDate.js';

const day = fc
  .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe('birthDate: a date of birth giving exactly the age on a day, edges first', () => {
  it('is always a valid date of someone exactly that age on that day (29 February included)', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 120 }), fc.integer(), (on, age, seed) => {
        const [dob] = fc.sample(birthDate({ on, age }), { numRuns: 1, seed });
        expect(dob).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(new Date(`${dob}T00:00:00Z`).toISOString().slice(0, 10)).toBe(dob);
        expect(ageOn(dob!, on)).toBe(age);
      }),
      { seed: 5, numRuns: 300 },
    );
    for (const on of ['2028-02-29', '2027-03-01', '2026-12-31', '2026-01-01']) {
      for (const dob of fc.sample(birthDate({ on, age: 3 }), { numRuns: 50, seed: 1 })) expect(ageOn(dob, on)).toBe(3);
    }
  });

  it('draws the birthday itself, the eve of the next one and 29 February', () => {
    const drawn = fc.sample(birthDate({ on: '2026-03-01', age: 30 }), { numRuns: 400, seed: 6 });
    expect(drawn).toContain('1996-03-01');
    expect(drawn).toContain('1995-03-02');
    expect(drawn).toContain('1996-02-29');
  });
});
