/**
 * Answers of direct-enrollment variants rewritten on the way out: the id named `id`, a
 * Retry-After date on 202s, lean 202 bodies, and 404 messages naming the id asked for.
 */
import { bodyOf, is } from '../core/declare-fault.js';
import { mapErrors } from '../core/envelopes.js';
import type { RequestView } from '../core/switch.js';
import type { RouteResult } from '../types.js';

type Body = Record<string, unknown>;

/** Where the document requires `application_id` (payment redirect, status changes): kept there. */
const KEEPS_APPLICATION_ID = /\/(payment_redirect|cancellations|terminations)$/;
const ACTION = /^\/v1\/enrollments\/[^/]+\/(submissions|cancellations|terminations)$/;

function renamed(b: Body): Body {
  if (!('application_id' in b)) return b;
  const { application_id, ...rest } = b;
  return { id: application_id, ...rest };
}

/** `application_id` named `id`, in the answer and in every list row. */
export function idNamedId(req: RequestView, res: RouteResult): RouteResult {
  const b = bodyOf(res);
  if (!req.path.startsWith('/v1/enrollments') || KEEPS_APPLICATION_ID.test(req.path) || res.status >= 400 || !b)
    return res;
  const rows = Array.isArray(b.applications) ? { applications: (b.applications as Body[]).map(renamed) } : {};
  return { ...res, body: { ...renamed(b), ...rows } };
}

/** A 202 of an action says when to read the outcome, as an HTTP-date one second ahead. */
export function retryAfterOn202(req: RequestView, res: RouteResult): RouteResult {
  if (!is(req, 'POST', ACTION) || res.status !== 202) return res;
  return { ...res, headers: { ...res.headers, 'Retry-After': new Date(Date.now() + 1_000).toUTCString() } };
}

const LEAN = ['application_id', 'policy_status', 'updated_at'];

/** The 202 bodies of actions with the members the document requires (a submission: id and status). */
export function minimalActionBodies(req: RequestView, res: RouteResult): RouteResult {
  const b = bodyOf(res);
  if (!is(req, 'POST', ACTION) || res.status !== 202 || !b) return res;
  return { ...res, body: Object.fromEntries(Object.entries(b).filter(([k]) => LEAN.includes(k))) };
}

const ITEM = /^\/v1\/enrollments\/([^/]+)/;

/** A 404 on an application's route names the id the request sent in each errors[] message. */
export function namesRequestedId(req: RequestView, res: RouteResult): RouteResult {
  const id = ITEM.exec(req.path)?.[1];
  if (id === undefined || res.status !== 404) return res;
  return mapErrors(res, (e, shape) => (shape === 'errors' ? { ...e, message: `No application ${id}.` } : e));
}
