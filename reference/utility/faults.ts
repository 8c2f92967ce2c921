/**
 * Faults of the utility family (4.1) and of ungated access, and the variants of what every answer
 * may choose (members, error codes and messages, methods, rate headers).
 */
import { accountForKey } from '../core/accounts.js';
import { createHash } from 'node:crypto';
import { bodyOf, faultsOf, is, variantsOf, withoutHeader } from '../core/declare-fault.js';
import { CORE_VARIANTS } from '../core/faults.js';
import { body, serverProbe, status, UNCHECKED } from '../core/probe.js';
import type { Switch } from '../core/switch.js';
import {
  cachingHeaders,
  extraMembers,
  gatewayHeaders,
  jsonTypeSpellings,
  rateHeaders,
  reverseOrder,
} from '../core/answer-choices.js';
import { fieldsWithLocation, localizeMessages, renameUnstatedCodes } from '../core/error-choices.js';

const { rewrite } = faultsOf('utility');
const { variantRewrite } = variantsOf('utility');

/** A valid key whose account holds no approval (e.g. the unapproved sandbox key). */
const hasNoApprovals = (key: string | undefined): boolean => accountForKey(key)?.approvals.length === 0;

/** An id derived from the method and path alone. */
const routeId = (req: { method: string; path: string }): string =>
  `req_${createHash('sha256').update(`${req.method} ${req.path}`).digest('hex').slice(0, 12)}`;

export const UTILITY_FAULTS = {
  pingOkString: rewrite(
    'ping-ok-string',
    'PING-SCHEMA',
    'Ping answers ok as the string "true".',
    serverProbe(({ call }) => body(call, 'GET', '/v1/ping')),
    (req, res) =>
      is(req, 'GET', '/v1/ping') && res.status === 200 ? { ...res, body: { ...bodyOf(res), ok: 'true' } } : res,
  ),
  ping404: rewrite(
    'ping-404',
    'PING-200',
    'Ping answers 404 not_found.',
    serverProbe(({ call }) => status(call, 'GET', '/v1/ping')),
    (req, res) =>
      is(req, 'GET', '/v1/ping') && res.status === 200
        ? { ...res, status: 404, body: { error: { code: 'not_found', message: 'Not found.' } } }
        : res,
  ),
  ungatedRefusesUnapproved: rewrite(
    'ungated-refuses-unapproved',
    'GATE-UNGATED-OPEN',
    'Ping refuses a valid key without approvals with 403.',
    serverProbe(({ call }) => status(call, 'GET', '/v1/ping', { role: 'unapproved' })),
    (req, res) =>
      is(req, 'GET', '/v1/ping') && res.status === 200 && hasNoApprovals(req.headers['x-api-key'])
        ? { ...res, status: 403, body: { error: { code: 'forbidden', message: 'Not approved.' } } }
        : res,
  ),
  // Breaks its rule on answers no check of its own reads: the oracle over the run finds it.
  requestIdPerRoute: rewrite(
    'request-id-per-route',
    'HEADERS-REQUEST-ID-DISTINCT',
    'X-Request-Id is a hash of the method and path (the query left out): every answer to one route carries the same.',
    serverProbe(async ({ call }) => {
      const ids = await Promise.all(
        ['/v1/ping', '/v1/ping'].map((p) => call('GET', p, UNCHECKED).then((r) => r.headers['x-request-id'])),
      );
      return ids[0] === ids[1];
    }),
    (req, res) => ({
      ...res,
      headers: { ...withoutHeader(res.headers, 'X-Request-Id'), 'X-Request-Id': routeId(req) },
    }),
  ),
  // Variants: valid choices where the contract is open.
  extraMembersEverywhere: variantRewrite(
    'extra-members-everywhere',
    '1',
    'Every JSON object of every answer carries a member the contract does not name (objects are additive).',
    serverProbe(({ call }) => body(call, 'GET', '/v1/ping').then((b) => Object.keys(b))),
    extraMembers,
  ),
  otherMethod405: CORE_VARIANTS.otherMethod405,
  clockBehind: CORE_VARIANTS.clockBehind,
  errorCodesUnnamed: variantRewrite(
    'error-codes-unnamed',
    '7',
    'Every error code the contract does not state is another name (resource_not_found, too_many_requests, ' +
      'validation_failed, ...); the stated ones stay.',
    serverProbe(({ call }) => body(call, 'GET', '/v1/nope').then((b) => b.error.code)),
    renameUnstatedCodes,
  ),
  errorMessagesLocalized: variantRewrite(
    'error-messages-localized',
    '7',
    'Every error message, details included, is a Spanish sentence with non-ASCII letters.',
    serverProbe(({ call }) => body(call, 'GET', '/v1/nope').then((b) => b.error.message)),
    localizeMessages,
  ),
  rateLimitHeaders: variantRewrite(
    'rate-limit-headers',
    '8',
    'Answers to a known key carry RateLimit-Policy and X-RateLimit-Limit headers stating its tier.',
    serverProbe(({ call }) => call('GET', '/v1/ping', UNCHECKED).then((r) => r.headers['ratelimit-policy'] ?? null)),
    rateHeaders,
  ),
  fieldsWithLocation: variantRewrite(
    'error-fields-with-location',
    '7',
    'Every error field and details key names where the member sits first: body.context.locale, query.limit.',
    serverProbe(({ call }) =>
      body(call, 'GET', '/v1/reference/issuers?state=KY&plan_year=1999').then((b) => Object.keys(b.error.details)),
    ),
    fieldsWithLocation,
  ),
  gatewayHeaders: variantRewrite(
    'gateway-headers',
    '4',
    'Answers pass a CDN and an API gateway that add Via, a trace id, the CDN id and cache status, Server-Timing and ' +
      'HSTS; answers the gateway makes itself (an unknown key, its limits, its errors) carry its own request id, no ' +
      'X-Request-Id.',
    serverProbe(({ call }) => call('GET', '/v1/ping', UNCHECKED).then((r) => r.headers.via ?? null)),
    gatewayHeaders,
  ),
  jsonTypeSpellings: variantRewrite(
    'json-content-type-spellings',
    '4',
    'JSON answers spell their content type four ways: application/json, application/json;charset=UTF-8, ' +
      'application/json; charset="utf-8", APPLICATION/JSON; CHARSET=UTF-8 (a replay keeps its spelling).',
    serverProbe(async ({ call }) => {
      const types = await Promise.all(
        ['/v1/ping', '/v1/nope', '/v1/reference/issuers?state=KY', '/v1/reference/counties?zip_code=40202'].map((p) =>
          call('GET', p, UNCHECKED).then((r) => r.headers['content-type']),
        ),
      );
      return new Set(types).size;
    }),
    jsonTypeSpellings,
  ),
  reverseOrder: variantRewrite(
    'answers-in-another-order',
    '1',
    "Every JSON object's members come in reverse order, and the lists no section orders (counties, errors[], " +
      'next_actions[], policy statuses) in reverse too.',
    serverProbe(({ call }) => body(call, 'GET', '/v1/ping').then((b) => Object.keys(b))),
    reverseOrder,
  ),
  cachingHeaders: variantRewrite(
    'caching-headers',
    '4',
    'Reference data is cacheable for a day and policy status for a minute; application reads and lists are ' +
      'revalidated on every use (no-cache) against a strong ETag of their body; every other answer is no-store.',
    serverProbe(({ call }) => call('GET', '/v1/ping', UNCHECKED).then((r) => r.headers['cache-control'] ?? null)),
    cachingHeaders,
  ),
} satisfies Record<string, Switch>;
