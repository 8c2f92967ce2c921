/**
 * `400 invalid_request` in the unified envelope with `details` as the document shapes it: a map
 * of field path to an array of full-sentence messages (`{"zip_code": ["…"]}`).
 */
import { unifiedError } from '../core/respond.js';
import type { RouteResult } from '../types.js';

export type FieldMessages = Record<string, string[]>;

/** One or more refused fields; the first message is the summary. */
export function invalidFields(details: FieldMessages): RouteResult {
  const first = Object.values(details)[0]?.[0] ?? 'Validation failed.';
  return unifiedError(400, 'invalid_request', first, details);
}

/** One refused field. */
export const invalidField = (field: string, message: string): RouteResult => invalidFields({ [field]: [message] });
