/**
 * Business validation of an application (2.8). A missing or malformed member does not reject
 * the create: it becomes an entry of the application's `errors[]`, and submission is refused
 * (422) until a PUT fixes it. Only a structurally unusable request is a 400 (see request.ts).
 */
import type { ApplicationData } from './application.js';
import { isObject, valueAt } from './application.js';
import { findPlan, PLAN_HIOS_ID } from './carriers.js';
import type { FieldError } from './errors.js';

type Check = (v: unknown) => string | null;

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

const text: Check = (v) => (typeof v === 'string' && v.trim() !== '' ? null : 'must be a non-empty string');
const date: Check = (v) =>
  typeof v === 'string' && DATE.test(v) && !Number.isNaN(Date.parse(v)) ? null : 'must be a date (YYYY-MM-DD)';
const email: Check = (v) =>
  typeof v === 'string' && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v) ? null : 'must be an email address';
const state: Check = (v) => (typeof v === 'string' && /^[A-Z]{2}$/.test(v) ? null : 'must be a two-letter state code');
const zip: Check = (v) => (typeof v === 'string' && /^\d{5}$/.test(v) ? null : 'must be a 5-digit ZIP code');
const planYear: Check = (v) =>
  Number.isInteger(v) && (v as number) >= 2020 && (v as number) <= 2099 ? null : 'must be an integer year from 2020 to 2099';
const plan: Check = (v) => {
  if (typeof v !== 'string' || !PLAN_HIOS_ID.test(v)) return 'must be a 14-character HIOS plan id, e.g. 12345CA0010001';
  return findPlan(v) ? null : 'is not a plan offered for direct enrollment';
};

/** Required members of an application, by dotted path. Paths under `context.` read `plan_year`. */
const REQUIRED: ReadonlyArray<[string, Check]> = [
  ['context.plan_year', planYear],
  ['external_id', text],
  ['plan_hios_id', plan],
  ['desired_effective_date', date],
  ['applicants.primary.first_name', text],
  ['applicants.primary.last_name', text],
  ['applicants.primary.date_of_birth', date],
  ['applicants.primary.gender', text],
  ['applicants.primary.email', email],
  ['applicants.primary.phone', text],
  ['applicants.primary.signature', text],
  ['residential_address.street_address_1', text],
  ['residential_address.city', text],
  ['residential_address.state', state],
  ['residential_address.zip_code', zip],
];

/** Members required only when their block is present. */
const WHEN_PRESENT: ReadonlyArray<[string, Check]> = [
  ['special_enrollment_period.event_type', text],
  ['special_enrollment_period.event_date', date],
];

/** Optional members that must still have the right type when sent. */
const OPTIONAL: ReadonlyArray<[string, Check]> = [['employer_external_id', text]];

function read(data: ApplicationData, path: string): unknown {
  return path === 'context.plan_year' ? data.plan_year : valueAt(data, path);
}

function checkOne(data: ApplicationData, path: string, check: Check, out: FieldError[]): void {
  const value = read(data, path);
  if (value === undefined || value === null) {
    out.push({ code: 'missing_field', message: `${path} is required.`, field: path });
    return;
  }
  const problem = check(value);
  if (problem) out.push({ code: 'invalid_field_value', message: `${path} ${problem}.`, field: path });
}

/** The outstanding errors of an application, in a stable order. */
export function validateApplication(data: ApplicationData): FieldError[] {
  const out: FieldError[] = [];
  for (const [path, check] of REQUIRED) checkOne(data, path, check, out);
  const sep = data.special_enrollment_period;
  if (sep !== undefined && !isObject(sep)) {
    out.push({ code: 'invalid_field_value', message: 'special_enrollment_period must be an object.', field: 'special_enrollment_period' });
  }
  if (isObject(sep)) {
    for (const [path, check] of WHEN_PRESENT) checkOne(data, path, check, out);
  }
  for (const [path, check] of OPTIONAL) {
    if (read(data, path) !== undefined) checkOne(data, path, check, out);
  }
  return out;
}
