/**
 * The policy-status family's operations (4.7, 4.8), one valid request each from the profile's
 * fixtures, for the checks that loop over every operation (suites/operations.ts). Both are
 * approval-gated (5.4).
 */
import type { OperationTable } from '../../harness/suite/index.js';
import { listRequest, readRequest } from './policy-requests.js';

const GATE = 'GATE-POLICY-UNAPPROVED-403';

export const POLICY_STATUS_OPERATIONS = {
  listPolicyStatusApplications: {
    route: 'GET /v1/policy-status/applications',
    gate: GATE,
    writes: false,
    success: { rule: 'POLICY-LIST-200', status: 200 },
    needs: { fixtures: ['policyPlanYear'] },
    request: (t) => listRequest(t, { limit: 1 }, 'list'),
  },
  getPolicyStatusApplication: {
    route: 'GET /v1/policy-status/applications/{confirmation_id}',
    gate: GATE,
    writes: false,
    success: { rule: 'POLICY-READ-200', status: 200 },
    needs: { fixtures: ['confirmationId', 'policyPlanYear'] },
    request: (t) => readRequest(t, {}, undefined, 'read'),
  },
} satisfies OperationTable;
