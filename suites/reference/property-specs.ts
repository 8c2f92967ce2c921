/**
 * The generated-request properties of the reference family: which operation, which rules, and
 * the known values valid requests are drawn from (the profile's fixtures plus these).
 */
import type { CheckContext } from '../../harness/suite/index.js';
import { providerZip } from './reference-kit.js';
import type { RequestPropertySpec } from './request-property.js';

export const ISSUERS_PROPERTY: RequestPropertySpec = {
  title:
    'generated issuers requests: valid ones are 200, each broken constraint is 400 in the unified envelope, none is a 5xx',
  operationId: 'listIssuers',
  okRule: 'ISSUERS-200',
  breaks: {
    'state:required': 'ISSUERS-STATE-REQUIRED',
    'state:pattern': 'ISSUERS-STATE-PATTERN',
    'plan_year:minimum': 'ISSUERS-PLAN-YEAR-RANGE',
    'plan_year:maximum': 'ISSUERS-PLAN-YEAR-RANGE',
  },
  // A plan year the target has issuers for: the fixture's, else the current calendar year.
  known: (t: CheckContext) => ({ plan_year: [t.target.fixture('planYear') ?? new Date().getUTCFullYear()] }),
  needs: { fixtures: ['state'] },
};

/**
 * Page values inside the document's ranges (page[number] >= 1, page[size] 1 to 50): out-of-range
 * values are clamped, not refused (providers-pages.conformance.ts checks that), so they are not
 * drawn as valid requests.
 */
const PAGES = { 'page[number]': [1, 2, 3], 'page[size]': [1, 10, 50] };

export const PROVIDERS_PROPERTY: RequestPropertySpec = {
  title:
    'generated provider searches: valid ones are 200, each broken constraint is 400 in the unified envelope, none is a 5xx',
  operationId: 'searchProviders',
  okRule: 'PROVIDERS-200',
  breaks: {
    'query:required': 'PROVIDERS-QUERY-REQUIRED',
    'query:minLength': 'PROVIDERS-QUERY-REQUIRED',
    'zip_code:required': 'PROVIDERS-ZIP-REQUIRED',
    'zip_code:pattern': 'PROVIDERS-ZIP-REQUIRED',
    'exchange:required': 'PROVIDERS-EXCHANGE-ENUM',
    'exchange:enum': 'PROVIDERS-EXCHANGE-ENUM',
  },
  known: (t: CheckContext) => ({ zip_code: [providerZip(t)], ...PAGES }),
  needs: { fixtures: ['providerQuery'] },
};
