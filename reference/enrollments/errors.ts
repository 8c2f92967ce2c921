/**
 * Direct-enrollment service failures (section 7): `{errors: [{code, message, field?}]}`.
 * Every handler of this family answers its own failures in this shape. Codes are the
 * document's known ones (EnrollmentErrorDetail) where one fits.
 */
import type { Problem } from '../core/request-schemas.js';
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

/** A request the document's schema refuses: 400 `invalid_request`, one entry per member. */
export function invalidRequest(problems: readonly Problem[]): RouteResult {
  return failMany(
    400,
    problems.map((p) => ({ code: 'invalid_request', message: p.message, field: p.field })),
  );
}

export const notFound = (id: string): RouteResult =>
  fail(
    404,
    'not_found',
    `No enrollment ${JSON.stringify(id)} exists for this account; use an application_id returned by POST ` +
      `/v1/enrollments.`,
    'enrollment_id',
  );
