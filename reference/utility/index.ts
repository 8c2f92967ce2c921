/** GET /v1/ping (4.1): reachability and key validity. */
import { json } from '../core/respond.js';
import type { RouteModule } from '../types.js';

export const utilityRoutes: RouteModule = () => [
  {
    method: 'GET',
    pattern: '/v1/ping',
    family: 'utility',
    success: { rule: 'PING-200', status: [200] },
    handler: () => json({ environment: 'sandbox', ok: true }),
  },
];
