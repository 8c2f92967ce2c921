/**
 * The rules a stateless mock of the provider's document cannot satisfy, by why: it has no keys,
 * gates, rate limits, idempotency store, state or data of its own, and its schemas do not
 * express every code and behaviour the contract states. Any other failed rule against the
 * mock is the suite's own fault (a request the document refuses, a member read by another name).
 */
export type Limit =
  | 'keys'
  | 'gates'
  | 'rate limits'
  | 'idempotency'
  | 'state'
  | 'data'
  | 'stated codes'
  | 'stated behaviour';

export const STATELESS_LIMITS: Readonly<Record<string, Limit>> = {
  'AUTH-MISSING-KEY-403': 'keys',
  'AUTH-INVALID-KEY-403': 'keys',
  'GATE-ENROLLMENTS-UNAPPROVED-403': 'gates',
  'GATE-POLICY-UNAPPROVED-403': 'gates',
  'GATE-SESSIONS-UNAPPROVED-403': 'gates',
  'GATE-SESSIONS-AGENT-OAUTH-403': 'gates',
  'GATE-SESSIONS-SELF-SERVICE-AGENT-ID-403': 'gates',
  'RATE-429-TIER': 'rate limits',
  'RATE-STAGE-LIMIT': 'rate limits',
  'IDEMP-REPLAY-HEADER': 'idempotency',
  // A store scoped by key: the mock answers every account's keyed create alike.
  'IDEMP-SCOPED-BY-KEY': 'idempotency',
  'IDEMP-MISMATCH-422': 'idempotency',
  'IDEMP-IN-PROGRESS-409': 'idempotency',
  'IDEMP-5XX-STORED': 'idempotency',
  // The application's life cycle, and what the run itself wrote and reads back.
  'ENR-SUBMIT-ASYNC-OUTCOME': 'state',
  'ENR-SUBMIT-OUTSTANDING-ERRORS-422': 'state',
  'ENR-EFFECTUATION': 'state',
  'ENR-CANCEL-202': 'state',
  'ENR-CANCEL-OUTCOME': 'state',
  'ENR-CANCEL-NOT-PENDING-400': 'state',
  'ENR-CANCEL-UNSUPPORTED-CARRIER-400': 'state',
  'ENR-TERMINATE-202': 'state',
  'ENR-TERMINATE-OUTCOME': 'state',
  'ENR-TERMINATE-NOT-ACTIVE-400': 'state',
  'ENR-TERMINATE-UNSUPPORTED-CARRIER-400': 'state',
  'ENR-DOCS-STATUS-UPDATED': 'state',
  'ENR-SUBMIT-FAILED-OUTCOME': 'state',
  // An id nobody issued: the mock answers every id with its example.
  'ENR-READ-404': 'state',
  'ENR-SUBMIT-404': 'state',
  'POLICY-READ-404': 'state',
  'ENR-LIST-LIMIT-DEFAULT': 'state',
  // Whose applications a list shows: the mock knows no accounts.
  'ENR-LIST-OWN-ACCOUNT': 'keys',
  'ENR-OTHER-ACCOUNT-REFUSED': 'keys',
  'ENR-LIST-FILTER-POLICY-STATUS': 'state',
  'ENR-LIST-FILTER-EXTERNAL-ID': 'state',
  'ENR-LIST-FILTER-PLAN-HIOS-ID': 'state',
  'ENR-LIST-FILTER-ISSUER-HIOS-ID': 'state',
  'ENR-LIST-FILTER-PLAN-YEAR': 'state',
  'ENR-LIST-FILTER-UPDATED-SINCE': 'state',
  'ENR-LIST-FILTER-EMPLOYER': 'state',
  'SESSIONS-EXTERNAL-ID-ECHO': 'state',
  // A 404 service failure for an application that does not exist.
  'ENVELOPE-ERRORS-SHAPE': 'state',
  // What the target holds: counties crossing a state line, an empty search, the carrier's payment keys.
  'COUNTIES-STATE-OF-FIPS': 'data',
  'COUNTIES-UNKNOWN-ZIP-404': 'data',
  'PROVIDERS-EMPTY': 'data',
  'QUOTES-HOMOGENEOUS': 'data',
  'ENR-PAYMENT-FIELDS-VERBATIM': 'data',
  // Refusals the contract states that the document's schemas do not express.
  'ENR-LIST-UNSUPPORTED-PARAM-400': 'stated codes',
  'POLICY-LIST-NO-PRODUCT': 'stated codes',
  'ENR-DOCS-FORMAT-REJECTED': 'stated codes',
  'SESSIONS-SELF-SERVICE-STATE-OR-PLAN': 'stated codes',
  'SESSIONS-AGENT-STATE-REQUIRED': 'stated codes',
  'SESSIONS-AGENT-PLAN-ID-REJECTED': 'stated codes',
  'SESSIONS-AGENT-CAMPAIGN-REJECTED': 'stated codes',
  // Out-of-range pages are clamped (4.4, and the document's own words); its schema keywords refuse them.
  'PROVIDERS-PAGE-NUMBER-CLAMP': 'stated behaviour',
  'PROVIDERS-PAGE-SIZE-CLAMP': 'stated behaviour',
};

/**
 * Checks a stateless mock cannot pass whatever rule they name, by why: the overlaps hold each create to an
 * application of its own, and the mock answers every create with one example application.
 */
export const STATELESS_CHECK_LIMITS: Readonly<Record<string, Limit>> = {
  'overlapping creates, duplicates, PUTs, submissions, cancellations and reads answer as some order of them': 'state',
};
