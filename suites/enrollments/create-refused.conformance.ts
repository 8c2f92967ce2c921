/**
 * Create requests the service refuses (2.8, 4.10, section 7): agent and TPA identifiers (they
 * come from the approved account setup), invalid JSON and a missing Idempotency-Key, each a
 * 400 in the errors[] envelope; the edge's 413 in the unified envelope; and a body that is not
 * JSON, which section 7 answers 415 while the document (and 4.10) list no 415 for this
 * operation: either answer, each in its own envelope.
 */
import { maxBodyBytes, oversized, underMediaType, verify, wrongAsWhole, wrongIn } from '../../harness/suite/index.js';
import { ENROLLMENT_OPERATIONS } from './operations.js';
import { REJECTED_MEMBERS } from './rejected-members.js';
import { createBody, createRequest, ENROLLMENTS_PATH } from './requests.js';

const writes = { writes: true } as const;

const { createEnrollment: create } = ENROLLMENT_OPERATIONS;

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
  'invalid JSON on create is a 400 in the errors[] envelope',
  ['ENR-CREATE-INVALID-JSON'],
  async (t) => {
    const text = JSON.stringify(createBody(t, t.fixture<string>('planFull')));
    // Cut before the last closing brace: JSON that ends too early.
    const ex = await t.send({
      method: 'POST',
      path: ENROLLMENTS_PATH,
      body: text.slice(0, -1),
      contentType: 'application/json',
      idempotencyKey: true,
      ...wrongAsWhole('malformed JSON'),
    });
    t.expect.status(ex, 400);
    t.expect.errorsEnvelope(ex);
  },
  { needs: { ...writes, fixtures: ['planFull'] } },
);

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

verify(
  'a create body above the size limit gets 413 in the unified envelope',
  ['EDGE-413', 'ENVELOPE-UNIFIED-SHAPE'],
  async (t) => {
    // The table's valid create (its Idempotency-Key kept) made too large by one member: only its size is wrong.
    const ex = await t.send(oversized(await create.request(t), 'external_id', maxBodyBytes(t)));
    t.expect.rules('EDGE-413').status(ex, 413);
    t.expect.rules('EDGE-413', 'ENVELOPE-UNIFIED-SHAPE').unifiedEnvelope(ex);
  },
  { needs: { ...writes, fixtures: ['planFull', 'maxBodyBytes'] } },
);

verify(
  'a create body sent as text/plain is refused: 415 in the unified envelope, or 400 as the document lists for create',
  ['EDGE-415', 'ENVELOPE-UNIFIED-SHAPE', 'ENVELOPE-ERRORS-SHAPE'],
  async (t) => {
    // The table's valid create, its Idempotency-Key kept: only the media type is wrong.
    const ex = await t.send(underMediaType(await create.request(t), 'text/plain'));
    // 415 per section 7; 400 per the document, which lists no 415 for createEnrollment (nor does 4.10).
    t.expect.rules('EDGE-415').status(ex, [415, 400]);
    // 415 comes from the edge: the unified envelope. A 400 may be the service's errors[] (EnrollmentError allows both).
    const serviceErrors =
      ex.response!.status === 400 && Array.isArray((ex.response!.json as { errors?: unknown } | undefined)?.errors);
    if (serviceErrors) t.expect.rules('EDGE-415', 'ENVELOPE-ERRORS-SHAPE').errorsEnvelope(ex);
    else t.expect.rules('EDGE-415', 'ENVELOPE-UNIFIED-SHAPE').unifiedEnvelope(ex);
  },
  { needs: { ...writes, fixtures: ['planFull'] } },
);
