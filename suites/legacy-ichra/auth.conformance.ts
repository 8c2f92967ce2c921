/**
 * The key at the edge on the older ICHRA interface (5.2): a missing or invalid `x-api-key`
 * gives 403 forbidden in the unified envelope. Checked on the plan lookup, a read, with a
 * plan the target has, so only the key can be the reason.
 */
import { KEY_CASES, needsOf, verify } from '../../harness/suite/index.js';
import { expectForbidden } from '../../harness/checks/index.js';
import { LEGACY_OPERATIONS } from './operations.js';

const { legacyGetPlan: lookup } = LEGACY_OPERATIONS;

for (const { what, rule, key } of KEY_CASES) {
  verify(
    `a legacy plan lookup ${what} gets 403 forbidden in the unified envelope`,
    [rule, 'SCHEMA-RESPONSE-VALID'],
    async (t) => {
      const ex = await t.send({ ...lookup.request(t), ...key });
      expectForbidden(t.expect, ex, rule);
      t.expect.rules('SCHEMA-RESPONSE-VALID').schemaValid(ex, 'legacyGetPlan');
    },
    { needs: needsOf([lookup]) },
  );
}
