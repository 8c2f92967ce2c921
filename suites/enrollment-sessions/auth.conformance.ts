/**
 * The key at the edge on the sessions route (5.2): missing or invalid gives 403 forbidden in
 * the unified envelope. The body is valid, so only the key can be the reason.
 */
import { verify, KEY_CASES } from '../../harness/suite/index.js';
import { expectForbidden } from '../../harness/checks/index.js';
import { createSession, freshExternalId, sessionBody, sessionTarget, SESSION_FIXTURES } from './session-body.js';

for (const { what, rule, key } of KEY_CASES) {
  verify(
    `a session request ${what} gets 403 forbidden in the unified envelope`,
    [rule, 'ENVELOPE-UNIFIED-SHAPE'],
    async (t) => {
      const target = await sessionTarget(t);
      const ex = await t.send(
        createSession(sessionBody(target, 'self_service', { externalId: freshExternalId(t) }), key),
      );
      expectForbidden(t.expect, ex, rule, 'ENVELOPE-UNIFIED-SHAPE');
    },
    { needs: { writes: true, fixtures: SESSION_FIXTURES } },
  );
}
