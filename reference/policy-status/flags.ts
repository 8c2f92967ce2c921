/** Behaviour changes of the policy-status endpoints that faults switch on. */
export const POLICY_FLAGS = {
  productAccepted: 'policy-product-accepted',
  limitUnchecked: 'policy-limit-not-checked',
  offsetNegativeAccepted: 'policy-offset-negative-accepted',
  defaultLimit50: 'policy-default-limit-50',
  defaultOffset1: 'policy-default-offset-1',
  pagesOverlap: 'policy-pages-overlap',
  pageOversized: 'policy-page-oversized',
  listExchangeOffAccepted: 'policy-exchange-off-accepted',
  listExchangeOptional: 'policy-list-exchange-optional',
  listPlanYearOptional: 'policy-list-plan-year-optional',
  readExchangeOptional: 'policy-read-exchange-optional',
  readPlanYearOptional: 'policy-read-plan-year-optional',
} as const;
