/**
 * The key on the reference routes (5.2, 5.4): no key or an invalid key is `403 forbidden` in the
 * unified envelope; a valid key without approvals is served, since reference data is not gated.
 * Each request is the family's valid one (operations.ts), so the key is the only reason for a refusal.
 */
import { expectForbidden } from '../../harness/checks/index.js';
import { needsOf, sentWith, verify } from '../../harness/suite/index.js';
import { REFERENCE_OPERATIONS } from './operations.js';

const needs = needsOf(Object.values(REFERENCE_OPERATIONS));

verify(
  'every reference route without a key is 403 forbidden in the unified envelope',
  ['AUTH-MISSING-KEY-403', 'ENVELOPE-UNIFIED-SHAPE', 'SCHEMA-RESPONSE-VALID'],
  async (t) => {
    for await (const [operationId, ex] of sentWith(t, REFERENCE_OPERATIONS, { role: null })) {
      expectForbidden(t.expect, ex, 'AUTH-MISSING-KEY-403', 'ENVELOPE-UNIFIED-SHAPE');
      t.expect.rules('SCHEMA-RESPONSE-VALID').schemaValid(ex, operationId);
    }
  },
  { needs },
);

verify(
  'every reference route with an invalid key is 403 forbidden in the unified envelope',
  ['AUTH-INVALID-KEY-403', 'ENVELOPE-UNIFIED-SHAPE'],
  async (t) => {
    for await (const [, ex] of sentWith(t, REFERENCE_OPERATIONS, { invalidKey: true }))
      expectForbidden(t.expect, ex, 'AUTH-INVALID-KEY-403', 'ENVELOPE-UNIFIED-SHAPE');
  },
  { needs },
);

verify(
  'every reference route answers a valid key without approvals with 200',
  ['GATE-UNGATED-OPEN'],
  async (t) => {
    const role = t.role('unapproved');
    for await (const [, ex] of sentWith(t, REFERENCE_OPERATIONS, { role })) t.expect.status(ex, 200);
  },
  { needs: { ...needs, roles: ['unapproved'], distinctKeys: ['approved', 'unapproved'] } },
);
