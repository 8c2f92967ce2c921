/**
 * Reading direct-enrollment responses by the provider's document's names (ApplicationResponse,
 * ApplicationListResponse, NextAction, PaymentRedirectResponse). Another name is read only as a
 * fallback, and only where the prose is silent on the name (it names no id member, no list or
 * pagination member, and no member for an action's relation).
 */
import { isObject } from '../../harness/is-object.js';

export type Json = Record<string, any>;

/** The first of `names` a body has (in order), or undefined. */
function firstOf(body: unknown, names: readonly string[]): unknown {
  if (!isObject(body)) return undefined;
  const name = names.find((n) => body[n] !== undefined && body[n] !== null);
  return name === undefined ? undefined : body[name];
}

/** The application id: `application_id` (the document), else `enrollment_id` or `id`. */
export function applicationIdOf(body: unknown): string | undefined {
  const id = firstOf(body, ['application_id', 'enrollment_id', 'id']);
  return typeof id === 'string' && id !== '' ? id : undefined;
}

/** `policy_status` (the same name in both sources). */
export const policyStatusOf = (body: unknown): string | undefined => {
  const status = isObject(body) ? body.policy_status : undefined;
  return typeof status === 'string' ? status : undefined;
};

/** `payment_instructions.payment_redirect_supported`, or undefined when the body does not say. */
export const paymentRedirectSupported = (body: unknown): boolean | undefined => {
  const flag =
    isObject(body) && isObject(body.payment_instructions)
      ? body.payment_instructions.payment_redirect_supported
      : undefined;
  return typeof flag === 'boolean' ? flag : undefined;
};

function valueAt(body: unknown, path: readonly string[]): unknown {
  return path.reduce<unknown>((at, key) => (isObject(at) ? at[key] : undefined), body);
}

/**
 * A member of the application's data (dotted path, e.g. `applicants.primary.phone`): nested
 * under `application` (the document's echo of the stored data), else at the top level.
 */
export function applicationMember(body: unknown, path: string): unknown {
  const segments = path.split('.');
  return valueAt(isObject(body) ? body.application : undefined, segments) ?? valueAt(body, segments);
}

/**
 * How many outstanding errors the application shows: the length of its `errors[]` (2.8 names
 * the list; the document puts it at the top level), else of `application.errors`.
 */
export function outstandingErrors(body: unknown): number {
  if (!isObject(body)) return 0;
  const errors = Array.isArray(body.errors)
    ? body.errors
    : isObject(body.application)
      ? body.application.errors
      : undefined;
  return Array.isArray(errors) ? errors.length : 0;
}

/** Some member of `body`, at any depth, is the string `value` (where a read shows a value sent is not stated). */
export function valueShown(body: unknown, value: string): boolean {
  if (body === value) return true;
  if (Array.isArray(body)) return body.some((v) => valueShown(v, value));
  return isObject(body) && Object.values(body).some((v) => valueShown(v, value));
}

/** The rows of a list: `applications` (the document), else `enrollments`, else the body's one array. */
export function applicationRowsOf(body: unknown): Json[] | undefined {
  if (Array.isArray(body)) return body as Json[];
  const named = firstOf(body, ['applications', 'enrollments']);
  if (Array.isArray(named)) return named as Json[];
  const arrays = isObject(body) ? Object.values(body).filter(Array.isArray) : [];
  return arrays.length === 1 ? (arrays[0] as Json[]) : undefined;
}

export interface Pagination {
  limit?: unknown;
  offset?: unknown;
  total?: unknown;
}

/** List pagination: `pagination` (the document), else `meta`. */
export function paginationOf(body: unknown): Pagination | undefined {
  const page = firstOf(body, ['pagination', 'meta']);
  return isObject(page) ? page : undefined;
}

export interface NextAction {
  rel?: unknown;
  href?: unknown;
  method?: unknown;
}

/** next_actions[] as `{rel, href, method}`; the relation from `rel` (the document), else `action`. */
export function nextActionsOf(body: unknown): NextAction[] {
  const actions = isObject(body) && Array.isArray(body.next_actions) ? body.next_actions : [];
  return actions.map((a: unknown) => (isObject(a) ? { rel: a.rel ?? a.action, href: a.href, method: a.method } : {}));
}

/** The paths of next_actions hrefs (query and fragment removed; '' for an href that is not a string). */
export const nextActionPaths = (body: unknown): string[] =>
  nextActionsOf(body).map((a) => (typeof a.href === 'string' ? a.href.split(/[?#]/)[0]! : ''));

/**
 * Payment redirect `fields` as ordered (key, value) pairs: an array of `{name, value}` (the
 * document) or a map of keys to values (the prose; disagreement PAYMENT-FIELDS-FORM).
 * Undefined when `fields` is neither.
 */
export function paymentFieldPairs(fields: unknown): Array<[key: unknown, value: unknown]> | undefined {
  if (Array.isArray(fields)) return fields.every(isObject) ? fields.map((f: Json) => [f.name, f.value]) : undefined;
  return isObject(fields) ? Object.entries(fields) : undefined;
}

/** The disagreement on the form of `fields`: a map in the prose, `{name, value}` objects in the document. */
export const FIELDS_FORM = 'PAYMENT-FIELDS-FORM';

const isScalar = (v: unknown): boolean => v === null || ['string', 'number', 'boolean'].includes(typeof v);

/**
 * Payment fields no hidden input can carry (`wrong`: a key that is not a non-empty string, a
 * value that is not a string in the document's array form or not a JSON scalar in the map
 * form), and map values that are scalars other than strings (`scalars`: the prose gives the
 * map's values no type, the document makes them strings).
 */
export function fieldValueProblems(fields: unknown): {
  wrong: Array<[unknown, unknown]>;
  scalars: Array<[unknown, unknown]>;
} {
  const pairs = paymentFieldPairs(fields) ?? [];
  const badKey = ([key]: [unknown, unknown]) => typeof key !== 'string' || key === '';
  if (Array.isArray(fields)) return { wrong: pairs.filter((p) => badKey(p) || typeof p[1] !== 'string'), scalars: [] };
  return {
    wrong: pairs.filter((p) => badKey(p) || !isScalar(p[1])),
    scalars: pairs.filter((p) => !badKey(p) && isScalar(p[1]) && typeof p[1] !== 'string'),
  };
}
