/**
 * Faults of the utility family (4.1) and of ungated access, and the variants of what every answer
 * may choose (members, error codes and messages, methods, rate headers).
 */
import { accountForKey } from '../core/accounts.js';
import { bodyOf, faultsOf, is, variantsOf } from '../core/declare-fault.js';
import { CORE_VARIANTS } from '../core/faults.js';
import { body, serverProbe, status, UNCHECKED } from '../core/probe.js';
import type { Switch } from '../core/switch.js';
import { extraMembers, rateHeaders } from '../core/answer-choices.js';
import { localizeMessages, renameUnstatedCodes } from '../core/error-choices.js';

const { rewrite } = faultsOf('utility');
const { variantRewrite } = variantsOf('utility');

/** A valid key whose account holds no approval (e.g. the unapproved sandbox key). */
const hasNoApprovals = (key: string | undefined): boolean => accountForKey(key)?.approvals.length === 0;

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
} satisfies Record<string, Switch>;
