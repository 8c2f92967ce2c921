/**
 * The rules every operation owes, one column each: the rule a fault breaks on one route, what
 * it does there, and the probe that shows it. A column names its rule for a route, or why the
 * route cannot break it (no gate, no JSON body, no stated success status); whether the rule
 * holds for the route's family at all is the catalogue's to say (generate.ts).
 */
import { accountForRole } from '../../core/accounts.js';
import { withoutHeader, type RequestView } from '../../core/declare-fault.js';
import { GATE_IGNORED } from '../../core/faults.js';
import { interfaceTakes } from '../../core/pipeline.js';
import type { Probe } from '../../core/probe.js';
import { unifiedError } from '../../core/respond.js';
import type { RouteBreak } from '../../core/route-breaks.js';
import type { Rewrite } from '../../core/switch.js';
import type { Route, RouteResult } from '../../types.js';
import { answerWith, limited, oversized, refusalShape, statusWith, successes } from './probes.js';
import { routeId, routeIdOf, takesJson } from './routes.js';

/** Why a route cannot break a column's rule. */
interface NotApplicable {
  reason: string;
}

export interface Column {
  /** Kebab-case: the head of its faults' names, and its key in the matrix. */
  id: string;
  /** Its heading in the matrix. */
  heading: string;
  /** The rule a fault of this column breaks on `route`, or why the route cannot break it. */
  rule(route: Route): string | NotApplicable;
  /** What the fault does, after the route's id. */
  does: string;
  probe(route: Route): Probe;
  /** A break the core asks for with the route in hand, or a rewrite of the route's answers on their way out. */
  how: RouteBreak | ((route: Route) => Rewrite);
}

const na = (reason: string): NotApplicable => ({ reason });

/** Routes whose handler refuses nothing: every refusal there is the edge's, which is unified on every route. */
const EDGE_ONLY_REFUSALS: ReadonlySet<string> = new Set(['GET /v1/ping']);

/** An answer of `route` only, with a 2xx status, changed by `change`. */
const successOf =
  (route: Route, change: (res: RouteResult) => RouteResult): Rewrite =>
  (req: RequestView, res) =>
    res.status >= 200 && res.status < 300 && routeIdOf(req.method, req.path) === routeId(route) ? change(res) : res;

/** A status no statement of the route's success allows: another 2xx a server could plausibly send. */
export function unstatedSuccess(route: Route): number {
  const allowed = route.success?.status ?? [];
  return [201, 200, 202, 203].find((s) => !allowed.includes(s))!;
}

/** The rule of a body's edge: only a route that takes a JSON body can break it. */
const ofJsonBody =
  (rule: string) =>
  (route: Route): string | NotApplicable =>
    takesJson(route) ? rule : na('takes no JSON body');

export const COLUMNS: readonly Column[] = [
  {
    id: 'keyless-served',
    heading: 'no key',
    rule: () => 'AUTH-MISSING-KEY-403',
    does: 'serves a request without a key as the approved account',
    probe: statusWith({ role: null }),
    how: 'keyless',
  },
  {
    id: 'invalid-key-served',
    heading: 'invalid key',
    rule: () => 'AUTH-INVALID-KEY-403',
    does: 'serves a request with an unknown key as the approved account',
    probe: statusWith({ key: 'sandbox_not_issued' }),
    how: 'invalidKey',
  },
  {
    id: 'gate-skipped',
    heading: 'gate',
    rule: (route) => (route.gate ? GATE_IGNORED[route.gate].rule : na('not approval-gated')),
    does: 'serves a valid key whose account is not approved for its gate',
    probe: statusWith({ role: 'unapproved' }),
    how: 'gate',
  },
  {
    id: 'open-route-gated',
    heading: 'open',
    rule: (route) =>
      route.gate
        ? na(`approval-gated (${GATE_IGNORED[route.gate].rule})`)
        : interfaceTakes(route, accountForRole('unapproved')!)
          ? 'GATE-UNGATED-OPEN'
          : na('its interface takes only keys with Medicare access'),
    does: 'refuses a valid key whose account has no approval with 403 forbidden, as if it were gated',
    probe: statusWith({ role: 'unapproved' }),
    how: 'ungated',
  },
  {
    id: 'envelope-swapped',
    heading: 'envelope',
    rule: (route) =>
      EDGE_ONLY_REFUSALS.has(routeId(route))
        ? na('refuses only at the edge (key, rate limit): no service failure of its own')
        : route.errorShape === 'errors'
          ? 'ENVELOPE-ERRORS-SHAPE'
          : 'ENVELOPE-UNIFIED-SHAPE',
    does: "answers its service failures in the other family's error shape",
    probe: refusalShape,
    how: 'envelope',
  },
  {
    id: 'success-status-changed',
    heading: 'success status',
    rule: (route) => route.success?.rule ?? na('the contract states no success status (any 2xx)'),
    does: 'answers its successes with a 2xx status the contract does not state for it',
    probe: successes,
    how: (route) => successOf(route, (res) => ({ ...res, status: unstatedSuccess(route) })),
  },
  {
    id: 'success-not-json',
    heading: 'success JSON',
    rule: () => 'SCHEMA-SUCCESS-JSON',
    does: 'labels its successes text/plain (the body still JSON text)',
    probe: successes,
    how: (route) =>
      successOf(route, (res) => ({
        ...res,
        headers: { ...withoutHeader(res.headers, 'Content-Type'), 'Content-Type': 'text/plain; charset=utf-8' },
      })),
  },
  {
    id: 'limited-as-503',
    heading: '429',
    rule: () => 'RATE-429-TIER',
    does: 'answers a request over the rate limit 503 service_unavailable (Retry-After kept) instead of 429',
    probe: limited,
    how: (route) => (req, res) =>
      res.status === 429 && routeIdOf(req.method, req.path) === routeId(route)
        ? { ...unifiedError(503, 'service_unavailable', 'Too many requests; retry later.'), headers: res.headers }
        : res,
  },
  {
    id: 'oversize-served',
    heading: '413',
    rule: ofJsonBody('EDGE-413'),
    does: 'handles a body over the size limit (as an empty one) instead of refusing it with 413',
    probe: oversized,
    how: 'bodySize',
  },
  {
    id: 'media-type-served',
    heading: '415',
    rule: ofJsonBody('EDGE-415'),
    does: 'reads a body of any media type as JSON instead of refusing it',
    probe: answerWith({ contentType: 'text/plain' }),
    how: 'mediaType',
  },
  {
    id: 'malformed-json-422',
    heading: 'malformed JSON',
    rule: ofJsonBody('EDGE-MALFORMED-JSON-400'),
    does: 'answers a malformed JSON body 422 instead of 400',
    probe: statusWith({ raw: '{"a":' }),
    how: 'malformedJson',
  },
];
