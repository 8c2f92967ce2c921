/**
 * Create requests the service refuses (2.8, 4.10): agent and TPA identifiers (they come from the
 * approved account setup) and a missing Idempotency-Key, each a 400 in the errors[] envelope.
 * Invalid JSON, the edge's 413 and 415 are what every operation with a body owes (suites/owed/).
 */
import { verify, wrongIn } from '../../harness/suite/index.js';
import { REJECTED_MEMBERS } from './rejected-members.js';
import { createBody, createRequest } from './requests.js';

const writes = { writes: true } as const;

for (const { rule, member, add } of REJECTED_MEMBERS) {
  verify(
    `a create request carrying ${member} is rejected with 400 in the errors[] envelope`,
    [rule, 'ENVELOPE-ERRORS-SHAPE'],
    async (t) => {
      const ex = await t.send(
        createRequest(createBody(t, t.fixture<string>('planFull'), { extra: add }), wrongIn(member)),
      );
      t.expect.rules(rule).status(ex, 400);
      t.expect.rules('ENVELOPE-ERRORS-SHAPE').errorsEnvelope(ex);
    },
    { needs: { ...writes, fixtures: ['planFull'] } },
  );
}

verify(
  'a create request without Idempotency-Key is a 400 in the errors[] envelope',
  ['IDEMP-ENROLLMENT-REQUIRED'],
  async (t) => {
    const ex = await t.send(
      createRequest(createBody(t, t.fixture<string>('planFull')), {
        idempotencyKey: undefined,
        ...wrongIn('Idempotency-Key'),
      }),
    );
    t.expect.status(ex, 400);
    t.expect.errorsEnvelope(ex);
  },
  { needs: { ...writes, fixtures: ['planFull'] } },
);
