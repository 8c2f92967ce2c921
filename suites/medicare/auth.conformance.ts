/**
 * The key at the edge on the Medicare contact API (5.2): a missing or invalid key gives 403
 * forbidden in the unified envelope. The update is otherwise valid, so only the key can be the
 * reason.
 */
import { KEY_CASES, needsOf, verify } from '../../harness/suite/index.js';
import { expectForbidden } from '../../harness/checks/index.js';
import { MEDICARE_OPERATIONS } from './operations.js';

const { updateContact: update } = MEDICARE_OPERATIONS;

for (const { what, rule, key } of KEY_CASES) {
  verify(
    `a contact update ${what} gets 403 forbidden in the unified envelope`,
    [rule, 'SCHEMA-RESPONSE-VALID'],
    async (t) => {
      const ex = await t.send({ ...update.request(t), ...key });
      expectForbidden(t.expect, ex, rule);
      t.expect.rules('SCHEMA-RESPONSE-VALID').schemaValid(ex, 'updateContact');
    },
    { needs: needsOf([update]) },
  );
}
