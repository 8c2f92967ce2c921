/**
 * Older ICHRA interface, plan lookup (4.16): `GET /api/v1/plans/:hios_id` for a plan the
 * target has (fixture `legacyPlanHiosId`) and for one it cannot have. The known-plan read is
 * the family's one smoke probe.
 */
import { verify } from '../../harness/suite/index.js';
import { JSON_CONTENT_TYPE, UNKNOWN_PLAN_HIOS_ID, planRequest } from './legacy-requests.js';

verify(
  'plan lookup answers 200 JSON for a known plan',
  ['LEGACY-PLAN', 'SCHEMA-SUCCESS-JSON', 'SCHEMA-RESPONSE-VALID', 'AUTH-KEY-NOT-ECHOED'],
  async (t) => {
    const ex = await t.send(planRequest(t.fixture('legacyPlanHiosId')));
    t.expect.rules('LEGACY-PLAN').status(ex, 200);
    t.expect.rules('SCHEMA-SUCCESS-JSON').header(ex, { name: 'content-type', value: JSON_CONTENT_TYPE });
    t.expect.rules('SCHEMA-RESPONSE-VALID').schemaValid(ex, 'legacyGetPlan');
    t.expect.rules('AUTH-KEY-NOT-ECHOED').keyNotEchoed(ex);
  },
  { profiles: 'all', needs: { fixtures: ['legacyPlanHiosId'] } },
);

verify('plan lookup answers 404 for an unknown plan', ['LEGACY-PLAN-404'], async (t) => {
  const ex = await t.send(planRequest(UNKNOWN_PLAN_HIOS_ID));
  t.expect.status(ex, 404);
});
