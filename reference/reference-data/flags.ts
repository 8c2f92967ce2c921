/** Behaviour changes of the reference-data endpoints that faults switch on. */
export const REFERENCE_FLAGS = {
  countiesStateOfZip: 'counties-state-of-zip-not-fips',
  issuersLowercaseAccepted: 'issuers-lowercase-accepted',
  issuersStateOptional: 'issuers-state-optional',
  issuersPlanYearUnchecked: 'issuers-plan-year-range-unchecked',
  issuersUpperBoundExclusive: 'issuers-plan-year-2099-rejected',
  issuersDefaultPreviousYear: 'issuers-default-year-previous',
  providersPageSizeRejected: 'providers-page-size-not-clamped',
  providersPageNumberRejected: 'providers-page-number-zero-400',
  providersDefaultSize20: 'providers-default-size-20',
  providersResultCountOfPage: 'providers-result-count-of-page',
  providersQueryOptional: 'providers-list-all-without-query',
  providersExchangeUnchecked: 'providers-exchange-unchecked',
  providersZipUnchecked: 'providers-zip-unchecked',
  providersPagesOverlap: 'providers-pages-overlap',
  providersPageOversized: 'providers-page-oversized',
  providersQuoteCrash: 'providers-quote-in-query-500',
} as const;
