/**
 * Rewrites for variants that choose what the contract leaves open in every answer: members
 * beyond the named ones (objects are additive, section 1), the form of X-Request-Id, rate
 * headers besides Retry-After, a gateway's headers, the spelling of the JSON content type, and
 * the order of members and of lists no section orders.
 */
import { createHash, randomBytes } from 'node:crypto';
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

/** Statuses the gateway answers itself: its request id is its own, not the service's. */
const GATEWAY_MADE = new Set([413, 415, 429, 502, 504]);

/** A trace id of the gateway's form (`Root=1-<time>-<24 hex>`), fresh for every answer. */
const traceId = (): string => `Root=1-${Math.floor(Date.now() / 1000).toString(16)}-${randomBytes(12).toString('hex')}`;

/**
 * Every answer passes a CDN and an API gateway that add headers of their own (Via, a trace id,
 * the CDN's id and cache status, Server-Timing, HSTS); answers the gateway makes itself (a key
 * it does not know, its limits, its errors) carry its own request id and no X-Request-Id.
 */
export function gatewayHeaders(req: RequestView, res: RouteResult): RouteResult {
  const gatewayMade = GATEWAY_MADE.has(res.status) || (res.status === 403 && !accountForKey(req.headers['x-api-key']));
  const added = {
    Via: '1.1 3f2a9c.cloudfront.net (CloudFront)',
    'X-Amzn-Trace-Id': traceId(),
    'X-Amz-Cf-Id': randomBytes(18).toString('base64url'),
    'X-Cache': 'Miss from cloudfront',
    'Server-Timing': 'cdn-upstream-fbl;dur=12, origin;dur=8',
    'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  };
  if (!gatewayMade) return { ...res, headers: { ...res.headers, ...added } };
  const own = { ...withoutHeader(res.headers, 'X-Request-Id'), 'x-amzn-RequestId': randomBytes(16).toString('hex') };
  return { ...res, headers: { ...own, ...added } };
}

/** Spellings of a JSON content type, all the same media type and charset. */
const JSON_SPELLINGS = [
  'application/json',
  'application/json;charset=UTF-8',
  'application/json; charset="utf-8"',
  'APPLICATION/JSON; CHARSET=UTF-8',
];

/** Every JSON answer spells its content type one of JSON_SPELLINGS ways, chosen by its body (a replay keeps it). */
export function jsonTypeSpellings(_req: RequestView, res: RouteResult): RouteResult {
  const type = headerOf(res.headers, 'Content-Type');
  if (!type?.toLowerCase().startsWith('application/json') || res.body === undefined) return res;
  const digest = createHash('sha256').update(JSON.stringify(res.body)).digest();
  const spelling = JSON_SPELLINGS[digest[0]! % JSON_SPELLINGS.length]!;
  return { ...res, headers: { ...withoutHeader(res.headers, 'Content-Type'), 'Content-Type': spelling } };
}

/** Members whose order means something: a payment form's fields go to the carrier as given. */
const ORDERED_MEMBERS = new Set(['fields']);
/** Lists whose order no section states. */
const UNORDERED_LISTS = new Set(['counties', 'errors', 'next_actions', 'policy_statuses']);

function reordered(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) {
    const items = value.map((v) => reordered(v));
    return UNORDERED_LISTS.has(key) ? items.reverse() : items;
  }
  if (value === null || typeof value !== 'object' || ORDERED_MEMBERS.has(key)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([k, v]) => [k, reordered(v, k)]),
  );
}

/** Every JSON object's members in reverse order, and lists no section orders (counties, errors, ...) reversed. */
export function reverseOrder(_req: RequestView, res: RouteResult): RouteResult {
  return res.body === undefined || Buffer.isBuffer(res.body) || typeof res.body !== 'object'
    ? res
    : { ...res, body: reordered(res.body) };
}

/** `res` with `headers` set over its own (names of any spelling replaced). */
function withHeaders(res: RouteResult, headers: Record<string, string>): RouteResult {
  const kept = Object.keys(headers).reduce((h, name) => withoutHeader(h, name), res.headers ?? {});
  return { ...res, headers: { ...kept, ...headers } };
}

const etagOf = (body: unknown): string =>
  `"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 22)}"`;

/**
 * Caching headers a service may choose (the contract states none): reference data cached for a
 * day, policy status for a minute; application reads and lists revalidated on every use
 * (no-cache) against a strong ETag of their body; every other answer never stored.
 */
export function cachingHeaders(req: RequestView, res: RouteResult): RouteResult {
  if (req.method !== 'GET' || res.status !== 200) return withHeaders(res, { 'Cache-Control': 'no-store' });
  if (req.path.startsWith('/v1/reference/'))
    return withHeaders(res, { 'Cache-Control': 'public, max-age=86400', ETag: `W/${etagOf(res.body)}` });
  if (req.path.startsWith('/v1/policy-status/')) return withHeaders(res, { 'Cache-Control': 'private, max-age=60' });
  if (req.path.startsWith('/v1/enrollments'))
    return withHeaders(res, { 'Cache-Control': 'private, no-cache', ETag: etagOf(res.body) });
  return withHeaders(res, { 'Cache-Control': 'no-store' });
}
