/**
 * Policy-status single read (4.8): a known confirmation id is 200, an unknown one 404, and
 * exchange=on_exchange and plan_year are required.
 */
import { externalId } from '../../generators/index.js';
import { draw, expectSuccessAnswer, verify, wrongIn } from '../../harness/suite/index.js';
import { expectNo5xx, expectRejected } from '../../harness/checks/index.js';
import { POLICY_STATUS_OPERATIONS } from './operations.js';
import { expectPolicyStatuses, readRequest } from './policy-requests.js';

const needs = { fixtures: ['confirmationId', 'policyPlanYear'] };

/** A confirmation id no application has (ids are digits; this one is all zeros). */
const UNKNOWN_CONFIRMATION_ID = '0000000000';

verify(
  'the policy status of a known confirmation id is 200 with its policy statuses',
  ['POLICY-READ-200', 'SCHEMA-RESPONSE-VALID', 'SCHEMA-SUCCESS-JSON'],
  async (t) => {
    const op = POLICY_STATUS_OPERATIONS.getPolicyStatusApplication;
    const ex = await t.send(await op.request(t));
    expectSuccessAnswer(t, 'getPolicyStatusApplication', op, ex, () => expectPolicyStatuses(t, ex, 'POLICY-READ-200'));
  },
  { needs },
);

verify(
  'the policy status of an unknown confirmation id is 404, and of one holding any other character 404 or ' +
    '400, never a 5xx',
  ['POLICY-READ-404', 'ENVELOPE-UNIFIED-SHAPE', 'SCHEMA-RESPONSE-VALID', 'EDGE-NO-5XX'],
  async (t) => {
    const ex = await t.send(readRequest(t, {}, UNKNOWN_CONFIRMATION_ID));
    t.expect.rules('POLICY-READ-404').status(ex, 404);
    t.expect.rules('ENVELOPE-UNIFIED-SHAPE').unifiedEnvelope(ex);
    t.expect.rules('SCHEMA-RESPONSE-VALID').schemaValid(ex, 'getPolicyStatusApplication');
    // An id over every character a string allows (its path segment percent-encoded): not one
    // the target issued, and one it may refuse as malformed.
    const odd = draw(t, externalId({ stamp: 'unknown ', maxLength: 40 }), 'policy-status unknown id');
    const oddEx = await t.send(readRequest(t, {}, odd, 'an id outside the digits'));
    expectNo5xx(t.expect.rules('EDGE-NO-5XX'), oddEx);
    t.expect.rules('POLICY-READ-404').status(oddEx, [404, 400]);
    t.expect.rules('ENVELOPE-UNIFIED-SHAPE').unifiedEnvelope(oddEx);
  },
  { needs: { fixtures: ['policyPlanYear'] } },
);

verify(
  'a policy-status read without exchange is 400',
  ['POLICY-READ-EXCHANGE-REQUIRED', 'ENVELOPE-UNIFIED-SHAPE'],
  async (t) => {
    expectRejected(
      t.expect,
      await t.send({ ...readRequest(t, { exchange: undefined }), ...wrongIn('exchange') }),
      'POLICY-READ-EXCHANGE-REQUIRED',
      'ENVELOPE-UNIFIED-SHAPE',
    );
  },
  { needs },
);

verify(
  'a policy-status read without plan_year is 400',
  ['POLICY-READ-PLAN-YEAR-REQUIRED', 'ENVELOPE-UNIFIED-SHAPE'],
  async (t) => {
    expectRejected(
      t.expect,
      await t.send({ ...readRequest(t, { plan_year: undefined }), ...wrongIn('plan_year') }),
      'POLICY-READ-PLAN-YEAR-REQUIRED',
      'ENVELOPE-UNIFIED-SHAPE',
    );
  },
  { needs },
);
