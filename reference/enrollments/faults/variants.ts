/**
 * Variants: valid choices where the contract is open (2.8: the application's remaining fields
 * are not shown; 3.1: processing is asynchronous; 4.10, 4.15: 200 or 201), probed through a
 * whole server (../variant-probes.ts).
 */
import { under, variantsOf } from '../../core/declare-fault.js';
import type { Switch } from '../../core/switch.js';
import { mapErrors, without } from '../../core/envelopes.js';
import { clockedProbe, serverProbe } from '../../core/probe.js';
import * as P from '../variant-probes.js';
import { idNamedId, minimalActionBodies, namesRequestedId, retryAfterOn202 } from '../variant-rewrites.js';

const { variant, variantRewrite } = variantsOf('enrollments');

export const ENROLLMENT_VARIANTS = {
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
