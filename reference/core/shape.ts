/** Small value tests shared by the request validators of the families. */
export type Obj = Record<string, unknown>;

export const isObject = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
export const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
export const isString = (v: unknown): v is string => typeof v === 'string';
export const isNonEmptyString = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

/** A real calendar date written `YYYY-MM-DD`. */
export function isDate(v: unknown): v is string {
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/** Whole years between a `YYYY-MM-DD` birth date and `on`. */
export function ageOn(birth: string, on: Date): number {
  const [y, m, d] = birth.split('-').map(Number) as [number, number, number];
  let age = on.getUTCFullYear() - y;
  if (on.getUTCMonth() + 1 < m || (on.getUTCMonth() + 1 === m && on.getUTCDate() < d)) age -= 1;
  return age;
}
