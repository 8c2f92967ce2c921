/**
 * The older ICHRA partner API (4.16): quotes, APTC estimates (under two paths), plan lookup,
 * the off-exchange deeplink and applications with webhook deliveries. Ungated; failures in the
 * unified envelope.
 */
import type { Route, RouteModule, ServerEnv, SuccessAnswer } from '../types.js';
import { legacyApplications } from './applications.js';
import { createDeeplink } from './deeplink.js';
import { getPlan } from './plans.js';
import { createAptcEstimate, createQuote } from './quotes.js';

export const legacyRoutes: RouteModule = (env: ServerEnv): Route[] => {
  const apps = legacyApplications(env);
  const family = 'legacy-ichra' as const;
  return [
    { family, method: 'POST', pattern: '/api/v1/quotes', success: ok('LEGACY-QUOTES'), handler: createQuote },
    { family, ...aptc, pattern: '/api/v1/aptc_estimates' },
    // 4.16: "also written `POST /aptc_estimates`": the same operation under a second path.
    { family, ...aptc, pattern: '/aptc_estimates' },
    { family, method: 'GET', pattern: '/api/v1/plans/{hios_id}', success: ok('LEGACY-PLAN'), handler: getPlan },
    // The deeplink, an application's create and its submit answer any 2xx: no success answer stated.
    { family, method: 'POST', pattern: '/public/ichra/off_ex', handler: createDeeplink },
    { family, method: 'POST', pattern: '/api/v1/applications', handler: apps.create },
    {
      family,
      method: 'GET',
      pattern: '/api/v1/applications/{id}',
      success: ok('LEGACY-APPLICATION-READ'),
      handler: apps.read,
    },
    { family, method: 'POST', pattern: '/api/v1/applications/{id}/submit', handler: apps.submit },
  ];
};

/** The contract states 200 for quotes, APTC estimates and the two reads. */
const ok = (rule: string): SuccessAnswer => ({ rule, status: [200] });

const aptc = {
  method: 'POST',
  success: ok('LEGACY-APTC'),
  handler: createAptcEstimate,
} as const satisfies Partial<Route>;
