/**
 * Utility family: `GET /v1/ping` (4.1), the key at the edge (5.2) and unknown routes.
 * The first two checks are the smoke profile's reachability and error-envelope probes.
 */
import { expectSuccessAnswer, verify } from '../../harness/suite/index.js';
import { expectForbidden } from '../../harness/checks/index.js';
import { UTILITY_OPERATIONS } from './operations.js';

const ping = { method: 'GET', path: '/v1/ping' } as const;

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

verify(
  'ping without a key is 403 forbidden in the unified envelope',
  ['AUTH-MISSING-KEY-403', 'ENVELOPE-UNIFIED-SHAPE', 'SCHEMA-RESPONSE-VALID'],
  async (t) => {
    const ex = await t.send({ ...ping, role: null });
    expectForbidden(t.expect, ex, 'AUTH-MISSING-KEY-403', 'ENVELOPE-UNIFIED-SHAPE');
    t.expect.rules('SCHEMA-RESPONSE-VALID').schemaValid(ex, 'ping');
  },
  { profiles: 'all' },
);

verify(
  'ping with an invalid key is 403 forbidden in the unified envelope',
  ['AUTH-INVALID-KEY-403', 'ENVELOPE-UNIFIED-SHAPE'],
  async (t) => {
    const ex = await t.send({ ...ping, invalidKey: true });
    expectForbidden(t.expect, ex, 'AUTH-INVALID-KEY-403', 'ENVELOPE-UNIFIED-SHAPE');
  },
);

verify(
  'ping answers a valid unapproved key with 200',
  ['GATE-UNGATED-OPEN'],
  async (t) => {
    const ex = await t.send({ ...ping, role: t.role('unapproved') });
    t.expect.status(ex, 200);
  },
  { needs: { roles: ['unapproved'], distinctKeys: ['approved', 'unapproved'] } },
);

verify('an unknown route under /v1 is 404', ['EDGE-UNKNOWN-ROUTE-404'], async (t) => {
  const ex = await t.send({ method: 'GET', path: '/v1/no-such-route' });
  t.expect.status(ex, 404);
});
