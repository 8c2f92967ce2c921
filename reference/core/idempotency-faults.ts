/**
 * Faults of the idempotency the core applies to keyed creates (section 8), each with the probe
 * that shows it: replay headers, body and status, key format and scope, what is stored.
 */
import { ENROLLMENT_FIXTURES, validCreateBody } from '../enrollments/fixtures.js';
import type { RouteResult } from '../types.js';
import { bodyOf, faultsOf, headerOf, is, withoutHeader } from './declare-fault.js';
import { clockedProbe, exhaustLowTier, keyed, serverProbe, status, UNCHECKED } from './probe.js';
import { SHORT_LEASE_MS, SHORT_RETENTION_MS } from './limits.js';
import type { Fault } from './switch.js';
import type { Call } from '../probe/client.js';
import { sessionBody } from '../probe/fixtures.js';

const sessions = faultsOf('enrollment-sessions');
const enrollments = faultsOf('enrollments');

const S = '/v1/enrollment-sessions';
const IDEMPOTENT_CREATE = /^\/v1\/(enrollment-sessions|enrollments)$/;
const isReplay = (res: RouteResult): boolean => headerOf(res.headers, 'Idempotent-Replay') === 'true';

/** Two identical keyed session creates; the second is a replay on a clean server. */
async function twice(call: Call, json = sessionBody(), key = 'k-probe') {
  const first = await call('POST', S, { ...UNCHECKED, json, ...keyed(key) });
  const second = await call('POST', S, { ...UNCHECKED, json, ...keyed(key) });
  return { first, second };
}

export const IDEMPOTENCY_FAULTS = {
  idempotencyReplayHeaderMissing: sessions.rewrite(
    'idempotency-replay-header-missing',
    'IDEMP-REPLAY-HEADER',
    'Replays omit Idempotent-Replay: true.',
    serverProbe(({ call }) => twice(call).then((t) => t.second.headers['idempotent-replay'] ?? null)),
    (_req, res) => (isReplay(res) ? { ...res, headers: withoutHeader(res.headers, 'Idempotent-Replay') } : res),
  ),
  idempotencyReplayHeaderAlways: sessions.rewrite(
    'idempotency-replay-header-always',
    'IDEMP-FIRST-NO-REPLAY-HEADER',
    'First responses to keyed creates already carry Idempotent-Replay: true.',
    serverProbe(({ call }) => twice(call).then((t) => t.first.headers['idempotent-replay'] ?? null)),
    (req, res) =>
      is(req, 'POST', IDEMPOTENT_CREATE) && req.headers['idempotency-key'] && res.status < 400 && !isReplay(res)
        ? { ...res, headers: { ...res.headers, 'Idempotent-Replay': 'true' } }
        : res,
  ),
  idempotencyReplayBodyChanged: sessions.rewrite(
    'idempotency-replay-body-changed',
    'IDEMP-REPLAY-BODY-VERBATIM',
    'Replays add a replayed_at member to the original body.',
    serverProbe(({ call }) => twice(call).then((t) => t.first.text === t.second.text)),
    (_req, res) =>
      isReplay(res) && bodyOf(res) ? { ...res, body: { ...bodyOf(res), replayed_at: '2026-01-01T00:00:00Z' } } : res,
  ),
  idempotencyReplayStatusChanged: sessions.rewrite(
    'idempotency-replay-status-changed',
    'IDEMP-REPLAY-STATUS',
    'Replays of a 200 answer 201.',
    serverProbe(({ call }) => twice(call).then((t) => t.second.status)),
    (_req, res) => (isReplay(res) && res.status === 200 ? { ...res, status: 201 } : res),
  ),
  idempotencyMismatchIgnored: sessions.flag(
    'idempotency-mismatch-ignored',
    'IDEMP-MISMATCH-422',
    'The same key with a different body replays the first response instead of 422.',
    serverProbe(async ({ call }) => {
      await call('POST', S, { ...UNCHECKED, json: sessionBody(), ...keyed('mm') });
      return status(call, 'POST', S, { json: sessionBody({ external_id: 'other' }), ...keyed('mm') });
    }),
  ),
  idempotencyInProgressIgnored: sessions.flag(
    'idempotency-in-progress-ignored',
    'IDEMP-IN-PROGRESS-409',
    'A concurrent call with an in-flight key runs again instead of 409.',
    serverProbe(async ({ call }) => {
      const json = sessionBody({ external_id: 'slow-probe' });
      const first = call('POST', S, { ...UNCHECKED, json, ...keyed('race') });
      await new Promise((r) => setTimeout(r, 50));
      return [await status(call, 'POST', S, { json, ...keyed('race') }), (await first).status];
    }),
  ),
  idempotencyKeyFormatUnchecked: sessions.flag(
    'idempotency-key-format-unchecked',
    'IDEMP-KEY-FORMAT',
    'Idempotency-Key values outside the pattern are accepted.',
    serverProbe(({ call }) => status(call, 'POST', S, { json: sessionBody(), ...keyed('not valid!') })),
  ),
  idempotencyKeyShortRefused: sessions.flag(
    'idempotency-key-short-refused',
    'IDEMP-KEY-ALPHABET',
    'Idempotency-Key values shorter than 8 characters are refused with 400 (stated: 1 to 255).',
    serverProbe(({ call }) => status(call, 'POST', S, { json: sessionBody(), ...keyed('k7') })),
  ),
  idempotencyKeyCaseInsensitive: sessions.flag(
    'idempotency-key-case-insensitive',
    'IDEMP-KEY-EXACT',
    'Idempotency-Key values are compared case-insensitively: a key differing from a stored one only in case is ' +
      'taken for it.',
    serverProbe(async ({ call }) => {
      await call('POST', S, { ...UNCHECKED, json: sessionBody({ external_id: 'a' }), ...keyed('Key-Case') });
      return status(call, 'POST', S, { json: sessionBody({ external_id: 'b' }), ...keyed('key-case') });
    }),
  ),
  idempotencyKeyMax128: sessions.flag(
    'idempotency-key-max-128',
    'IDEMP-KEY-MAX-LENGTH',
    'Idempotency-Key values longer than 128 characters are rejected.',
    serverProbe(({ call }) => status(call, 'POST', S, { json: sessionBody(), ...keyed('a'.repeat(255)) })),
  ),
  idempotencyNotScopedByKey: sessions.flag(
    'idempotency-not-scoped-by-key',
    'IDEMP-SCOPED-BY-KEY',
    'Idempotency keys are shared across API keys.',
    serverProbe(async ({ call }) => {
      await call('POST', S, { ...UNCHECKED, json: sessionBody(), ...keyed('scope') });
      return call('POST', S, { ...UNCHECKED, role: 'tierHigh', json: sessionBody(), ...keyed('scope') }).then(
        (r) => r.headers['idempotent-replay'] ?? null,
      );
    }),
  ),
  enrollmentKeysAcrossAccounts: enrollments.flag(
    'enr-idempotency-keys-across-accounts',
    'IDEMP-SCOPED-BY-KEY',
    'Create-enrollment Idempotency-Keys are shared by every account: another account reusing one (same body) ' +
      "gets the first account's application, without Idempotent-Replay.",
    serverProbe(async ({ call }) => {
      const json = validCreateBody(ENROLLMENT_FIXTURES.planFull);
      const first = await call('POST', '/v1/enrollments', { ...UNCHECKED, json, ...keyed('accounts') });
      const other = await call('POST', '/v1/enrollments', {
        ...UNCHECKED,
        role: 'otherAccount',
        json,
        ...keyed('accounts'),
      });
      return other.body.application_id === first.body.application_id;
    }),
  ),
  idempotencyLeaseShort: enrollments.flag(
    'idempotency-lease-short',
    'IDEMP-IN-PROGRESS-409',
    'A create-enrollment key is held in flight for 30 ms only: a duplicate that arrives later, while the first ' +
      'call still runs, is run again and makes a second application (a duplicate sent at once still gets 409).',
    serverProbe(async ({ call }) => {
      const json = validCreateBody(ENROLLMENT_FIXTURES.planFull, { external_id: 'slow-lease-probe' });
      const first = call('POST', '/v1/enrollments', { ...UNCHECKED, json, ...keyed('lease') });
      await new Promise((r) => setTimeout(r, 3 * SHORT_LEASE_MS));
      return [await status(call, 'POST', '/v1/enrollments', { json, ...keyed('lease') }), (await first).status];
    }),
  ),
  idempotencyRetentionShort: enrollments.flag(
    'idempotency-retention-short',
    'IDEMP-RETENTION-24H',
    'Create-enrollment keys are kept 8 seconds, not 24 hours: a replay later than that runs the create again.',
    clockedProbe(async ({ call, advance }) => {
      const json = validCreateBody(ENROLLMENT_FIXTURES.planFull);
      await call('POST', '/v1/enrollments', { ...UNCHECKED, json, ...keyed('retained') });
      advance(SHORT_RETENTION_MS + 1_000);
      const again = await call('POST', '/v1/enrollments', { ...UNCHECKED, json, ...keyed('retained') });
      return again.headers['idempotent-replay'] ?? null;
    }),
  ),
  idempotencyStores429: sessions.flag(
    'idempotency-stores-429',
    'IDEMP-429-NOT-STORED',
    'A rate-limited keyed call is stored and replayed as 429.',
    clockedProbe(async ({ call, advance }) => {
      await exhaustLowTier(call);
      await call('POST', S, { ...UNCHECKED, role: 'tierLow', json: sessionBody(), ...keyed('limited') });
      advance(1000);
      return status(call, 'POST', S, { role: 'tierLow', json: sessionBody(), ...keyed('limited') });
    }),
  ),
  idempotency5xxNotStored: sessions.flag(
    'idempotency-5xx-not-stored',
    'IDEMP-5XX-STORED',
    'A 5xx is not stored: a retry with the same key runs again.',
    serverProbe(({ call }) =>
      twice(call, sessionBody({ external_id: 'fail-5xx-probe' })).then(
        (t) => t.second.headers['idempotent-replay'] ?? null,
      ),
    ),
  ),
  idempotencyKeyRequiredIgnored: enrollments.flag(
    'idempotency-key-required-ignored',
    'IDEMP-ENROLLMENT-REQUIRED',
    'Create enrollment is accepted without an Idempotency-Key.',
    serverProbe(({ call }) =>
      status(call, 'POST', '/v1/enrollments', { json: validCreateBody(ENROLLMENT_FIXTURES.planFull) }),
    ),
  ),
  idempotencySessionKeyRequired: sessions.rewrite(
    'idempotency-session-key-required',
    'IDEMP-SESSION-OPTIONAL',
    'Create session without Idempotency-Key is refused with 400.',
    serverProbe(({ call }) => status(call, 'POST', S, { json: sessionBody() })),
    (req, res) =>
      is(req, 'POST', '/v1/enrollment-sessions') && !req.headers['idempotency-key'] && res.status === 200
        ? { ...res, status: 400, body: { error: { code: 'invalid_request', message: 'Idempotency-Key is required.' } } }
        : res,
  ),
} satisfies Record<string, Fault>;
