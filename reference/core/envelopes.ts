/**
 * Rewrites over the two error envelopes of section 7, for variants that choose what the
 * contract leaves open in them (codes it does not name, messages, `details`, `field`): each
 * entry of either envelope mapped, every other answer left as it is.
 */
import type { RouteResult } from '../types.js';
import { bodyOf } from './declare-fault.js';

/** One error of either envelope: the unified `error` object or an entry of `errors[]`. */
export type ErrorEntry = Record<string, unknown>;

/** `res` with `fn` applied to its unified `error` and to each entry of its `errors[]`. */
export function mapErrors(
  res: RouteResult,
  fn: (entry: ErrorEntry, shape: 'unified' | 'errors') => ErrorEntry,
): RouteResult {
  const body = bodyOf(res);
  if (res.status < 400 || !body) return res;
  const error = body.error;
  if (error !== null && typeof error === 'object' && !Array.isArray(error))
    return { ...res, body: { ...body, error: fn(error as ErrorEntry, 'unified') } };
  if (Array.isArray(body.errors))
    return {
      ...res,
      body: {
        ...body,
        errors: body.errors.map((e) => (e !== null && typeof e === 'object' ? fn(e as ErrorEntry, 'errors') : e)),
      },
    };
  return res;
}

/** An entry without one member. */
export function without(entry: ErrorEntry, member: string): ErrorEntry {
  const { [member]: _dropped, ...rest } = entry;
  return rest;
}
