/**
 * Which session responses the idempotency store keeps (section 8): a 429 is not stored, so
 * the same key succeeds once the limit refills; a 5xx is stored, so the same key replays it.
 */
import { TIER_RATES } from '../../harness/client/index.js';
import { verify, waitAfter429, type ApiRequest, expectStoredFailureReplayed } from '../../harness/suite/index.js';
import { drained, sleep, tierOf } from '../utility/rate-buckets.js';
import { createSession, freshExternalId, sessionBody, sessionTarget, SESSION_FIXTURES } from './session-body.js';

/** The smallest burst, so the fewest requests drain it. Approved for sessions in the reference accounts. */
const LOW = 'tierLow';

verify(
  'a rate-limited session call is not stored: after the refill the same Idempotency-Key gets a fresh response',
  ['IDEMP-429-NOT-STORED', 'RATE-429-TIER'],
  async (t) => {
    const role = t.role(LOW);
    const tier = tierOf(t, role);
    const target = await sessionTarget(t);
    const create: ApiRequest = {
      ...createSession(sessionBody(target, 'self_service', { externalId: freshExternalId(t) })),
      idempotencyKey: t.idempotencyKey('limited'),
      role,
    };
    // Drain the key's burst with cheap reads, so the keyed create is the one refused.
    const drain: ApiRequest = { method: 'GET', path: '/v1/ping', role, unpaced: true, label: 'drain the burst' };
    await t.sendConcurrently(Array.from({ length: TIER_RATES[tier].burst }, () => drain));
    const limited = await t.send({ ...create, unpaced: true, label: 'keyed call, rate-limited' });
    t.expect.rules('RATE-429-TIER').status(limited, 429);
    await sleep(waitAfter429(limited, tier));
    // Paced: the client spends this token in its own budget, so the key is left in step.
    const retried = await t.send({ ...create, label: 'same key after the refill' });
    // The drain left the key's bucket short of its burst: a later check that needs all of it waits.
    drained(t, role);
    t.expect.rules('IDEMP-429-NOT-STORED').status(retried, 200);
    t.expect.rules('IDEMP-429-NOT-STORED').noHeader(retried, 'Idempotent-Replay');
  },
  { needs: { writes: true, fixtures: SESSION_FIXTURES, roles: [LOW] }, timeoutMs: 20_000 },
);

verify(
  'a session call that failed with a 5xx is stored: the same Idempotency-Key replays the failure',
  ['IDEMP-5XX-STORED'],
  async (t) => {
    const target = await sessionTarget(t);
    const body = sessionBody(target, 'self_service', { externalId: t.fixture<string>('serverErrorExternalId') });
    await expectStoredFailureReplayed(t, createSession(body, { idempotencyKey: t.idempotencyKey('failed') }));
  },
  { needs: { writes: true, fixtures: [...SESSION_FIXTURES, 'serverErrorExternalId'] } },
);
