/**
 * Submission (section 3.1, 3.2, 4.13): refused with outstanding errors, accepted (202) when
 * clean with its outcome shown later in policy_status, refused again with no changes, and
 * accepted again after tracked PUT changes for a carrier that supports them.
 */
import {
  expectSuccessShared,
  RuleViolation,
  SkipCheck,
  stepFailed,
  verify,
  type CheckContext,
  type Exchange,
} from '../../harness/suite/index.js';
import { outstandingErrors, valueShown } from './application-reader.js';
import {
  createApplication,
  once,
  readUntilLeaves,
  sendAction,
  sharedApplication,
  SUBMIT_202,
  statusOf,
  type Application,
} from './applications.js';
import { expectPolicyStatusInEnum } from './observe.js';
import { primaryApplicant, readRequest, UNKNOWN_ENROLLMENT_ID, updateBody, updateRequest } from './requests.js';

verify(
  'submitting an application that shows outstanding errors gets 422 in the errors[] envelope',
  ['ENR-SUBMIT-OUTSTANDING-ERRORS-422', 'ENR-ERRORS-ENVELOPE'],
  async (t) => {
    let app: Application;
    try {
      app = await sharedApplication(t, 'withErrors', 'planFull', { incomplete: true });
    } catch (e) {
      // A target that refuses incomplete applications at create never holds one to submit.
      const status = e instanceof RuleViolation ? e.exchange?.response?.status : undefined;
      if (status === 400 || status === 422)
        throw new SkipCheck('an application with outstanding errors (the target refuses them at create)');
      throw e;
    }
    // Which members a carrier needs is not stated: submit only what the application itself shows as having errors.
    if (outstandingErrors(app.created) === 0) {
      const read = await t.send({ ...readRequest(app.id), label: 'are there outstanding errors?' });
      if (outstandingErrors(read.response?.json) === 0)
        throw new SkipCheck(
          'an application with outstanding errors (errors[] on the application is empty without signature, ' +
            'email and phone)',
        );
    }
    const { ex } = await sendAction(t, app.id, 'submissions');
    t.expect.rules('ENR-SUBMIT-OUTSTANDING-ERRORS-422').status(ex, 422);
    t.expect.rules('ENR-ERRORS-ENVELOPE').errorsEnvelope(ex);
  },
  { needs: { writes: true, fixtures: ['planFull'] } },
);

/** A clean planFull application starting later (so it stays pending), submitted and settled. */
interface Submitted {
  app: Application;
  submit: Exchange;
  /** The last read of the poll. */
  settled: Exchange;
}

const has = (t: CheckContext, rule: string): boolean => t.rules.some((r) => r.id === rule);

async function submitClean(t: CheckContext): Promise<Submitted> {
  const app = await createApplication(t, 'planFull', { start: 'future' });
  // The body carries no context.plan_year: it is not required for submission (4.13).
  const { ex: submit } = await sendAction(t, app.id, 'submissions');
  if (has(t, 'ENR-SUBMIT-202')) t.expect.rules('ENR-SUBMIT-PLAN-YEAR-OPTIONAL', 'ENR-SUBMIT-202').status(submit, 202);
  else if (submit.response?.status !== 202)
    stepFailed('submit a clean application', submit, 'status 202', { breaks: [SUBMIT_202] });
  const settled = await readUntilLeaves(t, app.id, ['draft'], 'poll until the submission outcome shows');
  return { app, submit, settled };
}

const submittedApplication = (t: CheckContext): Promise<Submitted> => once(t, 'submittedFull', () => submitClean(t));

verify(
  'a clean application is accepted for submission with 202 and its read then shows the outcome in policy_status',
  [
    'ENR-SUBMIT-202',
    'ENR-SUBMIT-PLAN-YEAR-OPTIONAL',
    'ENR-SUBMIT-ASYNC-OUTCOME',
    'ENR-POLICY-STATUS-ENUM',
    'SCHEMA-RESPONSE-VALID',
    'SCHEMA-SUCCESS-JSON',
  ],
  async (t) => {
    const { app, submit, settled } = await submittedApplication(t);
    t.expect.rules('ENR-SUBMIT-PLAN-YEAR-OPTIONAL', 'ENR-SUBMIT-202').status(submit, 202);
    expectPolicyStatusInEnum(t.expect.rules('ENR-POLICY-STATUS-ENUM'), submit);
    expectPolicyStatusInEnum(t.expect.rules('ENR-POLICY-STATUS-ENUM'), settled);
    // Any outcome shown will do (3.1): pending, already effectuated, or refused by the carrier.
    const outcome = statusOf(settled);
    t.expect.rules('ENR-SUBMIT-ASYNC-OUTCOME').that(settled, {
      holds: settled.response?.status === 200 && outcome !== undefined && outcome !== 'draft',
      title: 'submission outcome not shown',
      expected: `a policy_status other than draft on ${app.id} within asyncTimeoutMs`,
      observed: `status ${settled.response?.status ?? 'none'}, policy_status ${JSON.stringify(outcome)}`,
    });
    expectSuccessShared(t, 'submitEnrollmentApplication', submit);
  },
  { needs: { writes: true, fixtures: ['planFull'] } },
);

verify(
  'a resubmission with no changes gets 422; after a PUT change the application shows it and a resubmission gets 202',
  ['ENR-SUBMIT-NO-CHANGES-422', 'ENR-UPDATE-TRACKED', 'ENR-SUBMIT-RESUBMIT-AFTER-CHANGES', 'SCHEMA-SUCCESS-JSON'],
  async (t) => {
    const { app, settled } = await submittedApplication(t);
    if (statusOf(settled) !== 'pending_effectuation')
      throw new SkipCheck('an accepted submission (see the submission check)');
    const again = await sendAction(t, app.id, 'submissions', 'resubmit without changes');
    t.expect.rules('ENR-SUBMIT-NO-CHANGES-422').status(again.ex, 422);
    t.expect.rules('ENR-SUBMIT-NO-CHANGES-422').errorsEnvelope(again.ex);

    // The complete primary applicant with one changed member (the document's EnrollmentUpdateRequest).
    const phone = '5555550177';
    const put = await t.send(
      updateRequest(app.id, updateBody(app.request, primaryApplicant(phone)), { label: 'change the phone number' }),
    );
    t.expect.rules('ENR-UPDATE-TRACKED').status(put, [200, 201, 202, 204]);
    expectSuccessShared(t, 'updateEnrollment', put);
    const read = await t.send({ ...readRequest(app.id), label: 'the change shows on the application' });
    // Wherever the read puts the application's data (its members are not shown): any member holding the new phone.
    t.expect.rules('ENR-UPDATE-TRACKED').that(read, {
      holds: valueShown(read.response?.json, phone),
      title: 'change not shown',
      expected: `the new phone "${phone}" somewhere in the read`,
      observed: () => `no member holds it: ${read.response!.body.slice(0, 300)}`,
    });

    const resubmit = await sendAction(t, app.id, 'submissions', 'resubmit after the change');
    t.expect.rules('ENR-SUBMIT-RESUBMIT-AFTER-CHANGES').status(resubmit.ex, 202);
  },
  { needs: { writes: true, fixtures: ['planFull'] } },
);

verify(
  'a submission the carrier refuses ends in submission_failed',
  ['ENR-SUBMIT-FAILED-OUTCOME'],
  async (t) => {
    const app = await createApplication(t, 'planSubmissionFails');
    const { ex } = await sendAction(t, app.id, 'submissions');
    t.expect.status(ex, 202);
    const last = await readUntilLeaves(t, app.id, ['draft'], 'poll until the submission outcome shows');
    t.expect.that(last, {
      holds: statusOf(last) === 'submission_failed',
      title: 'refused submission not shown',
      expected: 'policy_status submission_failed',
      observed: `policy_status ${JSON.stringify(statusOf(last))}`,
    });
  },
  { needs: { writes: true, fixtures: ['planSubmissionFails'] } },
);

verify(
  'submitting an unknown enrollment id gives 404 in the errors[] envelope',
  ['ENR-SUBMIT-404', 'ENVELOPE-ERRORS-SHAPE'],
  async (t) => {
    const { ex } = await sendAction(t, UNKNOWN_ENROLLMENT_ID, 'submissions');
    t.expect.rules('ENR-SUBMIT-404').status(ex, 404);
    t.expect.rules('ENVELOPE-ERRORS-SHAPE').errorsEnvelope(ex);
  },
  { needs: { writes: true } },
);
