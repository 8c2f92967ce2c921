/**
 * Edge behaviour (section 7): unknown routes. Hostile values in every operation's parameters and
 * members are each operation's own check (suites/owed/hostile.ts), under its family.
 */
import { verify } from '../../harness/suite/index.js';

verify('unknown routes below known prefixes are 404', ['EDGE-UNKNOWN-ROUTE-404'], async (t) => {
  for (const path of ['/v1/reference/no-such-list', '/v1/enrollment-sessions/no-such-session/no-such-action']) {
    const ex = await t.send({ method: 'GET', path });
    t.expect.status(ex, 404);
  }
});
