/**
 * The generated-request properties of the reference family: which operation, which rules, and
 * the known values valid requests are drawn from (the profile's fixtures plus these).
 */
import fc from 'fast-check';
import { personName, stateCode, zipCode } from '../../generators/index.js';
import { draw, type CheckContext, type Exchange } from '../../harness/suite/index.js';
import { expectIssuersOrdered, type Issuer } from './issuer-order.js';
import { providerPage, providerZip } from './reference-requests.js';
import type { RequestPropertySpec } from './request-property.js';
import { targetToday } from '../../harness/suite/target-clock.js';

/** Issuers of any state drawn are in the stated order (2.3): the relation holds whatever the target's data. */
function issuersOrdered(t: CheckContext, ex: Exchange): void {
  const issuers = t.json<{ issuers?: Issuer[] }>(ex)?.issuers;
  expectIssuersOrdered(t.expect, ex, Array.isArray(issuers) ? issuers : []);
}

/** A search near any ZIP code for any name: its page and its count agree (2.4, 4.4). */
function searchCounts(t: CheckContext, ex: Exchange): void {
  const { providers, meta } = providerPage(t, ex);
  const count = meta.result_count;
  // A later page may be empty past the matches; the first is empty only when nothing matched.
  const first = meta.page_number === 1;
  t.expect.rules('PROVIDERS-EMPTY').that(ex, {
    holds: count === 0 ? providers.length === 0 : !(first && providers.length === 0),
    title: 'an empty page and result_count disagree',
    expected: 'providers [] when result_count is 0, and page 1 empty only then',
    observed: `${providers.length} providers, result_count ${JSON.stringify(count)}`,
  });
  t.expect.rules('PROVIDERS-RESULT-COUNT').that(ex, {
    holds: typeof count === 'number' && count >= providers.length,
    title: 'result_count below the rows of the page',
    expected: `result_count at least ${providers.length}`,
    observed: `result_count ${JSON.stringify(count)}`,
  });
}

export const ISSUERS_PROPERTY: RequestPropertySpec = {
  title:
    'generated issuers requests: valid ones are 200, each broken constraint is 400 in the unified ' +
    'envelope, none is a 5xx',
  operationId: 'listIssuers',
  okRule: 'ISSUERS-200',
  breaks: {
    'state:required': 'ISSUERS-STATE-REQUIRED',
    'state:pattern': 'ISSUERS-STATE-PATTERN',
    'plan_year:minimum': 'ISSUERS-PLAN-YEAR-RANGE',
    'plan_year:maximum': 'ISSUERS-PLAN-YEAR-RANGE',
  },
  // A plan year the target has issuers for: the fixture's, else the current calendar year on its clock.
  known: (t: CheckContext) => ({ plan_year: [t.target.fixture('planYear') ?? targetToday(t).getUTCFullYear()] }),
  // Every state and territory, not the fixture's alone; one the target has no issuers in may be a 404 (4.3).
  domain: () => ({ state: stateCode() }),
  // A territory in every run: a class of states a target may mishandle whole.
  examples: (t: CheckContext) => [{ state: draw(t, stateCode({ of: 'territories' }), 'issuers territory') }],
  alsoOk: [404],
  judge: { rules: ['ISSUERS-ORDER', 'ISSUERS-ORDER-TIEBREAK'], check: issuersOrdered },
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
    'generated provider searches: valid ones are 200, each broken constraint is 400 in the unified ' +
    'envelope, none is a 5xx',
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
  // Near the fixture or any ZIP code in use, for the fixture's name or any kind of name.
  domain: (t: CheckContext) => ({
    zip_code: fc.oneof(fc.constant(providerZip(t)), zipCode()),
    query: fc.oneof(fc.constant(t.fixture<string>('providerQuery')), personName()),
  }),
  judge: { rules: ['PROVIDERS-EMPTY', 'PROVIDERS-RESULT-COUNT'], check: searchCounts },
  needs: { fixtures: ['providerQuery'] },
};
