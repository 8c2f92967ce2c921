import fc from 'fast-check';
import { ageOn, DAY_MS, dateParts, isoDay, utcDay } from '../_internals/helpers/dates.js';

export interface BirthDateOptions {
  /** The day the age holds on, `YYYY-MM-DD` (e.g. a coverage's effective date). */
  on: string;
  /** The age in whole years on that day. */
  age: number;
}

/**
 * `birthDate({ on, age })`: a date of birth (`YYYY-MM-DD`) of someone exactly `age` on `on`,
 * most draws on an edge: the birthday on `on` itself (just turned `age`), the day after it a year
 * before (turns `age + 1` the next day), 29 February, 1 January or 31 December when one of them
 * gives that age; the rest anywhere in the year of dates that do. Shrinks towards the birthday.
 */
export function birthDate(options: BirthDateOptions): fc.Arbitrary<string> {
  const { on, age } = options;
  const [y, m, d] = dateParts(on);
  const fits = (date: string) => ageOn(date, on) === age;
  // Born on or before `latest` and after a year before it: `age` on `on` (29 February aside).
  const latest = utcDay(y - age, m, d);
  const earliest = utcDay(y - age - 1, m, d) + DAY_MS;
  const edges = [latest, earliest];
  for (const year of [y - age - 1, y - age]) {
    // 29 February only where the year has one (Date.UTC would roll it over to 1 March).
    if (new Date(utcDay(year, 2, 29)).getUTCMonth() === 1) edges.push(utcDay(year, 2, 29));
    edges.push(utcDay(year, 1, 1), utcDay(year, 12, 31));
  }
  const onEdge = [...new Set(edges.map(isoDay))].filter(fits);
  const days = Math.round((latest - earliest) / DAY_MS);
  const anywhere = fc
    .integer({ min: 0, max: days })
    .map((n) => isoDay(latest - n * DAY_MS))
    .filter(fits);
  return fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...onEdge) }, { weight: 1, arbitrary: anywhere });
}
