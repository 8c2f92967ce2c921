/**
 * The sessions family's operation (4.6): a valid self_service session with a fresh external_id,
 * for the checks that loop over every operation (suites/operations.ts). Approval-gated (4.6, 5.4).
 */
import type { OperationTable } from '../../harness/suite/index.js';
import { createSession, freshExternalId, SESSION_FIXTURES, sessionBody, sessionTarget } from './session-body.js';

export const SESSION_OPERATIONS = {
  createEnrollmentSession: {
    route: 'POST /v1/enrollment-sessions',
    gate: 'GATE-SESSIONS-UNAPPROVED-403',
    writes: true,
    body: 'json',
    success: { rule: 'SESSIONS-200', status: 200 },
    needs: { fixtures: SESSION_FIXTURES },
    request: async (t) =>
      createSession(sessionBody(await sessionTarget(t), 'self_service', { externalId: freshExternalId(t) })),
  },
} satisfies OperationTable;
