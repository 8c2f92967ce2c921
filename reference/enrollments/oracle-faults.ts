/**
 * Faults of direct enrollment that break a rule only on answers no check naming that rule
 * receives (a setup step's create, another check's PUT or list): the oracles over the run's
 * journal (suites/run-wide/) find them. Part of ENROLLMENT_FAULTS (faults.ts).
 */
import { bodyOf, faultsOf, headerOf, is, under, withoutHeader, type RequestView } from '../core/declare-fault.js';
import { routeProbe, serverProbe, UNCHECKED } from '../core/probe.js';
import type { Switch } from '../core/switch.js';
import type { RouteResult } from '../types.js';
import { validCreateBody } from './fixtures.js';
import { AS_OTHER, BASE, create, planFull, planLimited, put, read, rows } from './probe-steps.js';

const { flag, rewrite } = faultsOf('enrollments');

type Json = Record<string, any>;

/** The HRA employer's external_id an application shows (flat or under `application`). */
const employerIdOf = (app: Json | undefined): unknown => app?.hra?.employer?.external_id;

/** A create's answer with the application's external_id replaced by its HRA employer's. */
function employerIdAsExternalId(res: RouteResult): RouteResult {
  const body = bodyOf(res);
  const nested = body?.application as Json | undefined;
  const employer = employerIdOf(nested) ?? employerIdOf(body);
  if (res.status >= 300 || !body || typeof employer !== 'string') return res;
  return {
    ...res,
    body: {
      ...body,
      ...('external_id' in body ? { external_id: employer } : {}),
      ...(nested ? { application: { ...nested, external_id: employer } } : {}),
    },
  };
}

/** `res` with the header `name` set to `value` (any spelling of the name replaced). */
const withHeader = (res: RouteResult, name: string, value: string): RouteResult => ({
  ...res,
  headers: { ...withoutHeader(res.headers, name), [name]: value },
});

const READ = /^\/v1\/enrollments\/([^/]+)$/;
/** A 200 to an application read. */
const aRead = (req: RequestView, res: RouteResult): boolean => is(req, 'GET', READ) && res.status === 200;

const EMPLOYER = { hra: { offered_hra: true, type: 'ichra', employer: { name: 'Acme', external_id: 'emp-1' } } };

export const ENROLLMENT_ORACLE_FAULTS = {
  createEmployerIdEchoed: rewrite(
    'enr-create-employer-id-echoed',
    'ENR-CREATE-DATA-ROUND-TRIP',
    "A create filed under an HRA employer answers with the employer's external_id (hra.employer.external_id) as " +
      "the application's external_id; the application is stored as sent.",
    routeProbe(async (k) => (await create(k, planFull, EMPLOYER)).application.external_id),
    (req, res) => (is(req, 'POST', '/v1/enrollments') ? employerIdAsExternalId(res) : res),
  ),
  putAnswerBeforeChange: flag(
    'enr-put-answer-before-change',
    'ENR-UPDATE-ANSWER-SHOWN',
    'A PUT answers with the application as it was before the change; the change is stored and the next read ' +
      'shows it.',
    routeProbe(async (k) => {
      const { application_id: id } = await create(k, planFull);
      const primary = { first_name: 'Ada', last_name: 'Lovelace', date_of_birth: '1985-12-10', gender: 'female' };
      return (await put(k, id, { applicants: { primary: { ...primary, phone: '5555550177' } } })).body.application
        .applicants.primary.phone;
    }),
  ),
  listExternalIdIgnoredBesideStatus: flag(
    'enr-list-external-id-ignored-beside-status',
    'ENR-LIST-FILTER-EXTERNAL-ID',
    'The external_id filter is ignored when the list also filters on policy_status (alone it holds).',
    routeProbe(async (k) => {
      const { external_id: id } = (await create(k, planFull)).application;
      await create(k, planLimited);
      return (await rows(k, `&policy_status=draft&external_id=${encodeURIComponent(id)}`)).length;
    }),
  ),
  charsetLatin1: rewrite(
    'enr-charset-latin1',
    'SCHEMA-JSON-UTF8',
    'Direct-enrollment answers declare charset=ISO-8859-1 while their bytes are UTF-8: a name with an accent reads ' +
      'garbled to a client that honours the header.',
    serverProbe(({ call }) => call('GET', BASE, UNCHECKED).then((r) => r.headers['content-type'])),
    under('/v1/enrollments', (res) =>
      headerOf(res.headers, 'Content-Type')?.startsWith('application/json')
        ? withHeader(res, 'Content-Type', 'application/json; charset=ISO-8859-1')
        : res,
    ),
  ),
  putReplayFlag: rewrite(
    'enr-put-replay-flag',
    'IDEMP-FIRST-NO-REPLAY-HEADER',
    'A PUT answer carries Idempotent-Replay: true (the answer is built by the create replay path).',
    routeProbe(async (k) => {
      const { application_id: id } = await create(k, planFull);
      return headerOf((await put(k, id, {})).headers, 'Idempotent-Replay') ?? null;
    }),
    (req, res) => (is(req, 'PUT', READ) && res.status < 300 ? withHeader(res, 'Idempotent-Replay', 'true') : res),
  ),
  readCacheable: rewrite(
    'enr-read-cacheable',
    'ENR-READ-NO-STALE-CACHE',
    'An application read carries Cache-Control: private, max-age=300: a cache may answer a poll with the state of ' +
      'five minutes before.',
    routeProbe(async (k) => {
      const { headers } = await read(k, (await create(k, planFull)).application_id);
      return headerOf(headers, 'Cache-Control') ?? null;
    }),
    (req, res) => (aRead(req, res) ? withHeader(res, 'Cache-Control', 'private, max-age=300') : res),
  ),
  readEtagPerApplication: rewrite(
    'enr-read-etag-per-application',
    'ENR-READ-NO-STALE-CACHE',
    'An application read carries the ETag W/"<application id>", whatever its state: a revalidation keeps a read ' +
      'from before a change.',
    routeProbe(
      async (k) => headerOf((await read(k, (await create(k, planFull)).application_id)).headers, 'ETag') ?? null,
    ),
    (req, res) => (aRead(req, res) ? withHeader(res, 'ETag', `W/"${READ.exec(req.path)![1]}"`) : res),
  ),
  rejectedMemberNamesExternalId: flag(
    'enr-rejected-member-names-external-id',
    'ENVELOPE-FIELD-NAMES-WRONG',
    'A create refused for a member it must not carry (_agent_id, tpa_slug, actor.agent_id, agent_of_record) names ' +
      'external_id as the error field.',
    routeProbe(async (k) => {
      const res = await k.call('POST', '/v1/enrollments', { body: { ...validCreateBody(planFull), tpa_slug: 't' } });
      return res.body.errors[0].field;
    }),
  ),
  otherAccount403NotOwner: flag(
    'enr-other-account-403-not-owner',
    'ENVELOPE-STATED-CODE',
    "Another account's application is refused with 403 under the code not_owner (section 7 gives 403 forbidden).",
    routeProbe(async (k) => {
      const { application_id: id } = await create(k, planFull);
      return (await read(k, id, undefined, AS_OTHER)).body;
    }),
  ),
  paymentParams400: flag(
    'enr-payment-params-400',
    'SCHEMA-DOCUMENTED-STATUS',
    'Payment redirect without product and exchange answers 400, a status 4.14 and the document do not list for it ' +
      '(422 is).',
    routeProbe(async (k) => {
      const { application_id: id } = await create(k, planFull);
      return (await read(k, `${id}/payment_redirect`, '')).status;
    }),
  ),
} satisfies Record<string, Switch>;
