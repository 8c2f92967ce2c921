/**
 * The key at the edge on the older ICHRA interface (5.2): a missing or invalid `x-api-key`
 * gives 403 forbidden in the unified envelope. Checked on the plan lookup, a read, with a
 * plan the target has, so only the key can be the reason.
 */
import { verify, KEY_CASES } from '../../harness/suite/index.js';
import { expectForbidden } from '../../harness/checks/index.js';
import { planRequest } from './legacy-requests.js';

for (const { what, rule, key } of KEY_CASES) {
  verify(
    `a legacy plan lookup ${what} gets 403 forbidden in the unified envelope`,
    [rule, 'SCHEMA-RESPONSE-VALID'],
    async (t) => {
      const ex = await t.send({ ...planRequest(t.fixture('legacyPlanHiosId')), ...key });
      expectForbidden(t.expect, ex, rule);
      t.expect.rules('SCHEMA-RESPONSE-VALID').schemaValid(ex, 'legacyGetPlan');
    },
    { needs: { fixtures: ['legacyPlanHiosId'] } },
  );
}
