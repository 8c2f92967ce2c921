/**
 * The years "the current ACA plan year" (4.3, 9.5) can be on a given day. The contract names no
 * rollover date; the provider document puts open enrollment for the next year from November 1
 * and asks for an explicit plan_year "when shopping the next year before the rollover". So from
 * November 1 a target may already default to the next year, and until open enrollment ends on
 * January 15 it may still default to the previous one; other days it is the calendar year.
 */
import { zoneDays } from '../../harness/suite/target-clock.js';

/** Last day (January, UTC) a target may still default to the previous year. */
const OPEN_ENROLLMENT_ENDS = 15;
/** Month (0-based, UTC) from which a target may default to the next year. */
const OPEN_ENROLLMENT_STARTS = 10;

/** The plan years a default may name on the calendar day `day` (`YYYY-MM-DD`). */
function yearsOn(day: string): number[] {
  const date = new Date(`${day}T00:00:00Z`);
  const year = date.getUTCFullYear();
  if (date.getUTCMonth() >= OPEN_ENROLLMENT_STARTS) return [year, year + 1];
  if (date.getUTCMonth() === 0 && date.getUTCDate() <= OPEN_ENROLLMENT_ENDS) return [year, year - 1];
  return [year];
}

/**
 * The plan years a default may name at the instant `now` (the target's clock): those of every
 * calendar day it falls on in some zone, the contract naming none; only the pinned year when the
 * profile pins one.
 */
export function defaultPlanYears(now: Date, pinned?: number): number[] {
  if (pinned !== undefined) return [pinned];
  return [...new Set(zoneDays(now.getTime()).flatMap(yearsOn))];
}
