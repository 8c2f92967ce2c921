/**
 * The key at the edge on the Medicare contact API (5.2): a missing or invalid key gives 403
 * forbidden in the unified envelope. The update is otherwise valid, so only the key can be the
 * reason.
 */
import { verify, KEY_CASES } from '../../harness/suite/index.js';
import { expectForbidden } from '../../harness/checks/index.js';
import { needs, updateContact, validUpdate } from './contact-request.js';

for (const { what, rule, key } of KEY_CASES) {
  verify(
    `a contact update ${what} gets 403 forbidden in the unified envelope`,
    [rule, 'SCHEMA-RESPONSE-VALID'],
    async (t) => {
      const ex = await t.send({ ...updateContact(t, validUpdate(t)), ...key });
      expectForbidden(t.expect, ex, rule);
      t.expect.rules('SCHEMA-RESPONSE-VALID').schemaValid(ex, 'updateContact');
    },
    { needs: { ...needs, writes: true } },
  );
}
