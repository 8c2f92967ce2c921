/**
 * Faults of the core: authentication, envelopes, rate limits, body edge rules, idempotency and
 * the direct-enrollment gate. Each breaks one rule of specs/rules.json.
 */
import type { Fault, RouteResult } from '../types.js';
import { bodyOf, flagFault, headerOf, is, rewriteFault, withoutHeader } from './fault-kit.js';
import { CORE_FLAGS as C, GATE_IGNORED_FLAG } from './fault-names.js';

const IDEMPOTENT_CREATE = /^\/v1\/(enrollment-sessions|enrollments)$/;
const isReplay = (res: RouteResult): boolean => headerOf(res.headers, 'Idempotent-Replay') === 'true';

export const faults: Fault[] = [
  // Authentication (5)
  rewriteFault('missing-key-401', 'AUTH-MISSING-KEY-403', 'utility', 'A request without x-api-key gets 401 instead of 403.', (req, res) =>
    req.headers['x-api-key'] === undefined && res.status === 403 ? { ...res, status: 401, body: { error: { code: 'unauthorized', message: 'Missing API key.' } } } : res),
  flagFault(C.invalidKeyAccepted, 'AUTH-INVALID-KEY-403', 'utility', 'Any non-empty unknown key is treated as the approved account.'),
  rewriteFault('api-key-echoed', 'AUTH-KEY-NOT-ECHOED', 'utility', 'Ping echoes the caller\'s key in an X-Api-Key-Echo header.', (req, res) =>
    is(req, 'GET', '/v1/ping') && req.headers['x-api-key'] ? { ...res, headers: { ...res.headers, 'X-Api-Key-Echo': req.headers['x-api-key'] } } : res),
  // Envelopes and schemas (7, 4)
  rewriteFault('envelope-missing-message', 'ENVELOPE-UNIFIED-SHAPE', 'reference', 'Unified error envelopes omit error.message.', (_req, res) => {
    const error = bodyOf(res)?.error;
    if (res.status < 400 || error === null || typeof error !== 'object') return res;
    const { message: _m, ...rest } = error as Record<string, unknown>;
    return { ...res, body: { error: rest } };
  }),
  rewriteFault('success-content-type-text', 'SCHEMA-SUCCESS-JSON', 'utility', 'A successful ping is labelled text/plain.', (req, res) =>
    is(req, 'GET', '/v1/ping') && res.status === 200 ? { ...res, headers: { ...withoutHeader(res.headers, 'Content-Type'), 'Content-Type': 'text/plain; charset=utf-8' } } : res),
  flagFault(C.unknownRoute403, 'EDGE-UNKNOWN-ROUTE-404', 'utility', 'Unknown routes answer 403 forbidden instead of 404.'),
  // Rate limits (8)
  flagFault(C.rateLimitTierIgnored, 'RATE-429-TIER', 'utility', 'Every key gets the high tier (10/s, burst 20), whatever its own tier.'),
  flagFault(C.rateLimitStageIgnored, 'RATE-STAGE-LIMIT', 'utility', 'The shared stage limit (20/s, burst 30) is not enforced.'),
  flagFault(C.rateLimitBurstShort, 'RATE-BURST-ALLOWED', 'utility', 'Every key bucket holds one token less than its tier\'s burst.'),
  flagFault(C.rateLimitSlowRefill, 'RATE-RECOVERY', 'utility', 'Key buckets refill at a tenth of the tier\'s rate.'),
  rewriteFault('retry-after-missing', 'RATE-RETRY-AFTER', 'utility', '429 responses carry no Retry-After header.', (_req, res) =>
    res.status === 429 ? { ...res, headers: withoutHeader(res.headers, 'Retry-After') } : res),
  rewriteFault('rate-limit-plain-body', 'RATE-429-ENVELOPE', 'utility', '429 responses carry {message} instead of the unified envelope.', (_req, res) =>
    res.status === 429 ? { ...res, body: { message: 'Too Many Requests' } } : res),
  // Body edge rules (7)
  flagFault(C.bodySizeUnlimited, 'EDGE-413', 'quotes', 'Bodies above the 1 MiB limit are processed instead of answered with 413.'),
  rewriteFault('payload-too-large-plain-text', 'EDGE-413', 'quotes', '413 answers are plain text instead of the unified envelope.', (_req, res) =>
    res.status === 413 ? { ...res, body: 'Payload Too Large', headers: { ...withoutHeader(res.headers, 'Content-Type'), 'Content-Type': 'text/plain' } } : res),
  flagFault(C.contentTypeIgnored, 'EDGE-415', 'quotes', 'Any content type is parsed as JSON instead of answered with 415.'),
  rewriteFault('unsupported-media-type-400', 'EDGE-415', 'enrollment-sessions', 'Unsupported content types get 400 instead of 415.', (_req, res) =>
    res.status === 415 ? { ...res, status: 400, body: { error: { code: 'invalid_request', message: 'Unsupported body.' } } } : res),
  flagFault(C.malformedJson500, 'EDGE-MALFORMED-JSON-400', 'quotes', 'A malformed JSON body gives 500 instead of 400.'),
  flagFault(C.enrollmentsInvalidJsonUnified, 'ENR-CREATE-INVALID-JSON', 'enrollments', 'Invalid JSON on direct enrollment answers in the unified envelope instead of errors[].'),
  // Idempotency (8)
  rewriteFault('idempotency-replay-header-missing', 'IDEMP-REPLAY-HEADER', 'enrollment-sessions', 'Replays omit Idempotent-Replay: true.', (_req, res) =>
    isReplay(res) ? { ...res, headers: withoutHeader(res.headers, 'Idempotent-Replay') } : res),
  rewriteFault('idempotency-replay-header-always', 'IDEMP-FIRST-NO-REPLAY-HEADER', 'enrollment-sessions', 'First responses to keyed creates already carry Idempotent-Replay: true.', (req, res) =>
    is(req, 'POST', IDEMPOTENT_CREATE) && req.headers['idempotency-key'] && res.status < 400 && !isReplay(res) ? { ...res, headers: { ...res.headers, 'Idempotent-Replay': 'true' } } : res),
  rewriteFault('idempotency-replay-body-changed', 'IDEMP-REPLAY-BODY-VERBATIM', 'enrollment-sessions', 'Replays add a replayed_at member to the original body.', (_req, res) =>
    isReplay(res) && bodyOf(res) ? { ...res, body: { ...bodyOf(res), replayed_at: '2026-01-01T00:00:00Z' } } : res),
  rewriteFault('idempotency-replay-status-changed', 'IDEMP-REPLAY-STATUS', 'enrollment-sessions', 'Replays of a 200 answer 201.', (_req, res) =>
    isReplay(res) && res.status === 200 ? { ...res, status: 201 } : res),
  flagFault(C.idempotencyMismatchIgnored, 'IDEMP-MISMATCH-422', 'enrollment-sessions', 'The same key with a different body replays the first response instead of 422.'),
  flagFault(C.idempotencyInProgressIgnored, 'IDEMP-IN-PROGRESS-409', 'enrollment-sessions', 'A concurrent call with an in-flight key runs again instead of 409.'),
  flagFault(C.idempotencyKeyFormatUnchecked, 'IDEMP-KEY-FORMAT', 'enrollment-sessions', 'Idempotency-Key values outside the pattern are accepted.'),
  flagFault(C.idempotencyKeyMax128, 'IDEMP-KEY-MAX-LENGTH', 'enrollment-sessions', 'Idempotency-Key values longer than 128 characters are rejected.'),
  flagFault(C.idempotencyNotScopedByKey, 'IDEMP-SCOPED-BY-KEY', 'enrollment-sessions', 'Idempotency keys are shared across API keys.'),
  flagFault(C.idempotencyStores429, 'IDEMP-429-NOT-STORED', 'enrollment-sessions', 'A rate-limited keyed call is stored and replayed as 429.'),
  flagFault(C.idempotency5xxNotStored, 'IDEMP-5XX-STORED', 'enrollment-sessions', 'A 5xx is not stored: a retry with the same key runs again.'),
  flagFault(C.idempotencyKeyRequiredIgnored, 'IDEMP-ENROLLMENT-REQUIRED', 'enrollments', 'Create enrollment is accepted without an Idempotency-Key.'),
  rewriteFault('idempotency-session-key-required', 'IDEMP-SESSION-OPTIONAL', 'enrollment-sessions', 'Create session without Idempotency-Key is refused with 400.', (req, res) =>
    is(req, 'POST', '/v1/enrollment-sessions') && !req.headers['idempotency-key'] && res.status === 200
      ? { ...res, status: 400, body: { error: { code: 'invalid_request', message: 'Idempotency-Key is required.' } } }
      : res),
  // Gates (5.4)
  flagFault(GATE_IGNORED_FLAG.direct_enrollment, 'GATE-ENROLLMENTS-UNAPPROVED-403', 'enrollments', 'Direct enrollment does not check the account\'s approval.'),
];
