/**
 * One valid request per direct-enrollment route, for checks where only the key or the account
 * can be the reason for a refusal. The ids are unknown: an edge or gate refusal comes first.
 */
import type { ApiRequest, CheckContext } from '../../harness/suite/index.js';
import { jsonUpload, PDF } from './documents-files.js';
import {
  actionRequest,
  createBody,
  createRequest,
  listRequest,
  paymentRequest,
  planYear,
  readRequest,
  ROUTING,
  UNKNOWN_ENROLLMENT_ID,
  updateBody,
  updateRequest,
} from './requests.js';

const ID = UNKNOWN_ENROLLMENT_ID;
/** A well-formed HIOS plan id, for a profile without planFull: the refusal comes before any plan lookup. */
const ANY_PLAN = '00000XX0000000';

export type RouteRequest = (t: CheckContext) => ApiRequest;

export const READ_ROUTES: ReadonlyArray<[route: string, request: RouteRequest]> = [
  ['list', () => listRequest()],
  ['read', () => readRequest(ID)],
  ['payment redirect', () => paymentRequest(ID)],
];

export const WRITE_ROUTES: ReadonlyArray<[route: string, request: RouteRequest]> = [
  ['create', (t) => createRequest(createBody(t, String(t.target.fixture('planFull') ?? ANY_PLAN)))],
  ['update', (t) => updateRequest(ID, updateBody({ context: { ...ROUTING, plan_year: planYear(t) } }))],
  ['submit', () => actionRequest(ID, 'submissions')],
  ['cancel', () => actionRequest(ID, 'cancellations')],
  ['terminate', () => actionRequest(ID, 'terminations')],
  ['upload', () => jsonUpload(ID, PDF)],
];
