/**
 * Faults of the core: authentication, envelopes, rate limits, body edge rules, idempotency
 * (idempotency-faults.ts) and the approval gates, each with the probe that shows it. The core
 * asks for them by constant: `on(CORE_FAULTS.unknownRoute403)`.
 */
import { ENROLLMENT_FIXTURES, validCreateBody } from '../enrollments/fixtures.js';
import { MEDICARE_FIXTURES } from '../medicare/samples.js';
import type { Account, Gate } from '../types.js';
import { keyForRole } from './accounts.js';
import { bodyOf, faultsOf, is, variantsOf, withoutHeader } from './declare-fault.js';
import { IDEMPOTENCY_FAULTS } from './idempotency-faults.js';
import { MAX_BODY_BYTES, TIER_LIMITS, type BucketSpec } from './limits.js';
import { body, clockedProbe, exhaustLowTier, keyed, serverProbe, status, UNCHECKED } from './probe.js';
import type { Fault, IsOn, Variant } from './switch.js';
import type { Call } from '../probe/client.js';
import { quoteBody, sessionBody } from '../probe/fixtures.js';

const utility = faultsOf('utility');
const reference = faultsOf('reference');
const quotes = faultsOf('quotes');
const sessions = faultsOf('enrollment-sessions');
const policy = faultsOf('policy-status');
const enrollments = faultsOf('enrollments');
const medicare = faultsOf('medicare');

const S = '/v1/enrollment-sessions';
const Q = '/v1/quotes';

/** A text/plain upload whose bytes are a valid JSON upload of a PDF, to a fresh SEP application. */
async function textPlainUpload(call: Call): Promise<number> {
  const context = { product: 'ichra', exchange: 'off_exchange' };
  const json = validCreateBody(ENROLLMENT_FIXTURES.planFull, {
    special_enrollment_period: { event_type: 'relocation', event_date: '2026-01-02' },
  });
  const app = await call('POST', '/v1/enrollments', { ...UNCHECKED, json, ...keyed('docs-probe') });
  const upload = {
    context,
    document_type: 'sep',
    file: {
      filename: 'a.pdf',
      content_type: 'application/pdf',
      content_base64: Buffer.from('%PDF-1.7\n').toString('base64'),
    },
  };
  return status(call, 'POST', `/v1/enrollments/${app.body.application_id}/supporting_documentation`, {
    raw: JSON.stringify(upload),
    contentType: 'text/plain',
  });
}

/**
 * Faults of other families that the core checks: declared here, where the core asks for them,
 * and listed in their family's table, so the list of faults keeps them with their family.
 */
export const CORE_CHECKED = {
  sessionsGateIgnored: sessions.flag(
    'sessions-gate-ignored',
    'GATE-SESSIONS-UNAPPROVED-403',
    "Sessions do not check the account's approval.",
    serverProbe(({ call }) => status(call, 'POST', S, { role: 'unapproved', json: sessionBody() })),
  ),
  policyStatusGateIgnored: policy.flag(
    'policy-status-gate-ignored',
    'GATE-POLICY-UNAPPROVED-403',
    "Policy status does not check the account's approval.",
    serverProbe(({ call }) =>
      status(call, 'GET', '/v1/policy-status/applications?exchange=on_exchange&plan_year=2026', { role: 'unapproved' }),
    ),
  ),
  // Checked by the core, before the handler: only uploads read any media type as JSON.
  docsContentTypeIgnored: enrollments.flag(
    'enr-docs-text-plain-accepted',
    'ENR-DOCS-CONTENT-TYPE-415',
    'An upload sent as text/plain (or any other type) is read as JSON and accepted.',
    serverProbe(({ call }) => textPlainUpload(call)),
  ),
  medicareKeyFromAuthorization: medicare.flag(
    'medicare-key-from-authorization-only',
    'AUTH-MEDICARE-HEADER',
    'The key is read from Authorization only: a valid key in X-API-Key gets 403.',
    serverProbe(({ call }) =>
      status(call, 'PATCH', `/v1/contacts/${MEDICARE_FIXTURES.medicareContactId}`, {
        role: null,
        headers: { 'X-API-Key': keyForRole('medicare') },
        json: { agent_email: MEDICARE_FIXTURES.medicareAgentEmail },
      }),
    ),
  ),
} satisfies Record<string, Fault>;

/** Variants of other families that the core asks for, listed in their family's table too. */
/** How far behind the variant `clockBehind` keeps the server's clock: its date is one or two days before ours. */
export const CLOCK_BEHIND_MS = 30 * 3_600_000;

export const CORE_VARIANTS = {
  clockBehind: variantsOf('utility').variant(
    'clock-behind',
    '9.5',
    "The server's clock, its Date header included, runs 30 hours behind: its today, its current plan year and when " +
      'a coverage start has come are its own.',
    serverProbe(({ call }) =>
      call('GET', '/v1/ping', UNCHECKED).then((r) =>
        Math.round((Date.now() - Date.parse(r.headers.date!)) / 3_600_000),
      ),
    ),
  ),
  otherMethod405: variantsOf('utility').variant(
    'known-path-other-method-405',
    '4',
    'A known path asked with a method it does not take answers 405 with Allow (not 404): the contract describes no ' +
      'such request.',
    serverProbe(({ call }) => call('DELETE', '/v1/ping', UNCHECKED).then((r) => [r.status, r.headers.allow ?? null])),
  ),
} satisfies Record<string, Variant>;

export const CORE_FAULTS = {
  // Authentication (5)
  missingKey401: utility.rewrite(
    'missing-key-401',
    'AUTH-MISSING-KEY-403',
    'A request without x-api-key gets 401 instead of 403.',
    serverProbe(({ call }) => status(call, 'GET', '/v1/ping', { role: null })),
    (req, res) =>
      req.headers['x-api-key'] === undefined && res.status === 403
        ? { ...res, status: 401, body: { error: { code: 'unauthorized', message: 'Missing API key.' } } }
        : res,
  ),
  invalidKeyAccepted: utility.flag(
    'invalid-key-accepted',
    'AUTH-INVALID-KEY-403',
    'Any non-empty unknown key is treated as the approved account.',
    serverProbe(({ call }) => status(call, 'GET', '/v1/ping', { key: 'sandbox_bogus' })),
  ),
  apiKeyEchoed: utility.rewrite(
    'api-key-echoed',
    'AUTH-KEY-NOT-ECHOED',
    "Ping echoes the caller's key in an X-Api-Key-Echo header.",
    serverProbe(({ call }) => call('GET', '/v1/ping', UNCHECKED).then((r) => r.headers['x-api-key-echo'] ?? null)),
    (req, res) =>
      is(req, 'GET', '/v1/ping') && req.headers['x-api-key']
        ? { ...res, headers: { ...res.headers, 'X-Api-Key-Echo': req.headers['x-api-key'] } }
        : res,
  ),
  // Requests written another way (4): what HTTP and URI syntax say mean the same
  keyHeaderCaseSensitive: utility.flag(
    'key-header-case-sensitive',
    'EDGE-EQUIVALENT-REQUESTS',
    'The /v1 key is read only from a header whose name is written `x-api-key`: the same key under `X-Api-Key` is ' +
      'missing (403).',
    serverProbe(({ call }) =>
      status(call, 'GET', '/v1/ping', { role: null, headers: { 'X-Api-Key': keyForRole('approved') } }),
    ),
  ),
  // Declared with the reference data: the utility family sends no query for it to be written another way.
  queryUnreservedLeftEncoded: reference.flag(
    'query-unreserved-left-encoded',
    'EDGE-EQUIVALENT-REQUESTS',
    'A query value keeps a percent-encoded unreserved character as it came (%4B for K): the value read is not the ' +
      'one sent.',
    serverProbe(({ call }) => status(call, 'GET', '/v1/reference/issuers?state=%4BY')),
  ),
  // Envelopes and schemas (7, 4)
  envelopeMissingMessage: reference.rewrite(
    'envelope-missing-message',
    'ENVELOPE-UNIFIED-SHAPE',
    'Unified error envelopes omit error.message.',
    serverProbe(({ call }) => body(call, 'GET', '/v1/nope')),
    (_req, res) => {
      const error = bodyOf(res)?.error;
      if (res.status < 400 || error === null || typeof error !== 'object') return res;
      const { message: _m, ...rest } = error as Record<string, unknown>;
      return { ...res, body: { error: rest } };
    },
  ),
  successContentTypeText: utility.rewrite(
    'success-content-type-text',
    'SCHEMA-SUCCESS-JSON',
    'A successful ping is labelled text/plain.',
    serverProbe(({ call }) => call('GET', '/v1/ping', UNCHECKED).then((r) => r.headers['content-type'])),
    (req, res) =>
      is(req, 'GET', '/v1/ping') && res.status === 200
        ? {
            ...res,
            headers: { ...withoutHeader(res.headers, 'Content-Type'), 'Content-Type': 'text/plain; charset=utf-8' },
          }
        : res,
  ),
  unknownRoute403: utility.flag(
    'unknown-route-403',
    'EDGE-UNKNOWN-ROUTE-404',
    'Unknown routes answer 403 forbidden instead of 404.',
    serverProbe(({ call }) => status(call, 'GET', '/v1/nope')),
  ),
  // Rate limits (8)
  rateLimitTierIgnored: utility.flag(
    'rate-limit-ignored-tier',
    'RATE-429-TIER',
    'Every key gets the high tier (10/s, burst 20), whatever its own tier.',
    clockedProbe(async ({ call }) => {
      await exhaustLowTier(call);
      return status(call, 'GET', '/v1/ping', { role: 'tierLow' });
    }),
  ),
  rateLimitStageIgnored: utility.flag(
    'rate-limit-stage-ignored',
    'RATE-STAGE-LIMIT',
    'The shared stage limit (20/s, burst 30) is not enforced.',
    clockedProbe(async ({ call }) => {
      let ok = 0;
      for (const role of ['approved', 'tierHigh'])
        for (let i = 0; i < 20; i++) if ((await status(call, 'GET', '/v1/ping', { role })) === 200) ok++;
      return ok;
    }),
  ),
  rateLimitBurstShort: utility.flag(
    'rate-limit-burst-short',
    'RATE-BURST-ALLOWED',
    "Every key bucket holds one token less than its tier's burst.",
    clockedProbe(async ({ call }) => [
      await status(call, 'GET', '/v1/ping', { role: 'tierLow' }),
      await status(call, 'GET', '/v1/ping', { role: 'tierLow' }),
    ]),
  ),
  rateLimitSlowRefill: utility.flag(
    'rate-limit-slow-refill',
    'RATE-RECOVERY',
    "Key buckets refill at a tenth of the tier's rate.",
    clockedProbe(async ({ call, advance }) => {
      await exhaustLowTier(call);
      await status(call, 'GET', '/v1/ping', { role: 'tierLow' });
      advance(1000);
      return status(call, 'GET', '/v1/ping', { role: 'tierLow' });
    }),
  ),
  rateLimitMediumBurstLoose: utility.flag(
    'rate-limit-medium-burst-loose',
    'RATE-429-TIER',
    'The medium tier lets a burst of 15 through (stated: 10).',
    clockedProbe(async ({ call }) => {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) statuses.push(await status(call, 'GET', '/v1/ping', { role: 'tierMedium' }));
      return statuses.at(-1);
    }),
  ),
  rateLimitMediumRefillSlow: utility.flag(
    'rate-limit-medium-refill-slow',
    'RATE-RECOVERY',
    'The medium tier refills at 2.5 a second (stated: 5): the stated rate is refused.',
    clockedProbe(async ({ call, advance }) => {
      for (let i = 0; i < 11; i++) await status(call, 'GET', '/v1/ping', { role: 'tierMedium' });
      advance(240);
      return status(call, 'GET', '/v1/ping', { role: 'tierMedium' });
    }),
  ),
  rateLimitLowRefillFast: utility.flag(
    'rate-limit-low-refill-fast',
    'RATE-429-TIER',
    'The low tier refills at 3 a second (stated: 1): requests above the stated rate pass.',
    clockedProbe(async ({ call, advance }) => {
      await exhaustLowTier(call);
      advance(1100);
      await status(call, 'GET', '/v1/ping', { role: 'tierLow' });
      return status(call, 'GET', '/v1/ping', { role: 'tierLow' });
    }),
  ),
  retryAfterMissing: utility.rewrite(
    'retry-after-missing',
    'RATE-RETRY-AFTER',
    '429 responses carry no Retry-After header.',
    clockedProbe(async ({ call }) => {
      await exhaustLowTier(call);
      return call('GET', '/v1/ping', { ...UNCHECKED, role: 'tierLow' }).then((r) => r.headers['retry-after'] ?? null);
    }),
    (_req, res) => (res.status === 429 ? { ...res, headers: withoutHeader(res.headers, 'Retry-After') } : res),
  ),
  rateLimitPlainBody: utility.rewrite(
    'rate-limit-plain-body',
    'RATE-429-ENVELOPE',
    '429 responses carry {message} instead of the unified envelope.',
    clockedProbe(async ({ call }) => {
      await exhaustLowTier(call);
      return body(call, 'GET', '/v1/ping', { role: 'tierLow' });
    }),
    (_req, res) => (res.status === 429 ? { ...res, body: { message: 'Too Many Requests' } } : res),
  ),
  // Body edge rules (7)
  // Create enrollment takes members beyond its schema, so the padded body is otherwise valid.
  bodySizeUnlimited: quotes.flag(
    'body-size-unlimited',
    'EDGE-413',
    'Bodies above the 1 MiB limit are processed instead of answered with 413.',
    serverProbe(({ call }) =>
      status(call, 'POST', '/v1/enrollments', {
        json: validCreateBody(ENROLLMENT_FIXTURES.planFull, { padding: 'x'.repeat(MAX_BODY_BYTES) }),
        ...keyed('big-probe'),
      }),
    ),
  ),
  payloadTooLargePlainText: quotes.rewrite(
    'payload-too-large-plain-text',
    'EDGE-413',
    '413 answers are plain text instead of the unified envelope.',
    serverProbe(({ call }) =>
      call('POST', Q, { ...UNCHECKED, raw: Buffer.alloc(MAX_BODY_BYTES + 1, 0x20) }).then(
        (r) => r.headers['content-type'],
      ),
    ),
    (_req, res) =>
      res.status === 413
        ? {
            ...res,
            body: 'Payload Too Large',
            headers: { ...withoutHeader(res.headers, 'Content-Type'), 'Content-Type': 'text/plain' },
          }
        : res,
  ),
  contentTypeIgnored: quotes.flag(
    'content-type-not-checked',
    'EDGE-415',
    'Any content type is parsed as JSON instead of answered with 415.',
    serverProbe(({ call }) => status(call, 'POST', Q, { raw: JSON.stringify(quoteBody()), contentType: 'text/plain' })),
  ),
  unsupportedMediaType400: sessions.rewrite(
    'unsupported-media-type-400',
    'EDGE-415',
    'Unsupported content types get 400 instead of 415.',
    serverProbe(({ call }) => status(call, 'POST', S, { raw: '{}', contentType: 'text/csv' })),
    (_req, res) =>
      res.status === 415
        ? { ...res, status: 400, body: { error: { code: 'invalid_request', message: 'Unsupported body.' } } }
        : res,
  ),
  malformedJson500: quotes.flag(
    'malformed-json-500',
    'EDGE-MALFORMED-JSON-400',
    'A malformed JSON body gives 500 instead of 400.',
    serverProbe(({ call }) => status(call, 'POST', Q, { raw: '{"a":' })),
  ),
  enrollmentsInvalidJsonUnified: enrollments.flag(
    'enrollments-invalid-json-unified',
    'ENR-CREATE-INVALID-JSON',
    'Invalid JSON on direct enrollment answers in the unified envelope instead of errors[].',
    serverProbe(({ call }) =>
      body(call, 'POST', '/v1/enrollments', { raw: '{"a":', ...keyed('bad-json') }).then((b) => Object.keys(b ?? {})),
    ),
  ),
  ...IDEMPOTENCY_FAULTS,
  // Gates (5.4)
  directEnrollmentGateIgnored: enrollments.flag(
    'direct-enrollment-gate-ignored',
    'GATE-ENROLLMENTS-UNAPPROVED-403',
    "Direct enrollment does not check the account's approval.",
    serverProbe(({ call }) =>
      status(call, 'GET', '/v1/enrollments?product=ichra&exchange=off_exchange', { role: 'unapproved' }),
    ),
  ),
} satisfies Record<string, Fault>;

/** The fault that makes the core skip each approval gate (5.4). */
export const GATE_IGNORED: Record<Gate, Fault> = {
  enrollment_sessions: CORE_CHECKED.sessionsGateIgnored,
  policy_status: CORE_CHECKED.policyStatusGateIgnored,
  direct_enrollment: CORE_FAULTS.directEnrollmentGateIgnored,
};

/** The limits the rate-limit faults of one tier set in place of the contract's (read by the limiter). */
export function tierLimitsOf(on: IsOn): Partial<Record<Account['tier'], BucketSpec>> {
  return {
    ...(on(CORE_FAULTS.rateLimitMediumBurstLoose) ? { medium: { ...TIER_LIMITS.medium, burst: 15 } } : {}),
    ...(on(CORE_FAULTS.rateLimitMediumRefillSlow) ? { medium: { ...TIER_LIMITS.medium, rate: 2.5 } } : {}),
    ...(on(CORE_FAULTS.rateLimitLowRefillFast) ? { low: { ...TIER_LIMITS.low, rate: 3 } } : {}),
  };
}
