/**
 * The current ACA plan year. The reference server reads it as the calendar year of its clock
 * (UTC); the contract says "current ACA plan year" without pinning the open-enrollment overlap.
 */
export function currentPlanYear(now: Date): number {
  return now.getUTCFullYear();
}
