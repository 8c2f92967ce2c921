/**
 * The one way to declare a fault or a variant (core/switch.ts), and helpers for rewrites. Either
 * switches a behaviour the core or a handler asks for with `on(switch)`, or rewrites matching
 * answers on the way out; either way it carries the probe that shows it.
 */
import type { Family } from '../../harness/model.js';
import type { RouteResult } from '../types.js';
import type { Probe } from './probe.js';
import type { Fault, MatrixCell, RequestView, Rewrite, Variant, VariantDocument } from './switch.js';
import { VARIANT_DOCUMENTS } from './switch.js';

export type { RequestView } from './switch.js';

export interface FaultBuilders {
  /** A fault the core or a handler asks for with `on(fault)`. */
  flag(name: string, rule: string, summary: string, probe: Probe): Fault;
  /** A fault that rewrites the answers `fn` chooses to change. */
  rewrite(name: string, rule: string, summary: string, probe: Probe, fn: Rewrite): Fault;
}

/** Fault builders for one family; `cell`: the faults break one route's cell of the operations matrix. */
export function faultsOf(family: Family, cell?: MatrixCell): FaultBuilders {
  const at = cell ? { cell } : {};
  return {
    flag: (name, rule, summary, probe) => ({ kind: 'fault', name, rule, family, summary, probe, ...at }),
    rewrite: (name, rule, summary, probe, fn) => ({
      kind: 'fault',
      name,
      rule,
      family,
      summary,
      probe,
      rewrite: fn,
      ...at,
    }),
  };
}

export interface VariantBuilders {
  /** A valid choice the core or a handler asks for with `on(variant)`; `documents` default both. */
  variant(
    name: string,
    permits: string,
    summary: string,
    probe: Probe,
    documents?: readonly VariantDocument[],
  ): Variant;
  /** A valid choice that rewrites the answers `fn` chooses to change. */
  variantRewrite(
    name: string,
    permits: string,
    summary: string,
    probe: Probe,
    fn: Rewrite,
    documents?: readonly VariantDocument[],
  ): Variant;
}

/** Variant builders for one family: the same declaration as a fault, naming the section that permits it. */
export function variantsOf(family: Family): VariantBuilders {
  const variant: VariantBuilders['variant'] = (name, permits, summary, probe, documents = VARIANT_DOCUMENTS) => ({
    kind: 'variant',
    name,
    permits,
    family,
    summary,
    probe,
    documents,
  });
  return {
    variant,
    variantRewrite: (name, permits, summary, probe, fn, documents) => ({
      ...variant(name, permits, summary, probe, documents),
      rewrite: fn,
    }),
  };
}

/** The request targets this method and path. */
export const is = (req: RequestView, method: string, path: string | RegExp): boolean =>
  req.method === method && (typeof path === 'string' ? req.path === path : path.test(req.path));

/** A 200 to `GET path` sent with another 2xx status (the body is kept). */
export const successAs =
  (path: string | RegExp, status: number): Rewrite =>
  (req, res) =>
    is(req, 'GET', path) && res.status === 200 ? { ...res, status } : res;

/** `fn` applied to the answers of paths under `prefix` only. */
export const under =
  (prefix: string, fn: (res: RouteResult) => RouteResult): Rewrite =>
  (req, res) =>
    req.path.startsWith(prefix) ? fn(res) : res;

/** The body as an object, for rewrites (undefined when it is not one). */
export function bodyOf(res: RouteResult): Record<string, unknown> | undefined {
  return res.body !== null && typeof res.body === 'object' && !Array.isArray(res.body)
    ? (res.body as Record<string, unknown>)
    : undefined;
}

/** A copy of the headers without `name` (any case). */
export function withoutHeader(headers: Record<string, string> | undefined, name: string): Record<string, string> {
  return Object.fromEntries(Object.entries(headers ?? {}).filter(([k]) => k.toLowerCase() !== name.toLowerCase()));
}

export function headerOf(headers: Record<string, string> | undefined, name: string): string | undefined {
  return Object.entries(headers ?? {}).find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];
}
