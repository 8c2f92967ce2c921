/**
 * The Idempotency-Key itself on session creates (section 8): 1 to 255 characters of
 * `A-Z a-z 0-9 - _` (keys drawn over the whole alphabet and length range, generators/domain),
 * compared whole, scoped by API key. An empty header counts as no key, so length 0 is not
 * probed; the key is optional here (response.conformance.ts).
 */
import { idempotencyKey } from '../../generators/index.js';
import {
  draw,
  expectReplayRuleByRule,
  stepStatus,
  verify,
  verifyProperty,
  wrongIn,
} from '../../harness/suite/index.js';
import {
  createSession,
  freshExternalId,
  sessionBody,
  sessionTarget,
  START_SESSION,
  SESSION_FIXTURES,
} from './session-body.js';
import { keyNextTo } from './session-keys.js';

const MAX_KEY_LENGTH = 255;

/** A fresh run-prefixed key stretched to `length` with characters of the allowed alphabet. */
const keyOfLength = (fresh: string, length: number): string => (fresh + '_'.repeat(length)).slice(0, length);

verify(
  'an Idempotency-Key of 256 characters or with a character outside A-Z a-z 0-9 - _ is rejected with 400',
  ['IDEMP-KEY-FORMAT', 'ENVELOPE-UNIFIED-SHAPE'],
  async (t) => {
    const target = await sessionTarget(t);
    const bad = [
      { label: '256 characters', key: keyOfLength(t.idempotencyKey('long'), MAX_KEY_LENGTH + 1) },
      { label: 'a dot and a plus', key: `${t.idempotencyKey('alphabet')}.a+b` },
    ];
    for (const { label, key } of bad) {
      const body = sessionBody(target, 'self_service', { externalId: freshExternalId(t) });
      const ex = await t.send(createSession(body, { idempotencyKey: key, label, ...wrongIn('Idempotency-Key') }));
      t.expect.rules('IDEMP-KEY-FORMAT').status(ex, 400);
      t.expect.rules('ENVELOPE-UNIFIED-SHAPE').unifiedEnvelope(ex);
    }
  },
  { needs: { writes: true, fixtures: SESSION_FIXTURES } },
);

verifyProperty(
  'an Idempotency-Key of any length 1 to 255 over the whole alphabet is accepted and replayed, and the key ' +
    'one character (or one letter’s case) away is another operation',
  [
    'IDEMP-KEY-ALPHABET',
    'IDEMP-KEY-MAX-LENGTH',
    'IDEMP-KEY-EXACT',
    'IDEMP-REPLAY-STATUS',
    'IDEMP-REPLAY-BODY-VERBATIM',
    'IDEMP-REPLAY-HEADER',
  ],
  () => idempotencyKey(),
  async (t, key) => {
    const target = await sessionTarget(t);
    // The body is the key's own, so the key always carries it: a key this short cannot be unique,
    // and its first call may replay an earlier run's (then the replay must repeat that one).
    const bodyOf = (k: string) => sessionBody(target, 'self_service', { externalId: `conformance key ${k}` });
    const first = await t.send(createSession(bodyOf(key), { idempotencyKey: key, label: `key of ${key.length}` }));
    t.expect.rules(key.length === MAX_KEY_LENGTH ? 'IDEMP-KEY-MAX-LENGTH' : 'IDEMP-KEY-ALPHABET').status(first, 200);
    const again = await t.send(createSession(bodyOf(key), { idempotencyKey: key, label: 'the same key again' }));
    expectReplayRuleByRule(t, first, again);
    const next = keyNextTo(key);
    const other = await t.send(
      createSession(bodyOf(next), { idempotencyKey: next, label: `the key next to it: ${next}` }),
    );
    const echoed = t.json<{ external_id?: unknown }>(other)?.external_id;
    t.expect.rules('IDEMP-KEY-EXACT').that(other, {
      holds: other.response?.status === 200 && (echoed === undefined || echoed === `conformance key ${next}`),
      title: 'a key one character away taken for the first',
      expected: `200 for ${JSON.stringify(next)} with its own body (external_id "conformance key ${next}")`,
      observed: () => `status ${other.response?.status}, body ${other.response?.body.slice(0, 200)}`,
    });
  },
  {
    needs: { writes: true, fixtures: SESSION_FIXTURES },
    maxRuns: 2,
    // Both ends of the length range every run, their characters drawn (lengths between them
    // are drawn by the application creates, up to 255).
    examples: (t) => [
      draw(t, idempotencyKey({ maxLength: 2 }), 'shortest session key'),
      draw(t, idempotencyKey({ minLength: MAX_KEY_LENGTH }), 'longest session key'),
    ],
  },
);

/** Both approved for sessions with a deeplink agent id, so self_service succeeds under each. */
const OTHER_KEY = 'oauthUnhealthy';

verify(
  'the same Idempotency-Key under another API key is not a replay',
  ['IDEMP-SCOPED-BY-KEY'],
  async (t) => {
    const other = t.role(OTHER_KEY);
    const target = await sessionTarget(t);
    const req = createSession(sessionBody(target, 'self_service', { externalId: freshExternalId(t) }), {
      idempotencyKey: t.idempotencyKey('scope'),
    });
    const first = await t.send({ ...req, role: 'approved', label: 'approved key' });
    stepStatus(START_SESSION, first, [200], { breaks: ['SESSIONS-200'] });
    const second = await t.send({ ...req, role: other, label: `${other} key` });
    t.expect.status(second, 200);
    t.expect.noHeader(second, 'Idempotent-Replay');
  },
  { needs: { writes: true, fixtures: SESSION_FIXTURES, roles: [OTHER_KEY], distinctKeys: ['approved', OTHER_KEY] } },
);
