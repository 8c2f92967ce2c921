/**
 * Rewrites for variants that choose what the contract leaves open in every answer: members
 * beyond the named ones (objects are additive, section 1), the form of X-Request-Id, and rate
 * headers besides Retry-After.
 */
import { createHash } from 'node:crypto';
import { accountForKey } from './accounts.js';
import { headerOf, withoutHeader } from './declare-fault.js';
import { TIER_LIMITS } from './limits.js';
import type { RequestView } from './switch.js';
import type { RouteResult } from '../types.js';

/** The member every object gains. */
const EXTRA = { x_partner_note: 'additive member: clients ignore what they do not recognize (section 1)' };
/** Maps whose members are data (the document's path → sentences): an extra member would be a bogus entry. */
const MAPS = new Set(['details', 'fields']);

function withExtra(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withExtra);
  if (value === null || typeof value !== 'object') return value;
  return {
    ...Object.fromEntries(Object.entries(value).map(([k, v]) => [k, MAPS.has(k) ? v : withExtra(v)])),
    ...EXTRA,
  };
}

/** Every JSON object of every answer carries one member more. */
export function extraMembers(_req: RequestView, res: RouteResult): RouteResult {
  return res.body === undefined || Buffer.isBuffer(res.body) || typeof res.body !== 'object'
    ? res
    : { ...res, body: withExtra(res.body) };
}

/** A UUID derived from the server's own request id, so a replay keeps its original one. */
function uuidOf(id: string): string {
  const h = createHash('sha256').update(id).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** X-Request-Id is a UUID. */
export function uuidRequestIds(_req: RequestView, res: RouteResult): RouteResult {
  const id = headerOf(res.headers, 'X-Request-Id');
  return id === undefined
    ? res
    : { ...res, headers: { ...withoutHeader(res.headers, 'X-Request-Id'), 'X-Request-Id': uuidOf(id) } };
}

/** Answers to a known key state its tier (IETF RateLimit-Policy, and the older X-RateLimit-Limit). */
export function rateHeaders(req: RequestView, res: RouteResult): RouteResult {
  const account = accountForKey(req.headers['x-api-key']);
  if (!account) return res;
  const { rate, burst } = TIER_LIMITS[account.tier];
  return {
    ...res,
    headers: { ...res.headers, 'RateLimit-Policy': `"tier";q=${burst};w=1`, 'X-RateLimit-Limit': String(rate) },
  };
}
