/** Calendar arithmetic on `YYYY-MM-DD` dates, in UTC (no time zone moves a date). */

export const DAY_MS = 86_400_000;

export const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

export const utcDay = (y: number, m: number, d: number): number => Date.UTC(y, m - 1, d);

/** Year, month and day of a `YYYY-MM-DD` date. */
export const dateParts = (date: string): [number, number, number] =>
  date.split('-').map(Number) as [number, number, number];

/** Whole years of a person born on `born` on the day `on`. */
export function ageOn(born: string, on: string): number {
  const [by, bm, bd] = dateParts(born);
  const [y, m, d] = dateParts(on);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}
