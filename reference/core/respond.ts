/**
 * Response builders for the two error shapes of the contract (section 7) and plain JSON.
 * Route modules use these so every error carries a stable `code` and a `message`.
 */
import type { RouteResult } from '../types.js';

export type ErrorShape = 'unified' | 'errors';

/** `{error: {code, message, details?}}`: most service errors and every edge failure. */
export function unifiedError(status: number, code: string, message: string, details?: Record<string, unknown>): RouteResult {
  const error: Record<string, unknown> = { code, message };
  if (details !== undefined) error.details = details;
  return { status, body: { error } };
}

export interface FieldError {
  code: string;
  message: string;
  field?: string;
}

/** `{errors: [{code, message, field?}]}`: direct-enrollment service failures. */
export function errorsList(status: number, errors: FieldError[]): RouteResult {
  return { status, body: { errors } };
}

/** One error in the shape a route declares; `field` only appears in the `errors` shape. */
export function errorIn(shape: ErrorShape | undefined, status: number, code: string, message: string, field?: string): RouteResult {
  if (shape === 'errors') return errorsList(status, [field === undefined ? { code, message } : { code, message, field }]);
  return unifiedError(status, code, message, field === undefined ? undefined : { field });
}

export function json(body: unknown, status = 200, headers?: Record<string, string>): RouteResult {
  return headers ? { status, body, headers } : { status, body };
}

export const badRequest = (message: string, field?: string): RouteResult =>
  unifiedError(400, 'invalid_request', message, field === undefined ? undefined : { field });

export const notFound = (message: string): RouteResult => unifiedError(404, 'not_found', message);

export const forbidden = (message: string): RouteResult => unifiedError(403, 'forbidden', message);
