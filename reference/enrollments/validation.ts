/**
 * Submission readiness of an application (2.8). A body the document's schema accepts is
 * created even when the carrier still needs members: each gap becomes an entry of the
 * application's `errors[]` (codes from the document's SubmissionReadinessError enum), and
 * submission is refused (422) until a PUT fills it. Type and format errors never get here:
 * the schema refuses them with 400 (request.ts).
 */
import type { ApplicationData } from './application.js';
import { valueAt } from './application.js';
import { findPlan, PLAN_HIOS_ID } from './carriers.js';
import type { FieldError } from './errors.js';
import { isObject } from '../core/shape.js';

type Code = 'missing_required_field' | 'invalid_field_value' | 'invalid_field_format' | 'plan_not_found';
/** Why a present value is not usable, with its code; null when it is. */
type Check = (v: unknown) => { code: Code; problem: string } | null;

const text: Check = (v) =>
  typeof v === 'string' && v.trim() !== '' ? null : { code: 'invalid_field_value', problem: 'must not be empty' };
const state: Check = (v) =>
  typeof v === 'string' && /^[A-Z]{2}$/.test(v)
    ? null
    : { code: 'invalid_field_format', problem: 'must be a two-letter state code' };
const plan: Check = (v) => {
  if (typeof v !== 'string' || !PLAN_HIOS_ID.test(v))
    return { code: 'invalid_field_format', problem: 'must be a 14-character HIOS plan id, e.g. 12345CA0010001' };
  return findPlan(v) ? null : { code: 'plan_not_found', problem: 'is not a plan offered for direct enrollment' };
};
const present: Check = () => null;

/** Members the test carriers need before submission (the contract's 2.8 sample members), by dotted path. */
const REQUIRED: ReadonlyArray<[string, Check]> = [
  ['plan_hios_id', plan],
  ['applicants.primary.first_name', text],
  ['applicants.primary.last_name', text],
  ['applicants.primary.date_of_birth', present],
  ['applicants.primary.gender', present],
  ['applicants.primary.email', present],
  ['applicants.primary.phone', text],
  ['applicants.primary.signature', text],
  ['residential_address.street_address_1', text],
  ['residential_address.city', text],
  ['residential_address.state', state],
  ['residential_address.zip_code', present],
];

/** Members required only when their block is present. */
const WHEN_SEP: ReadonlyArray<[string, Check]> = [
  ['special_enrollment_period.event_type', present],
  ['special_enrollment_period.event_date', present],
];

function checkOne(data: ApplicationData, path: string, check: Check, out: FieldError[]): void {
  const value = valueAt(data, path);
  if (value === undefined || value === null) {
    out.push({ code: 'missing_required_field', message: `${path} is required before submission.`, field: path });
    return;
  }
  const problem = check(value);
  if (problem) out.push({ code: problem.code, message: `${path} ${problem.problem}.`, field: path });
}

/** The outstanding errors of an application, in a stable order. */
export function validateApplication(data: ApplicationData): FieldError[] {
  const out: FieldError[] = [];
  for (const [path, check] of REQUIRED) checkOne(data, path, check, out);
  if (isObject(data.special_enrollment_period)) for (const [path, check] of WHEN_SEP) checkOne(data, path, check, out);
  return out;
}
