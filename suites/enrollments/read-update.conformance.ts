/**
 * Reading one application (4.12) and the PUT refusal for carriers without post-enrollment
 * changes (4.11). Tracked changes and resubmission are in state-submit.conformance.ts.
 */
import { expectSuccessAnswer, stepFailed, verify, wrongIn } from '../../harness/suite/index.js';
import { applicationIdOf } from './application-reader.js';
import { createApplication, fullDraft, SHARED_STEPS, statusOf, submitAndSettle } from './applications.js';
import { expectAnyRefusal, expectPolicyStatusInEnum } from './observe.js';
import { ENROLLMENT_OPERATIONS } from './operations.js';
import { primaryApplicant, readRequest, UNKNOWN_ENROLLMENT_ID, updateBody, updateRequest } from './requests.js';

verify(
  'reading a created application returns 200 with that application',
  ['ENR-READ-200', 'ENR-POLICY-STATUS-ENUM', 'SCHEMA-RESPONSE-VALID', 'SCHEMA-SUCCESS-JSON'],
  async (t) => {
    const app = await fullDraft(t);
    const op = ENROLLMENT_OPERATIONS.getEnrollment;
    const ex = await t.send(op.on(t, app));
    expectSuccessAnswer(t, 'getEnrollment', op, ex, () => {
      const read = applicationIdOf(t.json(ex));
      t.expect.rules('ENR-READ-200').that(ex, {
        holds: read === app.id,
        title: 'another application',
        expected: `the application ${app.id}`,
        observed: `id ${JSON.stringify(read)}`,
      });
      expectPolicyStatusInEnum(t.expect.rules('ENR-POLICY-STATUS-ENUM'), ex);
    });
  },
  { needs: { writes: true, fixtures: ['planFull'] } },
);

verify('reading an unknown enrollment id gives 404', ['ENR-READ-404'], async (t) => {
  const ex = await t.send(readRequest(UNKNOWN_ENROLLMENT_ID));
  t.expect.status(ex, 404);
});

verify(
  'a read with a query parameter other than product and exchange is refused with a 4xx',
  ['ENR-READ-UNSUPPORTED-PARAM'],
  async (t) => {
    // An application that exists, so only the parameter can be the reason for a refusal.
    const app = await fullDraft(t);
    const ex = await t.send({
      ...readRequest(app.id),
      query: { product: 'ichra', exchange: 'off_exchange', plan_year: 2026 },
      ...wrongIn('plan_year'),
    });
    // 4.12 states no status for the read, and section 7 names invalid_request for the list's parameters only.
    expectAnyRefusal(t.expect, ex);
  },
  { needs: { writes: true, fixtures: ['planFull'] } },
);

verify(
  'PUT on a submitted application whose carrier does not support post-enrollment changes is refused with a 4xx',
  ['ENR-UPDATE-UNSUPPORTED-CARRIER'],
  async (t) => {
    // Submitted first: a change before enrollment (a draft) is not a post-enrollment change, any carrier takes it.
    const app = await createApplication(t, 'planLimited', { start: 'future' });
    const settled = await submitAndSettle(t, app);
    if (statusOf(settled) === 'draft' || statusOf(settled) === 'submission_failed') {
      const { step, hint } = SHARED_STEPS.acceptedSubmission('planLimited');
      stepFailed(step, settled, 'policy_status pending_effectuation or effectuated', { hint });
    }
    const ex = await t.send(
      updateRequest(app.id, updateBody(app.request, primaryApplicant('5555550199')), {
        label: 'change the phone number',
      }),
    );
    // 4.11 states no status for PUT: any refusal in the family's envelope.
    expectAnyRefusal(t.expect, ex);
  },
  { needs: { writes: true, fixtures: ['planLimited'] } },
);
