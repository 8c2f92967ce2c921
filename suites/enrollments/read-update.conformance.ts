/**
 * Reading one application (4.12) and the PUT refusal for carriers without post-enrollment
 * changes (4.11). Tracked changes and resubmission are in state-submit.conformance.ts.
 */
import { verify } from '../../harness/suite/index.js';
import { fullDraft, idOf, limitedDraft } from './applications.js';
import { expectPolicyStatusInEnum } from './observe.js';
import { itemPath, primaryApplicant, readRequest, UNKNOWN_ENROLLMENT_ID } from './requests.js';

verify(
  'reading a created application returns 200 with that application',
  ['ENR-READ-200', 'ENR-POLICY-STATUS-ENUM', 'SCHEMA-RESPONSE-VALID'],
  async (t) => {
    const app = await fullDraft(t);
    const ex = await t.send(readRequest(app.id));
    t.expect.rules('ENR-READ-200').status(ex, 200);
    const read = idOf(t.json(ex));
    t.expect.rules('ENR-READ-200').that(ex, { holds: read === app.id, title: 'another application', expected: `the application ${app.id}`, observed: `id ${JSON.stringify(read)}` });
    expectPolicyStatusInEnum(t.expect.rules('ENR-POLICY-STATUS-ENUM'), ex);
    t.expect.rules('SCHEMA-RESPONSE-VALID').schemaValid(ex, 'getEnrollment');
  },
  { needs: { writes: true, fixtures: ['planFull'] } },
);

verify(
  'reading an unknown enrollment id gives 404',
  ['ENR-READ-404'],
  async (t) => {
    const ex = await t.send(readRequest(UNKNOWN_ENROLLMENT_ID));
    t.expect.status(ex, 404);
  },
);

verify(
  'a read with a query parameter other than product and exchange gets 400 invalid_request',
  ['ENR-READ-UNSUPPORTED-PARAM'],
  async (t) => {
    // An application that exists, so only the parameter can be the reason for a refusal.
    const app = await fullDraft(t);
    const ex = await t.send({ ...readRequest(app.id), query: { product: 'ichra', exchange: 'off_exchange', plan_year: 2026 } });
    t.expect.status(ex, 400);
    t.expect.errorsEnvelope(ex, 'invalid_request');
  },
  { needs: { writes: true, fixtures: ['planFull'] } },
);

verify(
  'PUT on an application whose carrier does not support post-enrollment changes is refused with 400',
  ['ENR-UPDATE-UNSUPPORTED-CARRIER'],
  async (t) => {
    const app = await limitedDraft(t);
    // The create body again with one changed member (the PUT body is not shown in the contract).
    const changed = { ...app.request, applicants: { primary: primaryApplicant('5555550199') } };
    const ex = await t.send({ method: 'PUT', path: itemPath(app.id), json: changed });
    t.expect.status(ex, 400);
    t.expect.errorsEnvelope(ex);
  },
  { needs: { writes: true, fixtures: ['planLimited'] } },
);
