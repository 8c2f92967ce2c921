/**
 * The Idempotency-Key itself on session creates (section 8): 1 to 255 characters of
 * `A-Z a-z 0-9 - _`, scoped by API key. An empty header counts as no key, so the lower bound
 * is not probed; the key is optional here (response.conformance.ts).
 */
import { stepStatus, verify } from '../../harness/suite/index.js';
import {
  createSession,
  freshExternalId,
  sessionBody,
  sessionTarget,
  START_SESSION,
  SESSION_FIXTURES,
} from './session-body.js';

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
      const ex = await t.send(createSession(body, { idempotencyKey: key, label }));
      t.expect.rules('IDEMP-KEY-FORMAT').status(ex, 400);
      t.expect.rules('ENVELOPE-UNIFIED-SHAPE').unifiedEnvelope(ex);
    }
  },
  { needs: { writes: true, fixtures: SESSION_FIXTURES } },
);

verify(
  'an Idempotency-Key of 255 characters is accepted',
  ['IDEMP-KEY-MAX-LENGTH'],
  async (t) => {
    const target = await sessionTarget(t);
    const key = keyOfLength(t.idempotencyKey('max'), MAX_KEY_LENGTH);
    const ex = await t.send(
      createSession(sessionBody(target, 'self_service', { externalId: freshExternalId(t) }), { idempotencyKey: key }),
    );
    t.expect.status(ex, 200);
  },
  { needs: { writes: true, fixtures: SESSION_FIXTURES } },
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
