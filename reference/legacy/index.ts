/**
 * The older ICHRA partner API (4.16): quotes, APTC estimates (under two paths), plan lookup,
 * the off-exchange deeplink and applications with webhook deliveries. Ungated; failures in the
 * unified envelope.
 */
import type { Route, RouteModule, ServerEnv } from '../types.js';
import { legacyApplications } from './applications.js';
import { createDeeplink } from './deeplink.js';
import { getPlan } from './plans.js';
import { createAptcEstimate, createQuote } from './quotes.js';

export const legacyRoutes: RouteModule = (env: ServerEnv): Route[] => {
  const apps = legacyApplications(env);
  const family = 'legacy-ichra' as const;
  return [
    { family, method: 'POST', pattern: '/api/v1/quotes', handler: createQuote },
    { family, method: 'POST', pattern: '/api/v1/aptc_estimates', handler: createAptcEstimate },
    { family, method: 'POST', pattern: '/aptc_estimates', handler: createAptcEstimate },
    { family, method: 'GET', pattern: '/api/v1/plans/{hios_id}', handler: getPlan },
    { family, method: 'POST', pattern: '/public/ichra/off_ex', handler: createDeeplink },
    { family, method: 'POST', pattern: '/api/v1/applications', handler: apps.create },
    { family, method: 'GET', pattern: '/api/v1/applications/{id}', handler: apps.read },
    { family, method: 'POST', pattern: '/api/v1/applications/{id}/submit', handler: apps.submit },
  ];
};
