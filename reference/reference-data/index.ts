/** Reference data (4.2–4.4): counties for a ZIP code, issuers in a state, provider search. */
import { currentPlanYear } from '../core/plan-year.js';
import { readInteger } from '../core/query.js';
import { json, notFound } from '../core/respond.js';
import type { RouteModule, RouteResult } from '../types.js';
import { countiesForZip, statesOfZip } from './counties.js';
import { REFERENCE_FAULTS as F } from './faults.js';
import { ISSUER_STATES, issuersFor } from './issuers.js';
import { invalidField } from './invalid.js';
import { createDirectory, INTERNATIONAL_NAMES } from './providers.js';

const ZIP = /^\d{5}$/;
const STATE = /^[A-Z]{2}$/;
const EXCHANGES = ['on_exchange', 'off_exchange'];
const PROVIDER_PAGE_MAX = 50;
/** The directory of the large-directory variant: ten times the default (1,200 fixture matches). */
const LARGE_DIRECTORY = 1_500;

export const referenceDataRoutes: RouteModule = (env) => {
  const directory = createDirectory(
    env.on(F.providersLargeDirectory) ? LARGE_DIRECTORY : env.seed?.providers,
    env.on(F.providersInternationalNames) ? INTERNATIONAL_NAMES : undefined,
  );
  return [
    {
      method: 'GET',
      pattern: '/v1/reference/counties',
      family: 'reference',
      success: { rule: 'COUNTIES-200', status: [200] },
      handler: ({ query, on }) => {
        const zip = query.zip_code;
        if (zip === undefined || !ZIP.test(zip))
          return invalidField('zip_code', 'zip_code is required and must be 5 digits.');
        const counties = countiesForZip(zip);
        if (!counties) return notFound(`No counties are known for ZIP code ${zip}.`);
        if (on(F.countiesStateOfZip))
          return json({ counties: counties.map((c) => ({ ...c, state: statesOfZip(zip)[0] })) });
        return json({ counties });
      },
    },
    {
      method: 'GET',
      pattern: '/v1/reference/issuers',
      family: 'reference',
      success: { rule: 'ISSUERS-200', status: [200] },
      handler: ({ query, now, on }) => {
        let state = query.state;
        if (state === undefined && on(F.issuersStateOptional)) state = 'KY';
        if (state !== undefined && on(F.issuersLowercaseAccepted)) state = state.toUpperCase();
        if (state === undefined || !STATE.test(state))
          return invalidField('state', 'state is required and must be two uppercase letters, e.g. KY.');
        const fallback = currentPlanYear(now()) - (on(F.issuersDefaultPreviousYear) ? 1 : 0);
        const year = readInteger(query, 'plan_year', fallback);
        const max = on(F.issuersUpperBoundExclusive) ? 2098 : 2099;
        const inRange = on(F.issuersPlanYearUnchecked) || (year.value! >= 2020 && year.value! <= max);
        if (!year.ok || !inRange) return invalidField('plan_year', 'plan_year must be an integer from 2020 to 2099.');
        if (!ISSUER_STATES.has(state)) return notFound(`No issuers are known for state ${state}.`);
        return json({ issuers: issuersFor(state, year.value!) });
      },
    },
    {
      method: 'GET',
      pattern: '/v1/reference/providers',
      family: 'reference',
      success: { rule: 'PROVIDERS-200', status: [200] },
      handler: ({ query, on }): RouteResult => {
        const text = query.query || (on(F.providersQueryOptional) ? '' : undefined);
        if (text === undefined)
          return invalidField('query', 'query is required (a provider or facility name, at least 1 character).');
        if (on(F.providersQuoteCrash) && /['"%\\]/.test(text))
          throw new Error('unescaped character in provider search');
        const zip = query.zip_code ?? '';
        if (!ZIP.test(zip) && !on(F.providersZipUnchecked))
          return invalidField('zip_code', 'zip_code is required and must be 5 digits.');
        if (!EXCHANGES.includes(query.exchange ?? '') && !on(F.providersExchangeUnchecked))
          return invalidField('exchange', 'exchange is required: on_exchange or off_exchange.');
        const number = readInteger(query, 'page[number]', 1);
        if (!number.ok || (number.value! < 1 && on(F.providersPageNumberRejected)))
          return invalidField('page[number]', 'page[number] must be an integer.');
        const size = readInteger(query, 'page[size]', on(F.providersDefaultSize20) ? 20 : PROVIDER_PAGE_MAX);
        const sizeInRange = size.value! >= 1 && size.value! <= PROVIDER_PAGE_MAX;
        if (!size.ok || (!sizeInRange && on(F.providersPageSizeRejected)))
          return invalidField('page[size]', 'page[size] must be an integer from 1 to 50.');
        if (query['page[size]'] !== undefined && size.value === PROVIDER_PAGE_MAX && on(F.providersLargestPageRefused))
          return invalidField('page[size]', 'page[size] must be an integer from 1 to 49.');
        // 4.4: values below 1 are treated as 1; page sizes outside 1..50 resolve to 50.
        const page = Math.max(1, number.value!);
        const pageSize = sizeInRange ? size.value! : PROVIDER_PAGE_MAX;
        // The fault escapes an apostrophe twice, so a name holding one never matches.
        const unmatched = on(F.providersApostropheUnmatched) && /['’]/.test(text);
        const matches = ZIP.test(zip) && !unmatched ? directory.search(text, zip) : [];
        const start = on(F.providersPageNumberIgnored)
          ? 0
          : Math.max(0, (page - 1) * pageSize - (on(F.providersPagesOverlap) && page > 1 ? 1 : 0));
        const rows = matches.slice(start, start + pageSize + (on(F.providersPageOversized) ? 1 : 0));
        return json({
          providers: rows,
          // result_count is the number of matches of the whole search, not of this page.
          meta: {
            page_number: page,
            page_size: pageSize,
            result_count: on(F.providersResultCountOfPage) ? rows.length : matches.length,
          },
        });
      },
    },
  ];
};
