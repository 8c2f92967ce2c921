/**
 * Idempotent session creates (section 8, 2.6): a replay repeats the first response verbatim
 * and says so; the same key with another body is a mismatch; a concurrent call with a key
 * still in flight is refused.
 */
import { expectReplayRuleByRule, stepStatus, verify, wrongIn } from '../../harness/suite/index.js';
import {
  createSession,
  freshExternalId,
  sessionBody,
  sessionTarget,
  START_SESSION,
  SESSION_FIXTURES,
} from './session-body.js';

verify(
  'a session replayed with the same Idempotency-Key and body repeats the first response verbatim with ' +
    'Idempotent-Replay: true',
  ['IDEMP-REPLAY-STATUS', 'IDEMP-REPLAY-BODY-VERBATIM', 'IDEMP-REPLAY-HEADER', 'IDEMP-FIRST-NO-REPLAY-HEADER'],
  async (t) => {
    const target = await sessionTarget(t);
    const req = createSession(sessionBody(target, 'self_service', { externalId: freshExternalId(t) }), {
      idempotencyKey: t.idempotencyKey('replay'),
    });
    const first = await t.send({ ...req, label: 'first call' });
    t.expect.rules('IDEMP-FIRST-NO-REPLAY-HEADER').noHeader(first, 'Idempotent-Replay');
    expectReplayRuleByRule(t, first, await t.send({ ...req, label: 'replay' }));
  },
  { needs: { writes: true, fixtures: SESSION_FIXTURES } },
);

verify(
  'the same Idempotency-Key with a different session body gets 422 idempotency_mismatch',
  ['IDEMP-MISMATCH-422', 'ENVELOPE-UNIFIED-SHAPE'],
  async (t) => {
    const target = await sessionTarget(t);
    const idempotencyKey = t.idempotencyKey('mismatch');
    const first = await t.send(
      createSession(sessionBody(target, 'self_service', { externalId: freshExternalId(t) }), {
        idempotencyKey,
        label: 'first body',
      }),
    );
    stepStatus(START_SESSION, first, [200], { breaks: ['SESSIONS-200'] });
    const other = await t.send(
      createSession(sessionBody(target, 'self_service', { externalId: freshExternalId(t) }), {
        idempotencyKey,
        label: 'another body',
        // Wrong in its key alone: the key names another body's operation.
        ...wrongIn('Idempotency-Key'),
      }),
    );
    t.expect.rules('IDEMP-MISMATCH-422').status(other, 422);
    t.expect.rules('ENVELOPE-UNIFIED-SHAPE').unifiedEnvelope(other);
    t.expect.rules('IDEMP-MISMATCH-422').unifiedEnvelope(other, 'idempotency_mismatch');
  },
  { needs: { writes: true, fixtures: SESSION_FIXTURES } },
);

verify(
  'a concurrent session call with an Idempotency-Key still in flight gets 409 idempotency_in_progress',
  ['IDEMP-IN-PROGRESS-409'],
  async (t) => {
    const target = await sessionTarget(t);
    // The fixture makes the first call slow enough that the second arrives while it runs.
    const body = sessionBody(target, 'self_service', { externalId: t.fixture<string>('slowExternalId') });
    const req = createSession(body, { idempotencyKey: t.idempotencyKey('race') });
    const both = await t.sendConcurrently([
      { ...req, label: 'call A' },
      { ...req, label: 'call B' },
    ]);
    const statuses = both.map((ex) => ex.response?.status);
    const refused = both.find((ex) => ex.response?.status === 409) ?? both[1]!;
    t.expect.that(refused, {
      holds: statuses.includes(200) && statuses.includes(409),
      title: 'no 409 for the call in flight',
      expected: 'one call 200 and the concurrent one 409 idempotency_in_progress',
      observed: () => `statuses ${statuses.join(' and ')}`,
    });
    t.expect.unifiedEnvelope(refused, 'idempotency_in_progress');
  },
  { needs: { writes: true, fixtures: [...SESSION_FIXTURES, 'slowExternalId'] } },
);
