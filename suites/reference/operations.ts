/**
 * The reference family's operations (4.2 to 4.4), one valid request each from the profile's
 * fixtures, for the checks that loop over every operation (suites/operations.ts). Reference data
 * is open to any valid key (5.4): no gate.
 */
import type { OperationTable } from '../../harness/suite/index.js';
import { countiesRequest, issuersRequest, providerSearch } from './reference-requests.js';

export const REFERENCE_OPERATIONS = {
  listCounties: {
    route: 'GET /v1/reference/counties',
    writes: false,
    success: { rule: 'COUNTIES-200', status: 200 },
    needs: { fixtures: ['zipCode'] },
    request: (t) => countiesRequest(t.fixture<string>('zipCode'), 'counties'),
  },
  listIssuers: {
    route: 'GET /v1/reference/issuers',
    writes: false,
    success: { rule: 'ISSUERS-200', status: 200 },
    needs: { fixtures: ['state'] },
    request: (t) => issuersRequest({ state: t.fixture<string>('state') }, 'issuers'),
  },
  searchProviders: {
    route: 'GET /v1/reference/providers',
    writes: false,
    success: { rule: 'PROVIDERS-200', status: 200 },
    // The ZIP code is `providerZipCode` when the profile has it (read when present), else `zipCode`.
    needs: { fixtures: ['providerQuery', 'zipCode'] },
    request: (t) => providerSearch(t, { 'page[size]': 1 }, 'providers'),
  },
} satisfies OperationTable;
