/**
 * Builders for the fault tables: a fault either switches a behaviour flag that a handler or the
 * core checks, or rewrites matching responses on the way out.
 */
import type { Family } from '../../harness/model.js';
import type { Fault, FaultSurface, RouteResult } from '../types.js';

export type RequestView = Parameters<Parameters<FaultSurface['onResponse']>[0]>[0];

/** A fault that switches the behaviour flag of the same name. */
export function flagFault(name: string, rule: string, family: Family, summary: string): Fault {
  return { name, rules: [rule], family, summary, apply: (s) => s.enable(name) };
}

/** A fault that rewrites the responses `fn` chooses to change (returning `res` leaves one as is). */
export function rewriteFault(name: string, rule: string, family: Family, summary: string, fn: (req: RequestView, res: RouteResult) => RouteResult): Fault {
  return { name, rules: [rule], family, summary, apply: (s) => s.onResponse(fn) };
}

/** The request targets this method and path. */
export const is = (req: RequestView, method: string, path: string | RegExp): boolean =>
  req.method === method && (typeof path === 'string' ? req.path === path : path.test(req.path));

/** The body as an object, for rewrites (undefined when it is not one). */
export function bodyOf(res: RouteResult): Record<string, unknown> | undefined {
  return res.body !== null && typeof res.body === 'object' && !Array.isArray(res.body) ? (res.body as Record<string, unknown>) : undefined;
}

/** A copy of the headers without `name` (any case). */
export function withoutHeader(headers: Record<string, string> | undefined, name: string): Record<string, string> {
  return Object.fromEntries(Object.entries(headers ?? {}).filter(([k]) => k.toLowerCase() !== name.toLowerCase()));
}

export function headerOf(headers: Record<string, string> | undefined, name: string): string | undefined {
  return Object.entries(headers ?? {}).find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];
}
