/**
 * Direct-enrollment service failures (section 7): `{errors: [{code, message, field?}]}`.
 * Every handler of this family answers its own failures in this shape.
 */
import type { RouteResult } from '../types.js';

export interface FieldError {
  code: string;
  message: string;
  field?: string;
}

/** One failure as a RouteResult in the `errors[]` envelope. */
export function fail(status: number, code: string, message: string, field?: string): RouteResult {
  const entry: FieldError = field === undefined ? { code, message } : { code, message, field };
  return { status, body: { errors: [entry] } };
}

/** Several failures at once (e.g. the outstanding errors of an application). */
export function failMany(status: number, errors: FieldError[]): RouteResult {
  return { status, body: { errors } };
}

export const notFound = (id: string): RouteResult =>
  fail(404, 'not_found', `No enrollment ${JSON.stringify(id)} exists for this account; use an id returned by POST /v1/enrollments.`, 'enrollment_id');
