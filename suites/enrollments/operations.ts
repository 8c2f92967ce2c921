/**
 * The family's operations (4.9 to 4.15), keyed by operationId, one valid request each: the
 * table the checks loop over where only the key or the account can be the reason for a refusal
 * (the edge's key checks, the approval gate, the account boundary), gathered with the other
 * families' in suites/operations.ts. An operation on one application takes it (its id and its
 * create body, which a PUT sends back whole); `request` gives an id nobody issued, since the
 * edge and the gate refuse before any lookup.
 */
import {
  onOneItem,
  type ApiRequest,
  type CheckContext,
  type OperationSpec,
  type SuccessAnswer,
} from '../../harness/suite/index.js';
import type { Json } from './application-reader.js';
import { jsonUpload, PDF } from './documents-files.js';
import {
  actionRequest,
  createBody,
  createRequest,
  listRequest,
  paymentRequest,
  primaryApplicant,
  readRequest,
  UNKNOWN_ENROLLMENT_ID,
  updateBody,
  updateRequest,
} from './requests.js';

/** A well-formed HIOS plan id, for a profile without planFull: the refusal comes before any plan lookup. */
const ANY_PLAN = '00000XX0000000';

/** The application an operation acts on: its id, and the body that created it. */
export interface Target {
  id: string;
  request: Json;
}

export interface EnrollmentOperation extends OperationSpec {
  /** The operation in a request's label. */
  label: string;
  /** Its request on `on` (an application of the run, or an unknown one). */
  on(t: CheckContext, on: Target): ApiRequest;
}

/** A phone number no create of the suite sends: a PUT that carries it is a change. */
export const CHANGED_PHONE = '5555550142';

/**
 * An id nobody issued, with a create body for the plan fixture (any well-formed plan without
 * one), built only by an operation that sends it: the others read no fixture.
 */
const unknownTarget = (t: CheckContext): Target => ({
  id: UNKNOWN_ENROLLMENT_ID,
  get request() {
    return createBody(t, String(t.target.fixture('planFull') ?? ANY_PLAN));
  },
});

const GATE = 'GATE-ENROLLMENTS-UNAPPROVED-403';

const operation = (
  route: string,
  label: string,
  writes: boolean,
  success: SuccessAnswer,
  on: EnrollmentOperation['on'],
) =>
  ({
    route,
    label,
    writes,
    // Every write of the family takes a JSON body (an upload a multipart one too).
    ...(writes ? { body: 'json' as const } : {}),
    gate: GATE,
    success,
    on,
    request: (t) => ({ ...on(t, unknownTarget(t)), label }),
  }) satisfies EnrollmentOperation;

const ITEM = '/v1/enrollments/{enrollment_id}';

const ok = (rule: string, status: SuccessAnswer['status'] = 200): SuccessAnswer => ({ rule, status });

export const ENROLLMENT_OPERATIONS = {
  // A small page: the smoke profile reads the list, it does not page through the account.
  listEnrollments: operation('GET /v1/enrollments', 'list', false, ok('ENR-LIST-200'), () => listRequest({ limit: 1 })),
  createEnrollment: operation('POST /v1/enrollments', 'create', true, ok('ENR-CREATE-SUCCESS', [200, 201]), (_t, on) =>
    createRequest(on.request),
  ),
  getEnrollment: operation(`GET ${ITEM}`, 'read', false, ok('ENR-READ-200'), (_t, on) => readRequest(on.id)),
  // 4.11 states no status for a PUT: any success (state-model/model.ts reads it alike).
  updateEnrollment: operation(`PUT ${ITEM}`, 'update', true, ok('ENR-UPDATE-TRACKED', [200, 201, 202, 204]), (_t, on) =>
    updateRequest(on.id, updateBody(on.request, primaryApplicant(CHANGED_PHONE))),
  ),
  submitEnrollmentApplication: operation(
    `POST ${ITEM}/submissions`,
    'submit',
    true,
    ok('ENR-SUBMIT-202', 202),
    (_t, on) => actionRequest(on.id, 'submissions'),
  ),
  cancelEnrollmentApplication: operation(
    `POST ${ITEM}/cancellations`,
    'cancel',
    true,
    ok('ENR-CANCEL-202', 202),
    (_t, on) => actionRequest(on.id, 'cancellations'),
  ),
  terminateEnrollmentApplication: operation(
    `POST ${ITEM}/terminations`,
    'terminate',
    true,
    ok('ENR-TERMINATE-202', 202),
    (_t, on) => actionRequest(on.id, 'terminations'),
  ),
  getEnrollmentPaymentRedirect: operation(
    `GET ${ITEM}/payment_redirect`,
    'payment redirect',
    false,
    ok('ENR-PAYMENT-200'),
    (_t, on) => paymentRequest(on.id),
  ),
  uploadEnrollmentSupportingDocumentation: operation(
    `POST ${ITEM}/supporting_documentation`,
    'upload',
    true,
    ok('ENR-DOCS-JSON', [200, 201]),
    (_t, on) => jsonUpload(on.id, PDF),
  ),
} as const satisfies Record<string, EnrollmentOperation>;

/** Operations on one application (4.11 to 4.15), in the table's order. */
export const ITEM_OPERATIONS: readonly EnrollmentOperation[] = Object.values(ENROLLMENT_OPERATIONS).filter(onOneItem);
