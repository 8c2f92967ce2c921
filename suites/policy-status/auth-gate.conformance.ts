/**
 * The key and the approval gate on policy status (5.2, 5.4): no key or an invalid key is
 * `403 forbidden`; a valid key of an account not approved for policy status is `403 forbidden`
 * too. Each request is the family's valid one (operations.ts), so the key is the only reason for
 * a refusal.
 */
import { expectForbidden } from '../../harness/checks/index.js';
import { needsOf, sentWith, verify } from '../../harness/suite/index.js';
import { POLICY_STATUS_OPERATIONS } from './operations.js';

const GATE = 'GATE-POLICY-UNAPPROVED-403';
const needs = needsOf(Object.values(POLICY_STATUS_OPERATIONS));

verify(
  'both policy-status routes without a key are 403 forbidden in the unified envelope',
  ['AUTH-MISSING-KEY-403', 'ENVELOPE-UNIFIED-SHAPE'],
  async (t) => {
    for await (const [, ex] of sentWith(t, POLICY_STATUS_OPERATIONS, { role: null }))
      expectForbidden(t.expect, ex, 'AUTH-MISSING-KEY-403', 'ENVELOPE-UNIFIED-SHAPE');
  },
  { needs },
);

verify(
  'both policy-status routes with an invalid key are 403 forbidden in the unified envelope',
  ['AUTH-INVALID-KEY-403', 'ENVELOPE-UNIFIED-SHAPE'],
  async (t) => {
    for await (const [, ex] of sentWith(t, POLICY_STATUS_OPERATIONS, { invalidKey: true }))
      expectForbidden(t.expect, ex, 'AUTH-INVALID-KEY-403', 'ENVELOPE-UNIFIED-SHAPE');
  },
  { needs },
);

verify(
  'both policy-status routes refuse a key not approved for policy status with 403 forbidden',
  [GATE, 'ENVELOPE-UNIFIED-SHAPE', 'SCHEMA-RESPONSE-VALID'],
  async (t) => {
    const role = t.role('unapproved');
    const gated = Object.fromEntries(Object.entries(POLICY_STATUS_OPERATIONS).filter(([, op]) => op.gate === GATE));
    for await (const [operationId, ex] of sentWith(t, gated, { role })) {
      expectForbidden(t.expect, ex, GATE, 'ENVELOPE-UNIFIED-SHAPE');
      t.expect.rules('SCHEMA-RESPONSE-VALID').schemaValid(ex, operationId);
    }
  },
  { needs: { ...needs, roles: ['unapproved'] } },
);
