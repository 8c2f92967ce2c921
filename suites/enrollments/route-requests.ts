/**
 * The family's operations (4.9 to 4.15), one valid request each: the table the checks loop
 * over where only the key or the account can be the reason for a refusal (the edge's key
 * checks, the approval gate, the account boundary). An operation on one application takes it
 * (its id and its create body, which a PUT sends back whole); the edge and gate checks give an
 * id nobody issued, since their refusal comes before any lookup.
 */
import type { ApiRequest, CheckContext } from '../../harness/suite/index.js';
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

export interface Operation {
  route: string;
  /** Has side effects (sent only by runs that may write). */
  write: boolean;
  request(t: CheckContext, on: Target): ApiRequest;
}

/** A phone number no create of the suite sends: a PUT that carries it is a change. */
export const CHANGED_PHONE = '5555550142';

/** Operations on one application (4.11 to 4.15). */
export const ITEM_OPERATIONS: readonly Operation[] = [
  { route: 'read', write: false, request: (_t, on) => readRequest(on.id) },
  {
    route: 'update',
    write: true,
    request: (_t, on) => updateRequest(on.id, updateBody(on.request, primaryApplicant(CHANGED_PHONE))),
  },
  { route: 'submit', write: true, request: (_t, on) => actionRequest(on.id, 'submissions') },
  { route: 'cancel', write: true, request: (_t, on) => actionRequest(on.id, 'cancellations') },
  { route: 'terminate', write: true, request: (_t, on) => actionRequest(on.id, 'terminations') },
  { route: 'payment redirect', write: false, request: (_t, on) => paymentRequest(on.id) },
  { route: 'upload', write: true, request: (_t, on) => jsonUpload(on.id, PDF) },
];

/** Operations on the account's applications as a whole (4.9, 4.10). */
export const COLLECTION_OPERATIONS: readonly Operation[] = [
  { route: 'list', write: false, request: () => listRequest() },
  { route: 'create', write: true, request: (_t, on) => createRequest(on.request) },
];

/** An id nobody issued, with a create body for the plan fixture (any well-formed plan without one). */
export const unknownTarget = (t: CheckContext): Target => ({
  id: UNKNOWN_ENROLLMENT_ID,
  request: createBody(t, String(t.target.fixture('planFull') ?? ANY_PLAN)),
});

export type RouteRequest = (t: CheckContext) => ApiRequest;

const onUnknown = (ops: readonly Operation[], write: boolean): Array<[route: string, request: RouteRequest]> =>
  ops.filter((op) => op.write === write).map((op) => [op.route, (t) => op.request(t, unknownTarget(t))]);

/** Every operation without side effects, on an unknown id. */
export const READ_ROUTES = onUnknown([...COLLECTION_OPERATIONS, ...ITEM_OPERATIONS], false);
/** Every operation with side effects, on an unknown id. */
export const WRITE_ROUTES = onUnknown([...COLLECTION_OPERATIONS, ...ITEM_OPERATIONS], true);
