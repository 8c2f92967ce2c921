/**
 * Older ICHRA interface, plan lookup (4.16): `GET /api/v1/plans/:hios_id` for a plan the
 * target has (fixture `legacyPlanHiosId`) and for one it cannot have. The known-plan read is
 * the family's one smoke probe.
 */
import { expectSuccessAnswer, verify } from '../../harness/suite/index.js';
import { UNKNOWN_PLAN_HIOS_ID, planRequest } from './legacy-requests.js';
import { LEGACY_OPERATIONS } from './operations.js';

verify(
  'plan lookup answers 200 JSON for a known plan',
  ['LEGACY-PLAN', 'SCHEMA-SUCCESS-JSON', 'SCHEMA-RESPONSE-VALID', 'AUTH-KEY-NOT-ECHOED'],
  async (t) => {
    const op = LEGACY_OPERATIONS.legacyGetPlan;
    expectSuccessAnswer(t, 'legacyGetPlan', op, await t.send(await op.request(t)));
  },
  { profiles: 'all', needs: { fixtures: ['legacyPlanHiosId'] } },
);

verify('plan lookup answers 404 for an unknown plan', ['LEGACY-PLAN-404'], async (t) => {
  const ex = await t.send(planRequest(UNKNOWN_PLAN_HIOS_ID));
  t.expect.status(ex, 404);
});
