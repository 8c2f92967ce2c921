/**
 * What section 7 leaves open in an error, as tables the error variants apply: the codes it
 * states (and where) stay, every other code is renamed; messages are the implementation's own
 * words; `details` is optional (`details?: object`).
 */
import { mapErrors, without, type ErrorEntry } from './envelopes.js';
import type { RequestView } from './switch.js';
import type { RouteResult } from '../types.js';

/** Codes the contract states, and on which paths when it names them for one condition only. */
const STATED: ReadonlyArray<{ code: string; where?: RegExp }> = [
  { code: 'forbidden' },
  { code: 'idempotency_in_progress' },
  { code: 'idempotency_mismatch' },
  { code: 'invalid_field_value', where: /^\/v1\/enrollments\/[^/]+\/(cancellations|terminations)$/ },
  { code: 'invalid_request', where: /^\/v1\/(reference\/issuers|enrollments)$/ },
];

/** Another name for each code the contract does not state (section 7: "codes ... not shown"). */
const RENAMED: Record<string, string> = {
  not_found: 'resource_not_found',
  rate_limited: 'too_many_requests',
  payload_too_large: 'request_entity_too_large',
  unsupported_media_type: 'media_type_not_supported',
  internal_error: 'server_error',
  invalid_request: 'validation_failed',
  invalid_field_value: 'parameter_out_of_range',
  idempotency_key_required: 'missing_idempotency_key',
  idempotency_key_invalid: 'malformed_idempotency_key',
  method_not_allowed: 'http_method_not_allowed',
};

const stated = (code: unknown, path: string): boolean =>
  STATED.some((s) => s.code === code && (s.where === undefined || s.where.test(path)));

/** Every error code the contract does not state for this answer, renamed. */
export function renameUnstatedCodes(req: RequestView, res: RouteResult): RouteResult {
  return mapErrors(res, (e) =>
    typeof e.code !== 'string' || stated(e.code, req.path)
      ? e
      : { ...e, code: RENAMED[e.code] ?? 'request_not_processed' },
  );
}

const spanish = (status: number, code: unknown): string =>
  `Solicitud rechazada (${status}, «${String(code)}»): revise la petición según la referencia de la API; ` +
  `¿dudas? Escríbanos.`;

/** Every error message (and every `details` sentence) in the implementation's own words, in Spanish. */
export function localizeMessages(_req: RequestView, res: RouteResult): RouteResult {
  return mapErrors(res, (e) => {
    const localized: ErrorEntry = { ...e, message: spanish(res.status, e.code) };
    const details = e.details;
    if (details === null || typeof details !== 'object' || Array.isArray(details)) return localized;
    return {
      ...localized,
      details: Object.fromEntries(Object.keys(details).map((path) => [path, [`El campo «${path}» no es válido.`]])),
    };
  });
}

/** Every unified error carries `details` (the document's map of path to sentences). */
export function detailsAlways(_req: RequestView, res: RouteResult): RouteResult {
  return mapErrors(res, (e, shape) =>
    shape === 'errors' || e.details !== undefined
      ? e
      : { ...e, details: { request: [String(e.message ?? 'The request was refused.')] } },
  );
}

/** No unified error carries `details`. */
export function detailsNever(_req: RequestView, res: RouteResult): RouteResult {
  return mapErrors(res, (e, shape) => (shape === 'errors' ? e : without(e, 'details')));
}

/** A member path with where the member sits before it: `query.` for a query parameter, else `body.`. */
const located = (req: RequestView, path: string): string =>
  `${Object.hasOwn(req.query, path.split(/[.[]/)[0]!) ? 'query' : 'body'}.${path}`;

/** Each error field and details key names where the member sits first (`body.context.locale`, `query.limit`). */
export function fieldsWithLocation(req: RequestView, res: RouteResult): RouteResult {
  return mapErrors(res, (e) => {
    const field = typeof e.field === 'string' ? { field: located(req, e.field) } : {};
    const details = e.details;
    if (details === null || typeof details !== 'object' || Array.isArray(details)) return { ...e, ...field };
    const keyed = Object.fromEntries(Object.entries(details).map(([path, v]) => [located(req, path), v]));
    return { ...e, ...field, details: keyed };
  });
}
