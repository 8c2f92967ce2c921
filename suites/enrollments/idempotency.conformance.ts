/**
 * Idempotent creates of applications (section 8): verbatim replay, mismatch, a concurrent call
 * in flight, the key format, scoping by API key, and stored 5xx responses. The failures are
 * service failures of this family, so they come in the errors[] envelope (4.10, section 7).
 */
import {
  expectReplayRuleByRule,
  expectStoredFailureReplayed,
  stepStatus,
  verify,
  wrongIn,
} from '../../harness/suite/index.js';
import { errorCodes } from '../../harness/checks/index.js';
import { CREATE_SUCCESS, FIRST_CREATE, keyedCreate } from './applications.js';
import { createBody, createRequest } from './requests.js';

const plan = { fixtures: ['planFull'] };
const MAX_KEY_LENGTH = 255;
/** A second key approved for direct enrollment (the reference accounts: every tier key). */
const OTHER_KEY = 'tierHigh';

/** A fresh run-prefixed key stretched to `length` with characters of the allowed alphabet. */
const keyOfLength = (fresh: string, length: number): string => (fresh + '_'.repeat(length)).slice(0, length);

verify(
  'a create replayed with the same Idempotency-Key and body repeats the first response verbatim with ' +
    'Idempotent-Replay: true',
  ['IDEMP-REPLAY-STATUS', 'IDEMP-REPLAY-BODY-VERBATIM', 'IDEMP-REPLAY-HEADER', 'IDEMP-FIRST-NO-REPLAY-HEADER'],
  async (t) => {
    const { req, first } = await keyedCreate(t);
    stepStatus(FIRST_CREATE, first, [200, 201], { breaks: [CREATE_SUCCESS] });
    t.expect.rules('IDEMP-FIRST-NO-REPLAY-HEADER').noHeader(first, 'Idempotent-Replay');
    expectReplayRuleByRule(t, first, await t.send({ ...req, label: 'replay' }));
  },
  { needs: { writes: true, ...plan } },
);

verify(
  'the same Idempotency-Key with a different create body gets 422 idempotency_mismatch',
  ['IDEMP-MISMATCH-422', 'ENVELOPE-ERRORS-SHAPE'],
  async (t) => {
    const { req, first } = await keyedCreate(t);
    stepStatus(FIRST_CREATE, first, [200, 201], { breaks: [CREATE_SUCCESS] });
    const other = await t.send(
      createRequest(createBody(t, t.fixture<string>('planFull')), {
        idempotencyKey: req.idempotencyKey,
        label: 'another body',
        // Wrong in its key alone: the key names another body's operation.
        ...wrongIn('Idempotency-Key'),
      }),
    );
    t.expect.rules('IDEMP-MISMATCH-422').status(other, 422);
    t.expect.rules('ENVELOPE-ERRORS-SHAPE').errorsEnvelope(other);
    t.expect.rules('IDEMP-MISMATCH-422').errorsEnvelope(other, 'idempotency_mismatch');
  },
  { needs: { writes: true, ...plan } },
);

verify(
  'a concurrent create with an Idempotency-Key still in flight gets 409 idempotency_in_progress',
  ['IDEMP-IN-PROGRESS-409'],
  async (t) => {
    // The fixture makes the first call slow enough that the second arrives while it runs.
    const body = createBody(t, t.fixture<string>('planFull'), {
      extra: { external_id: t.fixture<string>('slowExternalId') },
    });
    const req = createRequest(body, { idempotencyKey: t.idempotencyKey('race') });
    const both = await t.sendConcurrently([
      { ...req, label: 'call A' },
      { ...req, label: 'call B' },
    ]);
    const statuses = both.map((ex) => ex.response?.status);
    const refused = both.find((ex) => ex.response?.status === 409) ?? both[1]!;
    t.expect.that(refused, {
      holds: statuses.some((s) => s === 200 || s === 201) && statuses.includes(409),
      title: 'no 409 for the call in flight',
      expected: 'one call 200/201 and the concurrent one 409 idempotency_in_progress',
      observed: () => `statuses ${statuses.join(' and ')}`,
    });
    t.expect.errorsEnvelope(refused, 'idempotency_in_progress');
  },
  { needs: { writes: true, fixtures: ['planFull', 'slowExternalId'] } },
);

verify(
  'an Idempotency-Key of 256 characters or with a character outside A-Z a-z 0-9 - _ is rejected with 400',
  ['IDEMP-KEY-FORMAT', 'ENVELOPE-ERRORS-SHAPE'],
  async (t) => {
    const bad = [
      { label: '256 characters', key: keyOfLength(t.idempotencyKey('long'), MAX_KEY_LENGTH + 1) },
      { label: 'a dot and a plus', key: `${t.idempotencyKey('alphabet')}.a+b` },
    ];
    for (const { label, key } of bad) {
      const ex = await t.send(
        createRequest(createBody(t, t.fixture<string>('planFull')), {
          idempotencyKey: key,
          label,
          ...wrongIn('Idempotency-Key'),
        }),
      );
      t.expect.rules('IDEMP-KEY-FORMAT').status(ex, 400);
      t.expect.rules('ENVELOPE-ERRORS-SHAPE').errorsEnvelope(ex);
    }
  },
  { needs: { writes: true, ...plan } },
);

verify(
  'an Idempotency-Key of 255 characters is accepted on create',
  ['IDEMP-KEY-MAX-LENGTH'],
  async (t) => {
    const key = keyOfLength(t.idempotencyKey('max'), MAX_KEY_LENGTH);
    const ex = await t.send(createRequest(createBody(t, t.fixture<string>('planFull')), { idempotencyKey: key }));
    t.expect.status(ex, [200, 201]);
  },
  { needs: { writes: true, ...plan } },
);

/** What the idempotency store answers for a key it holds: a call in flight, or another body. */
const STORE_REFUSALS: ReadonlyArray<[status: number, code: string]> = [
  [409, 'idempotency_in_progress'],
  [422, 'idempotency_mismatch'],
];

verify(
  'the same Idempotency-Key under another API key is not a replay',
  ['IDEMP-SCOPED-BY-KEY'],
  async (t) => {
    const other = t.role(OTHER_KEY);
    const { req, first } = await keyedCreate(t);
    stepStatus(FIRST_CREATE, first, [200, 201], { breaks: [CREATE_SUCCESS] });
    const second = await t.send({ ...req, role: other, label: `${other} key` });
    t.expect.noHeader(second, 'Idempotent-Replay');
    // The same external_id may be refused as a duplicate (both keys can be one account's): not a replay.
    const refusal = STORE_REFUSALS.find(
      ([status, code]) => second.response?.status === status && errorCodes(second).includes(code),
    );
    t.expect.that(second, {
      holds: second.response !== undefined && refusal === undefined,
      title: "the other key's call met the first key's idempotency record",
      expected: `an answer of its own, not ${STORE_REFUSALS.map(([s, c]) => `${s} ${c}`).join(' or ')}`,
      observed: () =>
        `status ${second.response?.status ?? 'none'}: ${second.response?.body.slice(0, 300) ?? second.error}`,
    });
  },
  { needs: { writes: true, roles: [OTHER_KEY], distinctKeys: ['approved', OTHER_KEY], ...plan } },
);

verify(
  'a create that failed with a 5xx is stored: the same Idempotency-Key replays the failure',
  ['IDEMP-5XX-STORED'],
  async (t) => {
    const body = createBody(t, t.fixture<string>('planFull'), {
      extra: { external_id: t.fixture<string>('serverErrorExternalId') },
    });
    await expectStoredFailureReplayed(t, createRequest(body, { idempotencyKey: t.idempotencyKey('failed') }));
  },
  { needs: { writes: true, fixtures: ['planFull', 'serverErrorExternalId'] } },
);
