/**
 * The older ICHRA interface's operations (4.16), one request each from the profile's fixtures
 * and the contract's APTC sample (the only body it shows), for the checks that loop over every
 * operation (suites/operations.ts). An application operation names an id nobody issued: the
 * edge refuses a missing or invalid key before any lookup. No section says a POST of this
 * interface changes nothing, so each is a write (a read-only run never sends it). The contract
 * states a success status for quotes, APTC estimates and the two reads (200); the deeplink, an
 * application's create and its submit answer any 2xx (`2XX` in the document): no `success` entry,
 * their checks judge a 2xx (legacy-requests.ts `expectSuccess`).
 */
import type { OperationTable } from '../../harness/suite/index.js';
import {
  APTC_PATHS,
  aptcRequest,
  createApplication,
  planRequest,
  quoteRequest,
  readApplication,
  submitApplication,
  UNKNOWN_APPLICATION_ID,
} from './legacy-requests.js';

export const LEGACY_OPERATIONS = {
  legacyCreateQuote: {
    route: 'POST /api/v1/quotes',
    writes: true,
    success: { rule: 'LEGACY-QUOTES', status: 200 },
    needs: { fixtures: ['zipCode'] },
    request: quoteRequest,
  },
  legacyCreateAptcEstimate: {
    route: `POST ${APTC_PATHS.canonical}`,
    // 4.16: "also written `POST /aptc_estimates`": one operation reachable under both paths.
    alsoAt: [`POST ${APTC_PATHS.alias}`],
    writes: true,
    // The one request body the contract shows (4.16): the APTC sample.
    body: 'json',
    success: { rule: 'LEGACY-APTC', status: 200 },
    needs: { fixtures: ['zipCode'] },
    request: (t) => aptcRequest(t, APTC_PATHS.canonical),
  },
  legacyGetPlan: {
    route: 'GET /api/v1/plans/{hios_id}',
    writes: false,
    success: { rule: 'LEGACY-PLAN', status: 200 },
    needs: { fixtures: ['legacyPlanHiosId'] },
    request: (t) => planRequest(t.fixture('legacyPlanHiosId')),
  },
  legacyCreateOffExchangeDeeplink: {
    route: 'POST /public/ichra/off_ex',
    writes: true,
    needs: { fixtures: ['legacyPlanHiosId', 'zipCode'] },
    request: (t) => ({
      method: 'POST',
      api: 'legacy',
      path: '/public/ichra/off_ex',
      json: {
        plan_hios_id: t.fixture('legacyPlanHiosId'),
        zip_code: t.fixture('zipCode'),
        external_id: t.idempotencyKey('deeplink'),
      },
    }),
  },
  legacyCreateApplication: {
    route: 'POST /api/v1/applications',
    writes: true,
    needs: { fixtures: ['legacyPlanHiosId'] },
    request: (t) => createApplication(t),
  },
  legacyGetApplication: {
    route: 'GET /api/v1/applications/{id}',
    writes: false,
    success: { rule: 'LEGACY-APPLICATION-READ', status: 200 },
    request: () => readApplication(UNKNOWN_APPLICATION_ID),
  },
  legacySubmitApplication: {
    route: 'POST /api/v1/applications/{id}/submit',
    writes: true,
    request: () => submitApplication(UNKNOWN_APPLICATION_ID),
  },
} satisfies OperationTable;
