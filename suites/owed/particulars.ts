/**
 * Where one operation's check differs from the rest: the title it had before the table
 * registered it (a baseline knows a check by the slug of its title), rules the contract states
 * for that operation alone beside the shared ones, the run profiles of the smoke profile's probe,
 * or the check of the operation's family that holds the claim (a success that needs an
 * application in some state or whose body the family judges too, a gate on both flows), or why it
 * does not owe a check at all (nothing to send): the home registers none for it, and
 * test/owed.test.ts holds that check to the rules. Keyed by operationId (or, for another route of
 * an operation, its route), then by the check's name (types.ts).
 */
import type { CheckProfiles } from '../../harness/run-profiles.js';
import type { OwedName } from './types.js';

export interface Particular {
  title?: string;
  rules?: readonly string[];
  profiles?: CheckProfiles;
  heldBy?: string;
  /** Why the operation does not owe the check after all: its documents give it nothing the check could send. */
  notOwed?: string;
  /** What the documents do not state of the operation that the check needs: registered, skipped before any run. */
  unstated?: string;
}

/** The success answer the family's check of that title holds (its setup and its own claims on the body). */
const held = (heldBy: string): Partial<Record<OwedName, Particular>> => ({ success: { heldBy } });

/**
 * The bounds of an operation on one application: its valid request names one nobody issued, which a target may look up
 * before it reads a member (a 404 shows no bound), and an application in the state each needs costs a create and more.
 */
const onUnknownApplication = (shares: string): Particular => ({
  notOwed: `its valid request names an application nobody issued, looked up before a member is read: ${shares}`,
});

export const PARTICULARS: Readonly<Record<string, Partial<Record<OwedName, Particular>>>> = {
  ping: {
    ...held('ping answers 200 with the ping object'),
    missingKey: { title: 'ping without a key is 403 forbidden in the unified envelope', profiles: 'all' },
    invalidKey: { title: 'ping with an invalid key is 403 forbidden in the unified envelope' },
    open: { title: 'ping answers a valid unapproved key with 200' },
    // test/owed.test.ts holds this to the loaded documents.
    hostile: { notOwed: 'its documents declare no parameter and no body' },
    bounds: { notOwed: 'its documents declare no parameter and no body' },
    rateLimited: {
      // The low tier's burst is measured on ping: its check holds it, and the Retry-After its 429 carries.
      rules: ['RATE-BURST-ALLOWED', 'RATE-RETRY-AFTER'],
      title:
        'a burst within the low tier is accepted and one request more gets 429 in the unified envelope ' +
        'with Retry-After',
    },
  },
  listCounties: {
    ...held(
      'counties of a known ZIP code are 200 with one or more counties, each with a 5-digit fips_code, a name ' +
        'and a state',
    ),
    // Its one parameter has a pattern and no bound: COUNTIES-ZIP-PATTERN's checks send it.
    bounds: { unstated: "a bound of listCounties' zip_code besides its pattern" },
  },
  listIssuers: held(
    'issuers of a state are 200, each a name and a 5-digit hios_issuer_id, ordered by name case-insensitively, ' +
      'then by id',
  ),
  searchProviders: held(
    'a provider search is 200 with providers of the 2.4 fields (10-digit npi, two-letter state, 5-digit ZIP) and ' +
      'integer meta',
  ),
  createQuote: {
    ...held('a quote for a county read from the counties endpoint is 200 with JSON results'),
    missingKey: { title: 'a quote without a key is 403 forbidden in the unified envelope' },
    invalidKey: { title: 'a quote with an invalid key is 403 forbidden in the unified envelope' },
    tooLarge: { title: 'a quote body above the size limit is 413 in the unified envelope' },
    mediaType: { title: 'a quote body sent as text/plain is 415 in the unified envelope' },
    malformedJson: { title: 'a malformed JSON quote body is 400 in the unified envelope' },
  },
  createEnrollmentSession: {
    ...held('a valid self_service session answers 200 with the echoed external_id, browser links and X-Request-Id'),
    missingKey: { title: 'a session request without a key gets 403 forbidden in the unified envelope' },
    invalidKey: { title: 'a session request with an invalid key gets 403 forbidden in the unified envelope' },
    // 4.6: both flows require the approval; the family's check sends each.
    gate: { heldBy: 'a key without enrollment-session approval gets 403 forbidden on both flows' },
    tooLarge: { title: 'a session body above the size limit gets 413 in the unified envelope' },
    mediaType: { title: 'a session body sent as text/plain gets 415 in the unified envelope' },
    malformedJson: { title: 'a malformed JSON session body gets 400 in the unified envelope' },
  },
  listPolicyStatusApplications: held('the policy-status list for a plan year is 200 with application rows'),
  getPolicyStatusApplication: held('the policy status of a known confirmation id is 200 with its policy statuses'),
  listEnrollments: held('listing applications with product=ichra and exchange=off_exchange returns 200 with a list'),
  createEnrollment: {
    ...held(
      'a valid application is created with 200 or 201, in draft, with errors[], policy_status, document_status, ' +
        'payment instructions and next_actions on /v1/enrollments',
    ),
    gate: { title: 'a key not approved for direct enrollment gets 403 forbidden on create' },
    tooLarge: { title: 'a create body above the size limit gets 413 in the unified envelope' },
    mediaType: {
      title:
        'a create body sent as text/plain is refused: 415 in the unified envelope, or 400 as the document lists for ' +
        'create',
    },
    // 4.10 names invalid JSON among create's service failures.
    malformedJson: {
      title: 'invalid JSON on create is a 400 in the errors[] envelope',
      rules: ['ENR-CREATE-INVALID-JSON'],
    },
  },
  getEnrollment: {
    ...held('reading a created application returns 200 with that application'),
    bounds: onUnknownApplication("product and exchange are the list's, sent at their bounds there"),
  },
  updateEnrollment: {
    ...held(
      'a resubmission with no changes gets 422; after a PUT change the application shows it and a resubmission ' +
        'gets 202',
    ),
    bounds: onUnknownApplication("its members are create's, sent at their bounds there"),
  },
  submitEnrollmentApplication: {
    ...held(
      'a clean application is accepted for submission with 202 and its read then shows the outcome in policy_status',
    ),
    bounds: onUnknownApplication("its context is create's, sent at its bounds there"),
  },
  cancelEnrollmentApplication: {
    ...held(
      'cancelling a pending application of a carrier that supports it gets 202 and the application then reads ' +
        'cancelled',
    ),
    bounds: onUnknownApplication("its context is create's, sent at its bounds there"),
  },
  terminateEnrollmentApplication: {
    ...held('a pending policy becomes effectuated; terminating it gets 202 and the application then reads terminated'),
    bounds: onUnknownApplication("its context is create's, sent at its bounds there"),
  },
  getEnrollmentPaymentRedirect: {
    ...held(
      'payment redirect returns 200 with the carrier endpoint URL, an HTTP method and the fields (a map or an array ' +
        'of name and value)',
    ),
    bounds: onUnknownApplication("product and exchange are the list's, sent at their bounds there"),
  },
  uploadEnrollmentSupportingDocumentation: {
    ...held('a PDF uploaded in the JSON form is accepted with 200 or 201'),
    // 4.15 lists 415 for an upload in another media type.
    mediaType: {
      title: 'an upload sent as text/plain gets 415 in the unified envelope',
      rules: ['ENR-DOCS-CONTENT-TYPE-415'],
    },
    bounds: onUnknownApplication(
      "its context is create's; the family's upload checks send its file's formats and document_type on drafts",
    ),
  },
  legacyCreateQuote: {
    ...held('legacy quotes answer a household quote request with 200 JSON'),
    bounds: { unstated: "legacyCreateQuote's request body (4.16: not shown)" },
  },
  legacyCreateAptcEstimate: held('APTC estimates answer the contract sample with 200 JSON'),
  // Its other route (4.16: "also written"), whose answer the family's check compares with the first route's.
  'POST /aptc_estimates': {
    ...held('POST /aptc_estimates answers like POST /api/v1/aptc_estimates (same status class, same body shape)'),
    // One operation: the bound budget is not spent on its members twice.
    bounds: { notOwed: "the operation of POST /api/v1/aptc_estimates, whose check sends its members' bounds" },
  },
  legacyGetPlan: {
    ...held('plan lookup answers 200 JSON for a known plan'),
    missingKey: { title: 'a legacy plan lookup without a key gets 403 forbidden in the unified envelope' },
    invalidKey: { title: 'a legacy plan lookup with an invalid key gets 403 forbidden in the unified envelope' },
    bounds: { unstated: 'a bound of the hios_id of legacyGetPlan (4.16: its format is not shown)' },
  },
  legacyGetApplication: {
    ...held('reading a created application answers 200 with that application'),
    bounds: { unstated: 'a bound of the id of legacyGetApplication (4.16: its format is not shown)' },
  },
  // The contract states no success status for these three (any 2xx): their family's checks hold the success.
  legacyCreateOffExchangeDeeplink: {
    successAnyStatus: { heldBy: 'the off-exchange deeplink answer carries a URL' },
    bounds: { unstated: "legacyCreateOffExchangeDeeplink's request body (4.16: not shown)" },
  },
  legacyCreateApplication: {
    successAnyStatus: { heldBy: 'creating an application answers 2xx with the application id' },
    bounds: { unstated: "legacyCreateApplication's request body (4.16: not shown)" },
  },
  legacySubmitApplication: {
    successAnyStatus: { heldBy: 'submitting a created application is accepted (2xx)' },
    bounds: { unstated: "legacySubmitApplication's request body (4.16: not shown)" },
  },
  updateContact: {
    ...held('a contact update with the key in X-API-Key answers 200 {data: {contact, redirect_url}}'),
    missingKey: { title: 'a contact update without a key gets 403 forbidden in the unified envelope' },
    invalidKey: { title: 'a contact update with an invalid key gets 403 forbidden in the unified envelope' },
  },
};
