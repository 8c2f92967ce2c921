/**
 * The key at the edge on the sessions route (5.2): missing or invalid gives 403 forbidden in
 * the unified envelope. The request is the family's valid one (operations.ts), so only the key
 * can be the reason.
 */
import { KEY_CASES, needsOf, verify } from '../../harness/suite/index.js';
import { expectForbidden } from '../../harness/checks/index.js';
import { SESSION_OPERATIONS } from './operations.js';

const { createEnrollmentSession: session } = SESSION_OPERATIONS;

for (const { what, rule, key } of KEY_CASES) {
  verify(
    `a session request ${what} gets 403 forbidden in the unified envelope`,
    [rule, 'ENVELOPE-UNIFIED-SHAPE'],
    async (t) => {
      const ex = await t.send({ ...(await session.request(t)), ...key });
      expectForbidden(t.expect, ex, rule, 'ENVELOPE-UNIFIED-SHAPE');
    },
    { needs: needsOf([session]) },
  );
}
