/** The utility family's operation (4.1), for the checks that loop over every operation (suites/operations.ts). */
import type { OperationTable } from '../../harness/suite/index.js';

export const UTILITY_OPERATIONS = {
  ping: {
    route: 'GET /v1/ping',
    writes: false,
    success: { rule: 'PING-200', status: 200 },
    request: () => ({ method: 'GET', path: '/v1/ping' }),
  },
} satisfies OperationTable;
