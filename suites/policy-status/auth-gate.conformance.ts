/**
 * The key and the approval gate on policy status (5.2, 5.4): no key or an invalid key is
 * `403 forbidden`; a valid key of an account not approved for policy status is `403 forbidden`
 * too. Each request is otherwise valid, so the key is the only reason for a refusal.
 */
import { verify, type ApiRequest, type CheckContext } from '../../harness/suite/index.js';
import { expectForbidden } from '../../harness/checks/index.js';
import { listRequest, readRequest } from './policy-kit.js';

const needs = { fixtures: ['confirmationId', 'policyPlanYear'] };

/** One valid request per policy-status route. */
const routes = (t: CheckContext): ApiRequest[] => [
  listRequest(t, { limit: 1 }, 'list'),
  readRequest(t, {}, undefined, 'read'),
];

verify(
  'both policy-status routes without a key are 403 forbidden in the unified envelope',
  ['AUTH-MISSING-KEY-403', 'ENVELOPE-UNIFIED-SHAPE'],
  async (t) => {
    for (const req of routes(t))
      expectForbidden(t.expect, await t.send({ ...req, role: null }), 'AUTH-MISSING-KEY-403', 'ENVELOPE-UNIFIED-SHAPE');
  },
  { needs },
);

verify(
  'both policy-status routes with an invalid key are 403 forbidden in the unified envelope',
  ['AUTH-INVALID-KEY-403', 'ENVELOPE-UNIFIED-SHAPE'],
  async (t) => {
    for (const req of routes(t))
      expectForbidden(
        t.expect,
        await t.send({ ...req, invalidKey: true }),
        'AUTH-INVALID-KEY-403',
        'ENVELOPE-UNIFIED-SHAPE',
      );
  },
  { needs },
);

verify(
  'both policy-status routes refuse a key not approved for policy status with 403 forbidden',
  ['GATE-POLICY-UNAPPROVED-403', 'ENVELOPE-UNIFIED-SHAPE', 'SCHEMA-RESPONSE-VALID'],
  async (t) => {
    const role = t.role('unapproved');
    const operations = ['listPolicyStatusApplications', 'getPolicyStatusApplication'];
    for (const [i, req] of routes(t).entries()) {
      const ex = await t.send({ ...req, role });
      expectForbidden(t.expect, ex, 'GATE-POLICY-UNAPPROVED-403', 'ENVELOPE-UNIFIED-SHAPE');
      t.expect.rules('SCHEMA-RESPONSE-VALID').schemaValid(ex, operations[i]!);
    }
  },
  { needs: { ...needs, roles: ['unapproved'] } },
);
