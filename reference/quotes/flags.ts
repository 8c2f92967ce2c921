/** Behaviour changes of the quotes endpoint that faults switch on. */
export const QUOTE_FLAGS = {
  multipleCoverageTypesAccepted: 'quotes-multiple-coverage-types-accepted',
  bodyOptional: 'quotes-body-optional',
  pageSizeIgnored: 'quotes-page-size-ignored',
} as const;
