/**
 * Generated requests for issuers and provider search: valid ones (drawn from the profile's
 * fixtures) are answered 200, each invalid variant 400 naming the rule of its broken
 * constraint, and nothing gets a 5xx. Runs: `--runs`, one request each.
 */
import type { CheckContext } from '../../harness/suite/index.js';
import { providerZip } from './reference-kit.js';
import { requestProperty } from './request-property.js';

requestProperty({
  title: 'generated issuers requests: valid ones are 200, each broken constraint is 400 in the unified envelope, none is a 5xx',
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
});

requestProperty({
  title: 'generated provider searches: valid ones are 200, each broken constraint is 400 in the unified envelope, none is a 5xx',
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
  known: (t: CheckContext) => ({ zip_code: [providerZip(t)] }),
  needs: { fixtures: ['providerQuery'] },
});
