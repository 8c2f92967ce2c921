/**
 * The target's clock as its answers show it: the Date header every HTTP answer carries (RFC 9110,
 * 6.6.1). What "today" and "the current plan year" mean to a target is its own clock's business,
 * not the machine's that runs the suite, and a day is a day in the target's zone, which the
 * contract does not name: a date judged against the target is any calendar day its instant
 * falls on somewhere (UTC-12 to UTC+14).
 */
import type { Exchange } from '../model.js';
import type { CheckContext } from './context.js';

/** Answers the estimate reads, the latest first. */
const RECENT = 20;
/** A Date header is to the second: offsets within this are the same clock. */
const SAME_CLOCK_MS = 2_000;
const HOUR_MS = 3_600_000;
/** The zones a day is reckoned in, as offsets from UTC: the earliest and the latest in use. */
const ZONES_HOURS = { earliest: -12, latest: 14 } as const;

/** How far the target's clock is ahead of ours by one answer (its Date header against when it was in flight). */
function offsetOf(ex: Exchange): number | undefined {
  const date = ex.response?.headers.date;
  const sent = ex.startedAt === undefined ? Number.NaN : Date.parse(ex.startedAt);
  const shown = date === undefined ? Number.NaN : Date.parse(date);
  if (Number.isNaN(sent) || Number.isNaN(shown)) return undefined;
  // The header drops the milliseconds: the middle of its second, against the middle of the flight.
  return shown + 500 - (sent + ex.durationMs / 2);
}

/**
 * Now on the target's clock, in ms: ours moved by the median offset its recent answers show, or
 * ours when they show none or one within a Date header's precision.
 */
export function targetNow(exchanges: readonly Exchange[], localNow = Date.now()): number {
  const offsets = exchanges
    .slice(-RECENT)
    .map(offsetOf)
    .filter((o): o is number => o !== undefined)
    .sort((a, b) => a - b);
  const median = offsets[Math.floor(offsets.length / 2)] ?? 0;
  return Math.abs(median) < SAME_CLOCK_MS ? localNow : localNow + median;
}

/**
 * Now on the target's clock, from the Date headers of the run's answers so far: a coverage that
 * starts today has started for the target, and its current year is the one its clock is in.
 */
export const targetToday = (t: CheckContext): Date => new Date(targetNow(t.target.client.exchanges()));

const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The calendar days (`YYYY-MM-DD`) `instant` falls on in some zone, earliest first: two, or three near midnight. */
export function zoneDays(instant: number): string[] {
  const first = Date.parse(isoDay(instant + ZONES_HOURS.earliest * HOUR_MS));
  const last = Date.parse(isoDay(instant + ZONES_HOURS.latest * HOUR_MS));
  const days: string[] = [];
  for (let day = first; day <= last; day += 24 * HOUR_MS) days.push(isoDay(day));
  return days;
}
