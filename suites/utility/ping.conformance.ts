/**
 * Utility family: `GET /v1/ping` (4.1) and an unknown route. The first check is the smoke
 * profile's reachability probe; its error-envelope probe is ping's missing key (suites/owed/).
 */
import { expectSuccessAnswer, verify } from '../../harness/suite/index.js';
import { UTILITY_OPERATIONS } from './operations.js';

verify(
  'ping answers 200 with the ping object',
  ['PING-200', 'PING-SCHEMA', 'SCHEMA-RESPONSE-VALID', 'SCHEMA-SUCCESS-JSON', 'AUTH-KEY-NOT-ECHOED'],
  async (t) => {
    const op = UTILITY_OPERATIONS.ping;
    const ex = await t.send(await op.request());
    // The rule-specific claim comes before the generic schema check (expectSuccessAnswer), so a
    // broken ping object is reported against PING-SCHEMA rather than only SCHEMA-RESPONSE-VALID.
    expectSuccessAnswer(t, 'ping', op, ex, () => {
      const body = t.json<{ ok?: unknown; environment?: unknown }>(ex);
      t.expect.rules('PING-SCHEMA').that(ex, {
        holds: typeof body?.ok === 'boolean' && typeof body?.environment === 'string',
        title: 'ping object fields',
        expected: '`ok` a boolean and `environment` a string',
        observed: () => `ok ${JSON.stringify(body?.ok)}, environment ${JSON.stringify(body?.environment)}`,
      });
    });
  },
  { profiles: 'all' },
);

verify('an unknown route under /v1 is 404', ['EDGE-UNKNOWN-ROUTE-404'], async (t) => {
  const ex = await t.send({ method: 'GET', path: '/v1/no-such-route' });
  t.expect.status(ex, 404);
});
