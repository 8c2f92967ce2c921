/**
 * Named faults of direct enrollment, each breaking one rule of specs/rules.json and probed on
 * the route-module kit. Most switch a behaviour the handlers ask for with
 * `on(ENROLLMENT_FAULTS.x)`; the status and envelope faults rewrite answers on the way out.
 */
import { bodyOf, faultsOf, is, successAs, under, variantsOf } from '../core/declare-fault.js';
import { CORE_CHECKED } from '../core/faults.js';
import type { Switch } from '../core/switch.js';
import type { RouteResult } from '../types.js';
import { mapErrors, without } from '../core/envelopes.js';
import { clockedProbe, routeProbe, serverProbe, UNCHECKED } from '../core/probe.js';
import { incompleteCreateBody, validCreateBody } from './fixtures.js';
import { foldedNames, primaryOf } from './fault-rewrites.js';
import { ENROLLMENT_ORACLE_FAULTS } from './oracle-faults.js';
import * as P from './variant-probes.js';
import { idNamedId, minimalActionBodies, namesRequestedId, retryAfterOn202 } from './variant-rewrites.js';
import {
  act,
  AS_OTHER,
  BASE,
  create,
  CTX,
  docJson,
  FRESNO,
  FUTURE,
  GIF,
  listStatus,
  listTotal,
  pause,
  payment,
  PDF,
  planFull,
  planLimited,
  planSubmissionFails,
  put,
  read,
  ROUTING,
  rows,
  statusOf,
  submitted,
  upload,
} from './probe-steps.js';

const { flag, rewrite } = faultsOf('enrollments');
const { variant, variantRewrite } = variantsOf('enrollments');

/** Service failures of this family carry `errors[]`; these read it. */
function errorsOf(res: RouteResult): Array<{ code: string; message: string }> | undefined {
  const body = res.body as { errors?: unknown } | undefined;
  return res.status >= 400 && Array.isArray(body?.errors)
    ? (body!.errors as Array<{ code: string; message: string }>)
    : undefined;
}

/**
 * Variants: valid choices where the contract is open (2.8: the application's remaining fields
 * are not shown; 3.1: processing is asynchronous; 4.10, 4.15: 200 or 201), probed through a
 * whole server (variant-probes.ts).
 */
const ENROLLMENT_VARIANTS = {
  create200: variant(
    'enr-create-200',
    '4.10',
    'A created application answers 200 (the contract allows 200 or 201).',
    serverProbe(({ call }) => P.createStatus(call)),
  ),
  applicationFlat: variant(
    'enr-application-flat',
    '2.8',
    'The application data sits at the top level of create, read and PUT answers, with no `application` member.',
    serverProbe(async ({ call }) => Object.keys(await P.created(call)).includes('application')),
  ),
  idMemberId: variantRewrite(
    'enr-id-member-id',
    '2.8',
    'The application id is named `id` (not application_id) on create, read, PUT, list rows, submission and upload ' +
      'answers.',
    serverProbe(async ({ call }) =>
      Object.keys(await P.created(call))
        .filter((k) => /id$/.test(k))
        .sort(),
    ),
    idNamedId,
  ),
  paymentSignedFields: variant(
    'enr-payment-signed-fields',
    '2.8',
    "The carrier's payment form adds Timestamp, Nonce and an HMAC Signature field whose values change with every " +
      'request.',
    serverProbe(async ({ call }) => P.paymentFieldNames(call)),
  ),
  paymentFieldsMap: variant(
    'enr-payment-fields-map',
    '2.8',
    "Payment redirect fields are a map of carrier keys to values (the prose's form; the document has an array).",
    serverProbe(async ({ call }) => Array.isArray((await P.payment(call)).fields)),
    ['partner-api'],
  ),
  processingSlow: variant(
    'enr-processing-slow',
    '3.1',
    "Asynchronous outcomes settle after a second (effectuation two seconds later), within the profile's " +
      'asyncTimeoutMs.',
    serverProbe(({ call }) => P.statusAfter(call, 200)),
  ),
  processingImmediate: variant(
    'enr-processing-immediate',
    '3.1',
    'Asynchronous outcomes settle at once: the first read after a 202 already shows them.',
    serverProbe(({ call }) => P.statusAfter(call, 0)),
  ),
  errorsWithoutField: variantRewrite(
    'enr-errors-without-field',
    '7',
    'Direct-enrollment errors[] entries never carry the optional `field`.',
    serverProbe(async ({ call }) => P.unknownRead(call)),
    under('/v1/enrollments', (res) => mapErrors(res, (e, shape) => (shape === 'errors' ? without(e, 'field') : e))),
  ),
  docsUpload200: variant(
    'enr-docs-upload-200',
    '4.15',
    'An accepted upload answers 200 (the contract allows 200 or 201).',
    serverProbe(async ({ call }) => P.uploadStatus(call)),
  ),
  retryAfterDate: variantRewrite(
    'enr-retry-after-date-on-202',
    '3.1',
    'A 202 of a submission, cancellation or termination carries Retry-After as an HTTP-date: when to read the outcome.',
    serverProbe(async ({ call }) => P.submitRetryAfter(call)),
    retryAfterOn202,
  ),
  eventsAbsent: variant(
    'enr-events-absent',
    '2.8',
    'The application carries no events timeline (the document: "when available").',
    serverProbe(async ({ call }) => 'events' in (await P.created(call))),
  ),
  otherAccount403: variant(
    'enr-other-account-403',
    '5.4',
    "Another account's application answers 403 forbidden (errors[]) instead of the 404 of an unknown id.",
    serverProbe(({ call }) => P.otherAccountRead(call)),
  ),
  putReplaces: variant(
    'enr-put-replaces',
    '4.11',
    'PUT replaces the application: members the body leaves out are cleared (the disagreement PUT-MERGE-OR-REPLACE).',
    serverProbe(({ call }) => P.addressAfterPartialPut(call)),
  ),
  updateRefused422: variant(
    'enr-update-refused-422',
    '4.11',
    'A PUT the carrier does not take (no post-enrollment changes) is refused with 422, not 400.',
    serverProbe(({ call }) => P.limitedPutStatus(call)),
  ),
  listLags: variant(
    'enr-list-lags',
    '4.9',
    "The list shows a change of policy_status a second after the read does (within the profile's asyncTimeoutMs).",
    clockedProbe(({ call }) => P.listedAtOnce(call)),
  ),
  listNewestFirst: variant(
    'enr-list-newest-first',
    '4.9',
    'The list holds the applications newest first (4.9 states no order; every page of one list keeps it).',
    serverProbe(({ call }) => P.newerListedFirst(call)),
  ),
  listRowLags: variant(
    'enr-list-row-lags',
    '4.9',
    "A list row shows a PUT's change (its updated_at) a second after the read does (within the profile's " +
      'asyncTimeoutMs).',
    clockedProbe(({ call, advance }) => P.rowFollowsPut(call, advance)),
  ),
  notFoundNamesId: variantRewrite(
    'enr-not-found-names-id',
    '7',
    'A direct-enrollment 404 names the enrollment id its request sent in each errors[] message.',
    serverProbe(async ({ call }) => P.unknownReadMessage(call)),
    namesRequestedId,
  ),
  actionBodiesMinimal: variantRewrite(
    'enr-action-bodies-minimal',
    '4.13',
    'The 202 bodies of submit, cancel and terminate carry only the application id, the policy status and (status ' +
      'changes) updated_at.',
    serverProbe(async ({ call }) => P.submitBodyKeys(call)),
    minimalActionBodies,
  ),
} satisfies Record<string, Switch>;

export const ENROLLMENT_FAULTS = {
  // List (4.9)
  listAnswer206: rewrite(
    'enr-list-answer-206',
    'ENR-LIST-200',
    'List answers 206 Partial Content instead of 200.',
    routeProbe((k) => listStatus(k, BASE)),
    successAs(/^\/v1\/enrollments$/, 206),
  ),
  listProductOptional: flag(
    'enr-list-product-optional',
    'ENR-LIST-PRODUCT-REQUIRED',
    'List accepts a request without product=ichra.',
    routeProbe((k) => listStatus(k, '/v1/enrollments?exchange=off_exchange')),
  ),
  listExchangeOptional: flag(
    'enr-list-exchange-optional',
    'ENR-LIST-EXCHANGE-REQUIRED',
    'List accepts a request without exchange=off_exchange.',
    routeProbe((k) => listStatus(k, '/v1/enrollments?product=ichra')),
  ),
  listIgnoresUnsupportedParam: flag(
    'enr-list-ignores-unsupported-param',
    'ENR-LIST-UNSUPPORTED-PARAM-400',
    'List ignores unsupported query parameters instead of 400 invalid_request.',
    routeProbe((k) => listStatus(k, `${BASE}&sort=asc`)),
  ),
  listDefaultLimit50: flag(
    'enr-list-default-limit-50',
    'ENR-LIST-LIMIT-DEFAULT',
    'List returns up to 50 rows when limit is absent.',
    routeProbe(async (k) => (await rows(k)).length),
  ),
  listLimitUnbounded: flag(
    'enr-list-limit-unbounded',
    'ENR-LIST-LIMIT-RANGE',
    'List accepts limit 0 and limits above 100.',
    routeProbe((k) => listStatus(k, `${BASE}&limit=101`)),
  ),
  listOffsetDefault1: flag(
    'enr-list-offset-default-1',
    'ENR-LIST-OFFSET-DEFAULT',
    'List starts at offset 1 when offset is absent.',
    routeProbe(async (k) => (await rows(k))[0].application_id),
  ),
  listNegativeOffsetAccepted: flag(
    'enr-list-negative-offset-accepted',
    'ENR-LIST-OFFSET-RANGE',
    'List treats a negative offset as 0 instead of 400.',
    routeProbe((k) => listStatus(k, `${BASE}&offset=-1`)),
  ),
  listPagesOverlap: flag(
    'enr-list-pages-overlap',
    'ENR-LIST-PAGES-CONSISTENT',
    'Every explicit offset above 0 starts one row early, so pages overlap.',
    routeProbe(async (k) => (await rows(k, '&limit=10&offset=10'))[0].application_id),
  ),
  listOffsetIgnored: flag(
    'enr-list-offset-ignored',
    'ENR-LIST-PAGES-CONSISTENT',
    'offset is accepted but ignored: every page is the first page.',
    routeProbe(async (k) => (await rows(k, '&limit=10&offset=10'))[0].application_id),
  ),
  listPolicyStatusIgnored: flag(
    'enr-list-policy-status-ignored',
    'ENR-LIST-FILTER-POLICY-STATUS',
    'The policy_status filter is ignored.',
    routeProbe((k) => listTotal(k, '&policy_status=draft')),
  ),
  listPolicyStatusAny: flag(
    'enr-list-policy-status-any',
    'ENR-LIST-FILTER-POLICY-STATUS-ENUM',
    'A policy_status outside the six states is accepted (empty list).',
    routeProbe((k) => listStatus(k, `${BASE}&policy_status=active`)),
  ),
  listExternalIdIgnored: flag(
    'enr-list-external-id-ignored',
    'ENR-LIST-FILTER-EXTERNAL-ID',
    'The external_id filter is ignored.',
    routeProbe((k) => listTotal(k, '&external_id=seed-7')),
  ),
  listExternalIdOddUnmatched: flag(
    'enr-list-external-id-odd-unmatched',
    'ENR-LIST-FILTER-EXTERNAL-ID',
    'The external_id filter finds no application whose id holds a character outside A-Z a-z 0-9 - _ (a space, a ' +
      'plus, a letter of another script, ...).',
    routeProbe(async (k) => {
      await create(k, planFull, { external_id: 'crm 42+é' });
      return listTotal(k, `&external_id=${encodeURIComponent('crm 42+é')}`);
    }),
  ),
  listTotalOfPage: rewrite(
    'enr-list-total-of-page',
    'ENR-LIST-TOTAL',
    'pagination.total counts the rows of the page, not of the list.',
    routeProbe(async (k) => {
      await create(k, planFull);
      await create(k, planFull);
      return listTotal(k, '&limit=1');
    }),
    (req, res) => {
      const body = res.body as { applications?: unknown[]; pagination?: Record<string, unknown> } | undefined;
      return req.method === 'GET' && req.path === '/v1/enrollments' && res.status === 200 && body?.pagination
        ? { ...res, body: { ...body, pagination: { ...body.pagination, total: body.applications?.length ?? 0 } } }
        : res;
    },
  ),
  // Only a hostile value in the update's path reaches it (the checks every operation owes, suites/owed/).
  updateOddId500: rewrite(
    'enr-update-odd-id-500',
    'EDGE-NO-5XX',
    'An enrollment id holding a character outside A-Z a-z 0-9 - _ crashes the PUT (500) instead of a 404.',
    routeProbe(async (k) => (await k.call('PUT', "/v1/enrollments/O'Brien", { body: {} })).status),
    (req, res) =>
      req.method === 'PUT' && /^\/v1\/enrollments\/[^/]*[^A-Za-z0-9_/-][^/]*$/.test(req.path)
        ? { ...res, status: 500, body: { errors: [{ code: 'internal_error', message: 'Application lookup failed.' }] } }
        : res,
  ),
  applicantNamesFolded: rewrite(
    'enr-applicant-names-folded',
    'ENR-CREATE-DATA-ROUND-TRIP',
    "Applicant names are shown folded to ASCII: accents stripped, other scripts' letters dropped (José " +
      'Núñez-Дмитрий shows as Jose Nunez-).',
    routeProbe(async (k) => {
      const { application_id: id } = await create(k, planFull, {
        applicants: { primary: { ...primaryOf(validCreateBody(planFull)), first_name: 'José', last_name: 'Дмитрий' } },
      });
      return (await read(k, id)).body.application.applicants.primary;
    }),
    under('/v1/enrollments', foldedNames),
  ),
  listPlanHiosIdIgnored: flag(
    'enr-list-plan-hios-id-ignored',
    'ENR-LIST-FILTER-PLAN-HIOS-ID',
    'The plan_hios_id filter is ignored.',
    routeProbe((k) => listTotal(k, `&plan_hios_id=${planLimited}`)),
  ),
  listIssuerHiosIdIgnored: flag(
    'enr-list-issuer-hios-id-ignored',
    'ENR-LIST-FILTER-ISSUER-HIOS-ID',
    'The issuer_hios_id filter is ignored.',
    routeProbe((k) => listTotal(k, `&issuer_hios_id=${planFull.slice(0, 5)}`)),
  ),
  listPlanYearIgnored: flag(
    'enr-list-plan-year-ignored',
    'ENR-LIST-FILTER-PLAN-YEAR',
    'The plan_year filter is ignored.',
    routeProbe((k) => listTotal(k, '&plan_year=2026')),
  ),
  // Ignored, not inclusive: whether an application shown updated at the instant itself was updated after it
  // depends on the precision its time is stored at, which no client sees.
  updatedSinceAsText: flag(
    'enr-updated-since-compared-as-text',
    'EDGE-EQUIVALENT-REQUESTS',
    'updated_since is compared with updated_at as text, not as instants: the same instant written at another ' +
      'offset than Z filters other applications.',
    routeProbe(async (k) => {
      const pivot = (await rows(k))[3];
      const east = new Date(Date.parse(pivot.updated_at) + 5.5 * 3_600_000).toISOString().replace('Z', '+05:30');
      return listTotal(k, `&updated_since=${encodeURIComponent(east)}`);
    }),
  ),
  routingParametersLead: flag(
    'enr-routing-parameters-lead',
    'EDGE-EQUIVALENT-REQUESTS',
    'The /v1/enrollments routes read product and exchange only when they lead the query in that order (a gateway ' +
      'matching the query text); otherwise they are missing.',
    routeProbe((k) => listStatus(k, '/v1/enrollments?exchange=off_exchange&product=ichra')),
  ),
  listUpdatedSinceIgnored: flag(
    'enr-list-updated-since-ignored',
    'ENR-LIST-FILTER-UPDATED-SINCE',
    'The updated_since filter is ignored.',
    routeProbe(async (k) => {
      const pivot = (await rows(k))[3];
      return listTotal(k, `&updated_since=${encodeURIComponent(pivot.updated_at)}`);
    }),
  ),
  listEmployerUnsupported: flag(
    'enr-list-employer-unsupported',
    'ENR-LIST-FILTER-EMPLOYER',
    'employer_external_id is rejected as an unsupported parameter.',
    routeProbe((k) => listStatus(k, `${BASE}&employer_external_id=employer-1`)),
  ),
  // Create (4.10, 2.8)
  createStatus202: flag(
    'enr-create-status-202',
    'ENR-CREATE-SUCCESS',
    'Create answers 202 instead of 200 or 201.',
    routeProbe(async (k) => (await k.call('POST', '/v1/enrollments', { body: validCreateBody(planFull) })).status),
  ),
  createNoDocumentStatus: flag(
    'enr-create-no-document-status',
    'ENR-CREATE-BODY',
    'The application has no document_status.',
    routeProbe(async (k) => 'document_status' in (await create(k, planFull))),
  ),
  createNoCarrierCapabilities: flag(
    'enr-create-no-carrier-capabilities',
    'ENR-CREATE-CARRIER-CAPABILITIES',
    'The application does not state the carrier capabilities.',
    routeProbe(async (k) => (await create(k, planFull)).carrier?.supports_cancellation),
  ),
  nextActionsLegacyHref: flag(
    'enr-next-actions-legacy-href',
    'ENR-CREATE-NEXT-ACTIONS-HREF',
    'next_actions[].href points to /api/v1/applications instead of /v1/enrollments.',
    routeProbe(async (k) => (await create(k, planFull)).next_actions[0].href.split('/')[1]),
  ),
  createInitialPending: flag(
    'enr-create-initial-pending',
    'ENR-CREATE-INITIAL-DRAFT',
    'The create response shows a new application as pending_effectuation.',
    routeProbe(async (k) => (await create(k, planFull)).policy_status),
  ),
  createValidationErrorsHidden: flag(
    'enr-create-validation-errors-hidden',
    'ENR-CREATE-VALIDATION-ERRORS',
    'errors[] is always empty, even when applicant data is missing.',
    routeProbe(
      async (k) =>
        (await k.call('POST', '/v1/enrollments', { body: incompleteCreateBody(planFull) })).body.errors.length,
    ),
  ),
  createAcceptsAgentId: flag(
    'enr-create-accepts-agent-id',
    'ENR-CREATE-REJECT-AGENT-ID',
    '_agent_id is accepted.',
    routeProbe(
      async (k) =>
        (await k.call('POST', '/v1/enrollments', { body: validCreateBody(planFull, { _agent_id: 'x' }) })).status,
    ),
  ),
  createAcceptsTpaSlug: flag(
    'enr-create-accepts-tpa-slug',
    'ENR-CREATE-REJECT-TPA-SLUG',
    'tpa_slug is accepted.',
    routeProbe(
      async (k) =>
        (await k.call('POST', '/v1/enrollments', { body: validCreateBody(planFull, { tpa_slug: 'x' }) })).status,
    ),
  ),
  createAcceptsActorAgentId: flag(
    'enr-create-accepts-actor-agent-id',
    'ENR-CREATE-REJECT-ACTOR-AGENT-ID',
    'actor.agent_id is accepted.',
    routeProbe(
      async (k) =>
        (await k.call('POST', '/v1/enrollments', { body: validCreateBody(planFull, { actor: { agent_id: 'x' } }) }))
          .status,
    ),
  ),
  createLeapDayRefused: flag(
    'enr-create-leap-day-refused',
    'SCHEMA-BOUND-INSIDE',
    'A date member on 29 February (a date of birth in a leap year) is refused with 400: February is read as 28 days.',
    routeProbe(
      async (k) =>
        (
          await k.call('POST', '/v1/enrollments', {
            body: validCreateBody(planFull, {
              applicants: {
                primary: { ...primaryOf(validCreateBody(planFull)), date_of_birth: '1984-02-29' },
              },
            }),
          })
        ).status,
    ),
  ),
  createAcceptsAgentOfRecord: flag(
    'enr-create-accepts-agent-of-record',
    'ENR-CREATE-REJECT-AGENT-OF-RECORD',
    'agent_of_record is accepted.',
    routeProbe(
      async (k) =>
        (
          await k.call('POST', '/v1/enrollments', {
            body: validCreateBody(planFull, {
              agent_of_record: { first_name: 'Ann', national_producer_number: '1234567' },
            }),
          })
        ).status,
    ),
  ),
  // Read (4.12). 203 is a 2XX the document allows, so only the stated 200 is broken.
  readAnswer203: rewrite(
    'enr-read-answer-203',
    'ENR-READ-200',
    'The read answers 203 Non-Authoritative Information instead of 200.',
    routeProbe(async (k) => (await read(k, (await create(k, planFull)).application_id)).status),
    successAs(/^\/v1\/enrollments\/[^/]+$/, 203),
  ),
  readUnknown400: flag(
    'enr-read-unknown-400',
    'ENR-READ-404',
    'An unknown enrollment id gives 400 instead of 404.',
    routeProbe(async (k) => (await read(k, 'enr_nope')).status),
  ),
  readIgnoresUnsupportedParam: flag(
    'enr-read-ignores-unsupported-param',
    'ENR-READ-UNSUPPORTED-PARAM',
    'The read ignores query parameters other than product and exchange.',
    routeProbe(async (k) => (await read(k, (await create(k, planFull)).application_id, `${ROUTING}&limit=1`)).status),
  ),
  // Update (4.11)
  // A draft may change for any carrier; the refusal is for a submitted application.
  updateAnyCarrier: flag(
    'enr-update-any-carrier',
    'ENR-UPDATE-UNSUPPORTED-CARRIER',
    'PUT on a submitted application is accepted for a carrier without post-enrollment changes.',
    routeProbe(
      async (k) => (await put(k, await submitted(k, planLimited, { desired_effective_date: FUTURE }), FRESNO)).status,
    ),
  ),
  updateChangeNotShown: flag(
    'enr-update-change-not-shown',
    'ENR-UPDATE-TRACKED',
    'PUT changes are sent by the next submission but never shown on the application (data or events).',
    routeProbe(async (k) => {
      const { application_id: id } = await create(k, planFull);
      await put(k, id, FRESNO);
      return (await read(k, id)).body.application.residential_address.city;
    }),
  ),
  // Submission (section 3, 4.13)
  submitReturns200: flag(
    'enr-submit-returns-200',
    'ENR-SUBMIT-202',
    'A successful submission answers 200 instead of 202.',
    routeProbe(async (k) => (await act(k, (await create(k, planFull)).application_id, 'submissions')).status),
  ),
  submitRequiresPlanYear: flag(
    'enr-submit-requires-plan-year',
    'ENR-SUBMIT-PLAN-YEAR-OPTIONAL',
    'Submission refuses a context without plan_year.',
    routeProbe(async (k) => (await act(k, (await create(k, planFull)).application_id, 'submissions', CTX)).status),
  ),
  submitIgnoresErrors: flag(
    'enr-submit-ignores-errors',
    'ENR-SUBMIT-OUTSTANDING-ERRORS-422',
    'An application with outstanding errors is accepted for submission.',
    routeProbe(
      async (k) =>
        (
          await act(
            k,
            (
              await k.call('POST', '/v1/enrollments', { body: incompleteCreateBody(planFull) })
            ).body.application_id,
            'submissions',
          )
        ).status,
    ),
  ),
  submitNeverSettles: flag(
    'enr-submit-never-settles',
    'ENR-SUBMIT-ASYNC-OUTCOME',
    'A submission stays processing; policy_status never shows the outcome.',
    routeProbe(async (k) => statusOf(k, await submitted(k, planFull, { desired_effective_date: FUTURE }))),
  ),
  submitFailureHidden: flag(
    'enr-submit-failure-hidden',
    'ENR-SUBMIT-FAILED-OUTCOME',
    "The refusing carrier's submissions end pending_effectuation instead of submission_failed.",
    routeProbe(async (k) => statusOf(k, await submitted(k, planSubmissionFails))),
  ),
  resubmitWithoutChanges: flag(
    'enr-resubmit-without-changes',
    'ENR-SUBMIT-NO-CHANGES-422',
    'A resubmission with no changes is accepted (202).',
    routeProbe(
      async (k) =>
        (await act(k, await submitted(k, planFull, { desired_effective_date: FUTURE }), 'submissions')).status,
    ),
  ),
  resubmitAfterChangesRefused: flag(
    'enr-resubmit-after-changes-refused',
    'ENR-SUBMIT-RESUBMIT-AFTER-CHANGES',
    'A resubmission after PUT changes is refused with 422.',
    routeProbe(async (k) => {
      const id = await submitted(k, planFull, { desired_effective_date: FUTURE });
      await put(k, id, FRESNO);
      return (await act(k, id, 'submissions')).status;
    }),
  ),
  submitUnknown422: flag(
    'enr-submit-unknown-422',
    'ENR-SUBMIT-404',
    'Submitting an unknown enrollment id gives 422 instead of 404.',
    routeProbe(async (k) => (await act(k, 'enr_nope', 'submissions')).status),
  ),
  submitResponseStatusOutsideEnum: flag(
    'enr-submit-response-status-outside-enum',
    'ENR-POLICY-STATUS-ENUM',
    'The 202 submission body shows policy_status "submitted".',
    routeProbe(
      async (k) => (await act(k, (await create(k, planFull)).application_id, 'submissions')).body.policy_status,
    ),
  ),
  neverEffectuated: flag(
    'enr-never-effectuated',
    'ENR-EFFECTUATION',
    'Accepted policies stay pending_effectuation forever.',
    routeProbe(async (k) => statusOf(k, await submitted(k, planFull, {}, 80))),
  ),
  // Cancellation and termination (section 3)
  cancelReturns200: flag(
    'enr-cancel-returns-200',
    'ENR-CANCEL-202',
    'A successful cancellation answers 200 instead of 202.',
    routeProbe(
      async (k) =>
        (await act(k, await submitted(k, planFull, { desired_effective_date: FUTURE }), 'cancellations')).status,
    ),
  ),
  cancelNoEffect: flag(
    'enr-cancel-no-effect',
    'ENR-CANCEL-OUTCOME',
    'An accepted cancellation never shows cancelled.',
    routeProbe(async (k) => {
      const id = await submitted(k, planFull, { desired_effective_date: FUTURE });
      await act(k, id, 'cancellations');
      await pause(30);
      return statusOf(k, id);
    }),
  ),
  cancelAnyState: flag(
    'enr-cancel-any-state',
    'ENR-CANCEL-NOT-PENDING-400',
    'Cancellation is accepted in any state.',
    routeProbe(async (k) => (await act(k, (await create(k, planFull)).application_id, 'cancellations')).status),
  ),
  cancelAnyCarrier: flag(
    'enr-cancel-any-carrier',
    'ENR-CANCEL-UNSUPPORTED-CARRIER-400',
    'Cancellation is accepted for a carrier that does not support it.',
    routeProbe(
      async (k) =>
        (await act(k, await submitted(k, planLimited, { desired_effective_date: FUTURE }), 'cancellations')).status,
    ),
  ),
  terminateReturns200: flag(
    'enr-terminate-returns-200',
    'ENR-TERMINATE-202',
    'A successful termination answers 200 instead of 202.',
    routeProbe(async (k) => (await act(k, await submitted(k, planFull, {}, 80), 'terminations')).status),
  ),
  terminateNoEffect: flag(
    'enr-terminate-no-effect',
    'ENR-TERMINATE-OUTCOME',
    'An accepted termination never shows terminated.',
    routeProbe(async (k) => {
      const id = await submitted(k, planFull, {}, 80);
      await act(k, id, 'terminations');
      await pause(30);
      return statusOf(k, id);
    }),
  ),
  terminateAnyState: flag(
    'enr-terminate-any-state',
    'ENR-TERMINATE-NOT-ACTIVE-400',
    'Termination is accepted for a policy that is not active.',
    routeProbe(async (k) => (await act(k, (await create(k, planFull)).application_id, 'terminations')).status),
  ),
  terminateAnyCarrier: flag(
    'enr-terminate-any-carrier',
    'ENR-TERMINATE-UNSUPPORTED-CARRIER-400',
    'Termination is accepted for a carrier that does not support it.',
    routeProbe(async (k) => (await act(k, await submitted(k, planLimited, {}, 80), 'terminations')).status),
  ),
  // Sequences (section 3): each shows only after several steps, in the state-machine model's runs
  cancelEffectuated: flag(
    'enr-cancel-effectuated',
    'ENR-CANCEL-PAST-PENDING-400',
    'Cancellation is accepted for an effectuated policy too (and then shows cancelled).',
    routeProbe(async (k) => (await act(k, await submitted(k, planFull, {}, 80), 'cancellations')).status),
  ),
  listStatusLags: flag(
    'enr-list-status-lags',
    'ENR-LIST-FILTER-FOLLOWS-STATUS',
    'The list filters and shows each application by the status it had before its latest change of status.',
    routeProbe(async (k) => {
      const id = await submitted(k, planFull, { desired_effective_date: FUTURE });
      return (await rows(k, '&policy_status=pending_effectuation')).some(
        (r: { application_id: string }) => r.application_id === id,
      );
    }),
  ),
  nextActionsStale: flag(
    'enr-next-actions-stale',
    'ENR-NEXT-ACTIONS-AVAILABLE',
    'next_actions keeps offering a submission after it was sent, though a resubmission without changes is refused.',
    routeProbe(async (k) =>
      (await read(k, await submitted(k, planFull, { desired_effective_date: FUTURE }))).body.next_actions
        .map((a: { rel: string }) => a.rel)
        .join(','),
    ),
  ),
  updateResetsStatus: flag(
    'enr-update-resets-status',
    'ENR-UPDATE-KEEPS-POLICY-STATUS',
    'A PUT on a submitted application puts its policy_status back to draft.',
    routeProbe(async (k) => {
      const id = await submitted(k, planFull, { desired_effective_date: FUTURE });
      await put(k, id, FRESNO);
      return statusOf(k, id);
    }),
  ),
  // Payment redirect (4.14)
  paymentNoMethod: flag(
    'enr-payment-no-method',
    'ENR-PAYMENT-200',
    'Payment redirect data has no method.',
    routeProbe(async (k) => (await payment(k, planFull)).body.method),
  ),
  paymentKeysNormalised: flag(
    'enr-payment-keys-normalised',
    'ENR-PAYMENT-FIELDS-VERBATIM',
    'Payment field names are lower-cased and their odd characters replaced.',
    routeProbe(async (k) => (await payment(k, planFull)).body.fields.map((f: { name: string }) => f.name).join('|')),
  ),
  paymentUnsupported200: flag(
    'enr-payment-unsupported-200',
    'ENR-PAYMENT-UNSUPPORTED-422',
    'Payment redirect answers 200 for a carrier without payment redirect.',
    routeProbe(async (k) => (await payment(k, planLimited)).status),
  ),
  paymentParamsOptional: flag(
    'enr-payment-params-optional',
    'ENR-PAYMENT-PARAMS-REQUIRED',
    'Payment redirect answers without product and exchange.',
    routeProbe(async (k) => (await payment(k, planFull, '')).status),
  ),
  // Supporting documentation (4.15)
  docsJsonRefused: flag(
    'enr-docs-json-refused',
    'ENR-DOCS-JSON',
    'The JSON upload form is refused with 415.',
    routeProbe((k) => upload(k, docJson(PDF))),
  ),
  docsMultipartRefused: flag(
    'enr-docs-multipart-refused',
    'ENR-DOCS-MULTIPART',
    'The multipart upload form is refused with 415.',
    routeProbe((k) =>
      upload(k, {
        fields: { context: JSON.stringify(CTX.context), document_type: 'sep' },
        files: { file: { filename: 'a', contentType: 'x', data: PDF } },
      }),
    ),
  ),
  docsStatusUnchanged: flag(
    'enr-docs-status-unchanged',
    'ENR-DOCS-STATUS-UPDATED',
    'An upload leaves document_status unchanged.',
    routeProbe((k) => upload(k, docJson(PDF))),
  ),
  docsTrustsDeclaredType: flag(
    'enr-docs-trusts-declared-type',
    'ENR-DOCS-FORMAT-REJECTED',
    'Bytes that are not PDF, JPEG or PNG are accepted.',
    routeProbe((k) => upload(k, docJson(GIF))),
  ),
  docsAnyDocumentType: flag(
    'enr-docs-any-document-type',
    'ENR-DOCS-TYPE-SEP-ONLY',
    'A document_type other than sep is accepted.',
    routeProbe((k) => upload(k, docJson(PDF, 'income'))),
  ),
  docsContentTypeIgnored: CORE_CHECKED.docsContentTypeIgnored,
  // Error envelope (section 7)
  // Only 422s, so the 400 rules that name the errors[] shape (agent fields, Idempotency-Key) keep holding.
  errorsUnifiedEnvelope: rewrite(
    'enr-errors-unified-envelope',
    'ENR-ERRORS-ENVELOPE',
    'Direct-enrollment 422 failures use the unified {error} envelope.',
    routeProbe(async (k) =>
      Object.keys(
        (
          await act(
            k,
            (
              await k.call('POST', '/v1/enrollments', { body: incompleteCreateBody(planFull) })
            ).body.application_id,
            'submissions',
          )
        ).body,
      ),
    ),
    under('/v1/enrollments', (res) => {
      const errors = errorsOf(res);
      return res.status === 422 && errors && errors.length > 0
        ? { ...res, body: { error: { code: errors[0].code, message: errors[0].message } } }
        : res;
    }),
  ),
  // Another account (OWASP API1): each of these lets a second approved account reach the
  // approved account's application through one operation.
  otherAccountRead: flag(
    'enr-other-account-read',
    'ENR-OTHER-ACCOUNT-REFUSED',
    "Another approved account reads an application it does not own (200 with the owner's data).",
    routeProbe(async (k) => (await read(k, (await create(k, planFull)).application_id, ROUTING, AS_OTHER)).status),
  ),
  otherAccountUpdate: flag(
    'enr-other-account-update',
    'ENR-OTHER-ACCOUNT-REFUSED',
    'Another approved account changes an application it does not own with PUT.',
    routeProbe(async (k) => (await put(k, (await create(k, planFull)).application_id, FRESNO, AS_OTHER)).status),
  ),
  otherAccountSubmit: flag(
    'enr-other-account-submit',
    'ENR-OTHER-ACCOUNT-REFUSED',
    'Another approved account submits an application it does not own.',
    routeProbe(
      async (k) => (await act(k, (await create(k, planFull)).application_id, 'submissions', CTX, AS_OTHER)).status,
    ),
  ),
  otherAccountCancel: flag(
    'enr-other-account-cancel',
    'ENR-OTHER-ACCOUNT-REFUSED',
    'Another approved account cancels an application it does not own.',
    routeProbe(
      async (k) =>
        (await act(k, await submitted(k, planFull, { desired_effective_date: FUTURE }), 'cancellations', CTX, AS_OTHER))
          .status,
    ),
  ),
  otherAccountNamed: flag(
    'enr-other-account-named',
    'ENR-OTHER-ACCOUNT-REFUSED',
    "The 404 for another account's application names its external_id and owner, so the caller learns it exists.",
    routeProbe(async (k) => {
      const app = await create(k, planFull);
      return JSON.stringify((await read(k, app.application_id, ROUTING, AS_OTHER)).body).includes(app.external_id);
    }),
  ),
  listEveryAccount: flag(
    'enr-list-every-account',
    'ENR-LIST-OWN-ACCOUNT',
    "The list shows every account's applications, not only the caller's.",
    routeProbe(async (k) => {
      const { application_id: id } = await create(k, planFull);
      return (await k.call('GET', `${BASE}&limit=100`, AS_OTHER)).body.applications.some(
        (r: { application_id: string }) => r.application_id === id,
      );
    }),
  ),
  // History (section 3, 4.9, 8): each shows only later in a run, against what the run saw before.
  listRowCreatedAtUpdated: flag(
    'enr-list-row-created-at-updated',
    'ENR-LIST-ROW-MATCHES-READ',
    "List rows show the application's updated_at as its created_at: a changed application's row disagrees.",
    routeProbe(async (k) => {
      const id = await submitted(k, planFull, { desired_effective_date: FUTURE });
      const row = (await rows(k, '&limit=100')).find((r: { application_id: string }) => r.application_id === id);
      return row.created_at === (await read(k, id)).body.created_at;
    }),
  ),
  listFilterDropsEmployer: flag(
    'enr-list-filter-drops-employer',
    'ENR-LIST-FILTER-FOLLOWS-STATUS',
    'The policy_status filter never lists an application filed under an employer (hra.employer), whatever its status.',
    routeProbe(async (k) => {
      const app = await create(k, planFull, {
        hra: { offered_hra: true, type: 'ichra', employer: { name: 'Probe Employer', external_id: 'employer-probe' } },
      });
      return (await rows(k, `&policy_status=draft&external_id=${app.external_id}`)).length;
    }),
  ),
  replayShowsCurrent: flag(
    'enr-replay-shows-current',
    'IDEMP-REPLAY-BODY-VERBATIM',
    'A replay of a create answers the application as it is now (its current policy_status), not the original answer.',
    serverProbe(({ call }) => P.replayAfterSubmit(call)),
  ),
  outcomeDrifts: flag(
    'enr-outcome-drifts',
    'ENR-OUTCOME-STAYS',
    'A cancellation is lost a second after it settled: the policy reads pending_effectuation again.',
    serverProbe(({ call }) => P.statusLaterAfterCancel(call)),
  ),
  changeReopensPolicy: flag(
    'enr-change-reopens-policy',
    'ENR-OUTCOME-STAYS',
    'An accepted PUT on an effectuated policy puts it back to pending_effectuation a moment later (its answer still ' +
      'shows effectuated), though a change is sent by a new submission.',
    routeProbe(async (k) => {
      const id = await submitted(k, planFull, {}, 80);
      await put(k, id, FRESNO);
      await pause(30);
      return statusOf(k, id);
    }),
  ),
  listRowStaleAfterPut: flag(
    'enr-list-row-stale-after-put',
    'ENR-LIST-ROW-MATCHES-READ',
    'A list row keeps showing an application as it was before its latest PUT (its updated_at) until its status ' +
      'changes again.',
    routeProbe(async (k) => {
      const { application_id: id } = await create(k, planFull);
      await pause(5);
      await put(k, id, FRESNO);
      const row = (await rows(k, '&limit=100')).find((r: { application_id: string }) => r.application_id === id);
      return row.updated_at === (await read(k, id)).body.updated_at;
    }),
  ),
  replayLateReserialised: flag(
    'enr-replay-late-reserialised',
    'IDEMP-REPLAY-BODY-VERBATIM',
    "A create's replay more than two seconds after it is rebuilt from the parsed answer: the same members in " +
      'another order, so not the bytes first sent.',
    serverProbe(({ call }) => P.lateReplaySame(call)),
  ),
  statusListEveryAccount: flag(
    'enr-status-list-every-account',
    'ENR-LIST-OWN-ACCOUNT',
    "The list filtered on policy_status shows every account's applications in that state (the unfiltered list " +
      "shows the caller's only).",
    routeProbe(async (k) => {
      const other = await k.call('POST', '/v1/enrollments', { body: validCreateBody(planFull), ...AS_OTHER });
      return (await rows(k, '&policy_status=draft&limit=100')).some(
        (r: { application_id: string }) => r.application_id === other.body.application_id,
      );
    }),
  ),
  duplicateNamesOtherAccount: flag(
    'enr-duplicate-names-other-account',
    'ENR-OTHER-ACCOUNT-NOT-SHOWN',
    "A create whose external_id another account's application has answers with a warning naming that " +
      "application's id.",
    routeProbe(async (k) => {
      const body = validCreateBody(planFull, { external_id: 'twin-probe' });
      await k.call('POST', '/v1/enrollments', { body });
      return (await k.call('POST', '/v1/enrollments', { body, ...AS_OTHER })).body.warnings ?? null;
    }),
  ),
  nextActionsCancelDraft: flag(
    'enr-next-actions-cancel-draft',
    'ENR-NEXT-ACTIONS-AVAILABLE',
    'next_actions offers a cancellation on a draft (of a carrier that supports cancellation), which section 3 refuses.',
    routeProbe(async (k) => (await create(k, planFull)).next_actions.map((a: { rel: string }) => a.rel).join(',')),
  ),
  errorsEmptyList: rewrite(
    'enr-errors-empty-list',
    'ENVELOPE-ERRORS-SHAPE',
    'Direct-enrollment 404s carry an empty errors[] list.',
    routeProbe(async (k) => (await read(k, 'enr_nope')).body.errors.length),
    under('/v1/enrollments', (res) => (res.status === 404 && errorsOf(res) ? { ...res, body: { errors: [] } } : res)),
  ),
  // Each breaks its rule only on an answer no check of its own judges by that rule: the run-wide checks find it.
  readUnknownErrorsObject: rewrite(
    'enr-read-404-errors-object',
    'ENVELOPE-ERRORS-SHAPE',
    'Reading an unknown application answers 404 with `errors` as one object instead of a list; other 404s keep the ' +
      'list.',
    routeProbe(async (k) => Array.isArray((await read(k, 'enr_nope')).body.errors)),
    (req, res) => {
      const first = errorsOf(res)?.[0];
      return is(req, 'GET', /^\/v1\/enrollments\/[^/]+$/) && res.status === 404 && first
        ? { ...res, body: { errors: first } }
        : res;
    },
  ),
  listLaterPageEchoesKey: rewrite(
    'enr-list-later-page-echoes-key',
    'AUTH-KEY-NOT-ECHOED',
    "Enrollment list answers past the first page (offset above 0) carry the caller's key in an X-Debug-Api-Key header.",
    serverProbe(({ call }) =>
      call('GET', `${BASE}&limit=1&offset=1`, UNCHECKED).then((r) => r.headers['x-debug-api-key'] ?? null),
    ),
    (req, res) =>
      is(req, 'GET', '/v1/enrollments') && Number(req.query.offset) > 0 && req.headers['x-api-key']
        ? { ...res, headers: { ...res.headers, 'X-Debug-Api-Key': req.headers['x-api-key'] } }
        : res,
  ),
  terminationUpdatedAtNumber: rewrite(
    'enr-termination-updated-at-number',
    'SCHEMA-RESPONSE-VALID',
    "A termination's 202 gives updated_at as Unix seconds (a number) instead of a date-time string.",
    routeProbe(
      async (k) => typeof (await act(k, await submitted(k, planFull, {}, 80), 'terminations')).body.updated_at,
    ),
    (req, res) => {
      const b = bodyOf(res);
      return is(req, 'POST', /\/terminations$/) && res.status === 202 && typeof b?.updated_at === 'string'
        ? { ...res, body: { ...b, updated_at: Math.floor(Date.parse(b.updated_at) / 1000) } }
        : res;
    },
  ),
  ...ENROLLMENT_ORACLE_FAULTS,
  ...ENROLLMENT_VARIANTS,
} satisfies Record<string, Switch>;
