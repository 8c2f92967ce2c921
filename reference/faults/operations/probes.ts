/**
 * The probes of the faults per operation: one request to the route (its path with an id nobody
 * issued and, where it takes a JSON body, one it refuses past the edge), sent the way the
 * column's rule speaks of, or the family's stop of the tour (probe/tour.ts) where only a
 * success shows the fault. Each returns what a client sees of the route's answer.
 */
import { allAccounts } from '../../core/accounts.js';
import { MAX_BODY_BYTES, TIER_LIMITS } from '../../core/limits.js';
import { interfaceTakes } from '../../core/pipeline.js';
import { clockedProbe, serverProbe, UNCHECKED, type Probe } from '../../core/probe.js';
import type { Call, CallOptions } from '../../probe/client.js';
import type { Account, Route } from '../../types.js';
import { pathOf, routeId, routeIdOf, takesJson } from './routes.js';

/** A body every JSON-taking route refuses past the edge: a list where each takes an object (or nothing). */
const REFUSED_BODY = '[]';
/** The account whose bucket drains fastest among those the route's interface takes: it probes the route's 429. */
const drainerOf = (route: Route): Account =>
  allAccounts()
    .filter((a) => interfaceTakes(route, a))
    .reduce((a, b) => (TIER_LIMITS[b.tier].burst < TIER_LIMITS[a.tier].burst ? b : a));

/** One request to the route with `opts`: its status and body as a client sees them. */
async function send(call: Call, route: Route, opts: CallOptions): Promise<[number, unknown]> {
  const body = takesJson(route) ? { raw: REFUSED_BODY } : {};
  const res = await call(route.method, pathOf(route), { ...UNCHECKED, ...body, ...opts });
  return [res.status, res.body];
}

/** The status of the route's request sent with `opts` (a key role, another key, another body). */
export const statusWith =
  (opts: CallOptions) =>
  (route: Route): Probe =>
    serverProbe(async ({ call }) => (await send(call, route, opts))[0]);

/** The status and body of the route's request sent with `opts`. */
export const answerWith =
  (opts: CallOptions) =>
  (route: Route): Probe =>
    serverProbe(({ call }) => send(call, route, opts));

/** Which error shape the route's refusal comes in: the members of its body. */
export const refusalShape = (route: Route): Probe =>
  serverProbe(async ({ call }) => {
    const [status, body] = await send(call, route, {});
    return [status, Object.keys(body ?? {})];
  });

/** A body one byte over the server's limit. */
export const oversized = (route: Route): Probe =>
  serverProbe(async ({ call }) => (await send(call, route, { raw: Buffer.alloc(MAX_BODY_BYTES + 1, 0x20) }))[0]);

/** The route's answer once the bucket of the key that drains fastest is empty (on a clock that stands still). */
export const limited = (route: Route): Probe =>
  clockedProbe(async ({ call }) => {
    const { role, tier } = drainerOf(route);
    for (let i = 0; i < TIER_LIMITS[tier].burst; i++) await call('GET', '/v1/ping', { ...UNCHECKED, role });
    return (await send(call, route, { role }))[0];
  });

const successProbes = new Map<string, Probe>();

/** Status and content type of every success of the route in its family's stop of the tour (one probe a route). */
export function successes(route: Route): Probe {
  const id = routeId(route);
  const probe = successProbes.get(id) ?? touredSuccesses(route);
  successProbes.set(id, probe);
  return probe;
}

const touredSuccesses = (route: Route): Probe =>
  serverProbe(async ({ call }) => {
    // Loaded when probed: declaring a probe loads no test support.
    const { TOUR } = await import('../../probe/tour.js');
    const seen: Array<[number, string | undefined]> = [];
    await TOUR[route.family](async (method, path, opts) => {
      const res = await call(method, path, { ...opts, ...UNCHECKED });
      const ok = res.status >= 200 && res.status < 300;
      if (ok && routeIdOf(method, path.split('?')[0]!) === routeId(route))
        seen.push([res.status, res.headers['content-type']]);
      return res;
    });
    return seen;
  });
