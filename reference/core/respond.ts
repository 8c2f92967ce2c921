/**
 * Response builders for the two error shapes of the contract (section 7) and plain JSON.
 * Route modules use these so every error carries a stable `code` and a `message`.
 */
import type { RouteResult } from '../types.js';

export type ErrorShape = 'unified' | 'errors';

/** `error.details` as the provider's document has it: dotted field path → full-sentence messages. */
export type ErrorDetails = Record<string, string[]>;

/** `{error: {code, message, details?}}`: most service errors and every edge failure. */
export function unifiedError(status: number, code: string, message: string, details?: ErrorDetails): RouteResult {
  const error: Record<string, unknown> = { code, message };
  if (details !== undefined) error.details = details;
  return { status, body: { error } };
}

interface FieldError {
  code: string;
  message: string;
  field?: string;
}

/** `{errors: [{code, message, field?}]}`: direct-enrollment service failures. */
function errorsList(status: number, errors: FieldError[]): RouteResult {
  return { status, body: { errors } };
}

/** The details map of one field's problem. */
const detailsFor = (field: string, message: string): ErrorDetails => ({ [field]: [message] });

/** Several problems as one details map, messages of one field kept together in order. */
export function detailsOf(problems: ReadonlyArray<{ field: string; message: string }>): ErrorDetails {
  const details: ErrorDetails = {};
  for (const p of problems) (details[p.field] ??= []).push(p.message);
  return details;
}

/** One error in the shape a route declares: `field` names the member in either shape. */
export function errorIn(
  shape: ErrorShape | undefined,
  status: number,
  code: string,
  message: string,
  field?: string,
): RouteResult {
  if (shape === 'errors')
    return errorsList(status, [field === undefined ? { code, message } : { code, message, field }]);
  return unifiedError(status, code, message, field === undefined ? undefined : detailsFor(field, message));
}

/** A failure of a route of `shape` in the other shape: its first error's code, message and field (a fault's answer). */
export function inOtherShape(shape: ErrorShape | undefined, res: RouteResult): RouteResult {
  if (res.status < 400 || res.body === null || typeof res.body !== 'object') return res;
  const { error, errors } = res.body as { error?: ErrorEntry; errors?: ErrorEntry[] };
  const first = error ?? errors?.[0];
  if (first === undefined) return res;
  const field = first.field ?? Object.keys(first.details ?? {})[0];
  const other = errorIn(shape === 'errors' ? 'unified' : 'errors', res.status, first.code, first.message, field);
  return { ...res, body: other.body };
}

/** An error of either shape, as read back. */
interface ErrorEntry extends FieldError {
  details?: ErrorDetails;
}

export function json(body: unknown, status = 200, headers?: Record<string, string>): RouteResult {
  return headers ? { status, body, headers } : { status, body };
}

export const badRequest = (message: string, field?: string): RouteResult =>
  unifiedError(400, 'invalid_request', message, field === undefined ? undefined : detailsFor(field, message));

/** 400 invalid_request with every problem in `details`; the message leads with the first. */
export function validationFailed(problems: ReadonlyArray<{ field: string; message: string }>): RouteResult {
  const more = problems.length > 1 ? ` (${problems.length - 1} more in details)` : '';
  return unifiedError(
    400,
    'invalid_request',
    `${problems[0]?.message ?? 'The request is invalid.'}${more}`,
    problems.length ? detailsOf(problems) : undefined,
  );
}

export const notFound = (message: string): RouteResult => unifiedError(404, 'not_found', message);

export const forbidden = (message: string): RouteResult => unifiedError(403, 'forbidden', message);
