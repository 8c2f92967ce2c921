/**
 * The edges of a date as a member states it: `format: date` (YYYY-MM-DD), `format: date-time`,
 * or a pattern that reads `MM/DD/YYYY` (the Medicare interface's dates). Inside: 29 February of
 * a leap year, 31 December, 1 January; outside: 29 February of a year without one, a month 13,
 * and the date written in the other form.
 */
import type { FlatSchema } from './flatSchema.js';
import { patternRegExp } from './formats.js';

export type DateForm = 'date' | 'date-time' | 'us-date';

/** A value on an edge, and the edge in words. */
export interface DateEdge {
  bound: string;
  value: string;
}

/** What a pattern that reads MM/DD/YYYY accepts, and what it refuses. */
const US_ACCEPTS = ['12/31/1999', '02/29/2000', '01/01/2000'];
const US_REFUSES = ['1999-12-31', '13/01/2000', '31/12/1999'];

function readsUsDate(patterns: readonly string[]): boolean {
  if (patterns.length === 0) return false;
  const res = patterns.map(patternRegExp);
  return (
    US_ACCEPTS.every((s) => res.every((re) => re.test(s))) && US_REFUSES.every((s) => res.some((re) => !re.test(s)))
  );
}

/** The date form a string member states, or undefined for a member that is no date. */
export function dateFormOf(flat: FlatSchema): DateForm | undefined {
  if (flat.format === 'date' || flat.format === 'date-time') return flat.format;
  return readsUsDate([flat.pattern, ...(flat.$patterns ?? [])].filter((p): p is string => typeof p === 'string'))
    ? 'us-date'
    : undefined;
}

const isLeap = (y: number): boolean => y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);

/** The latest leap year at or before `y`, and the latest year without 29 February at or before it. */
function years(y: number): { leap: number; common: number } {
  let leap = y;
  while (!isLeap(leap)) leap -= 1;
  return { leap, common: isLeap(y) ? y - 1 : y };
}

/** The year a value of `form` names, when it is one. */
export function yearOf(form: DateForm, value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const m = form === 'us-date' ? /^\d{2}\/\d{2}\/(\d{4})$/.exec(value) : /^(\d{4})-\d{2}-\d{2}/.exec(value);
  return m ? Number(m[1]) : undefined;
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** A day of `form`: year, month, day. */
function written(form: DateForm, y: number, m: number, d: number, time = '00:00:00'): string {
  if (form === 'us-date') return `${pad(m)}/${pad(d)}/${y}`;
  const day = `${y}-${pad(m)}-${pad(d)}`;
  return form === 'date' ? day : `${day}T${time}Z`;
}

/**
 * Outside each form, around the year `y` (`common`: a year without 29 February). A pattern that
 * reads MM/DD/YYYY lets 02/29 of any year through: only what it refuses is outside it.
 */
const OUTSIDE: Record<DateForm, (y: number, common: number) => DateEdge[]> = {
  date: (y, common) => [
    { bound: '29 February of a year without one', value: written('date', common, 2, 29) },
    { bound: 'a date written MM/DD/YYYY where YYYY-MM-DD is stated', value: written('us-date', y, 12, 31) },
  ],
  'date-time': (_y, common) => [
    { bound: '29 February of a year without one', value: written('date-time', common, 2, 29, '12:00:00') },
  ],
  'us-date': (y) => [
    { bound: 'a month 13', value: `13/01/${y}` },
    { bound: 'a date written YYYY-MM-DD where MM/DD/YYYY is stated', value: written('date', y, 12, 31) },
  ],
};

/** The edges of `form` around the year `y`, inside and outside. */
export function dateEdges(form: DateForm, y: number): { inside: DateEdge[]; outside: DateEdge[] } {
  const { leap, common } = years(y);
  const inside = [
    { bound: '29 February of a leap year', value: written(form, leap, 2, 29) },
    { bound: '31 December', value: written(form, y, 12, 31, '23:59:59') },
    { bound: '1 January', value: written(form, y, 1, 1) },
  ];
  return { inside, outside: OUTSIDE[form](y, common) };
}
