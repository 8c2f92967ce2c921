/**
 * The probe kit: one request or more to every operation of every family, successes and the
 * usual refusals, through a validating client. A variant's test runs it on a server with the
 * variant on: every answer must still hold under the documents the variant claims. One stop per
 * family (`TOUR`); test/operations.test.ts fails when the tour leaves an operation of the suite's
 * operations table (suites/operations.ts) unvisited, naming the operation and this file.
 */
import type { Family } from '../../harness/model.js';
import { ENROLLMENT_FIXTURES, validCreateBody } from '../enrollments/fixtures.js';
import { APPLICATION, APTC_SAMPLE } from '../legacy/samples.js';
import { MEDICARE_FIXTURES as M } from '../medicare/samples.js';
import { KY_LOCATION, quoteRequestBody } from '../quotes/sample.js';
import type { Call } from './client.js';
import { sessionBody } from './fixtures.js';

const E = '/v1/enrollments';
const ROUTING = '?product=ichra&exchange=off_exchange';
const CTX = { context: { product: 'ichra', exchange: 'off_exchange' } };
const POL = '/v1/policy-status/applications';
/** Reads of an application while its submission settles; the slowest variant settles in about a second. */
const SETTLE_READS = 40;
/** A coverage start before the test clocks' first day (reference/probe/fixtures.ts: 2026-03-01). */
const COVERAGE_STARTED = '2026-01-01';

const keyed = (key: string) => ({ headers: { 'idempotency-key': key } });
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The id of an application whichever member names it. */
const idOf = (b: Record<string, unknown>): string => String(b.application_id ?? b.enrollment_id ?? b.id);

async function utility(call: Call): Promise<void> {
  await call('GET', '/v1/ping');
  await call('GET', '/v1/ping', { role: 'unapproved' });
  await call('GET', '/v1/ping', { role: null });
  await call('GET', '/v1/nope');
  await call('DELETE', '/v1/ping');
}

async function reference(call: Call): Promise<void> {
  for (const zip of ['40202', '42223', '99999', 'abc']) await call('GET', `/v1/reference/counties?zip_code=${zip}`);
  for (const q of ['state=KY&plan_year=2026', 'state=ky', 'state=ZZ', 'state=KY&plan_year=2019'])
    await call('GET', `/v1/reference/issuers?${q}`);
  const search = '/v1/reference/providers?query=Health&zip_code=40202&exchange=on_exchange';
  for (const q of ['', '&page[size]=10&page[number]=2', '&page[number]=99']) await call('GET', search + q);
  await call('GET', '/v1/reference/providers?query=zzzz&zip_code=40202&exchange=on_exchange');
  await call('GET', '/v1/reference/providers?zip_code=40202&exchange=on_exchange');
}

async function quotes(call: Call): Promise<void> {
  await call('POST', '/v1/quotes', { json: quoteRequestBody({ location: KY_LOCATION }) });
  await call('POST', '/v1/quotes', {
    json: quoteRequestBody({
      location: KY_LOCATION,
      context: { coverage_type: 'dental' },
      page: { number: 1, size: 2 },
    }),
  });
  await call('POST', '/v1/quotes', { json: {} });
  await call('POST', '/v1/quotes', { raw: '{"a":' });
  await call('POST', '/v1/quotes', { raw: '{}', contentType: 'text/plain' });
}

async function sessions(call: Call): Promise<void> {
  const S = '/v1/enrollment-sessions';
  await call('POST', S, { json: sessionBody(), ...keyed('tour-session') });
  await call('POST', S, { json: sessionBody(), ...keyed('tour-session') });
  await call('POST', S, { json: sessionBody({ external_id: 'other' }), ...keyed('tour-session') });
  const { external_id: _omitted, ...anonymous } = sessionBody();
  await call('POST', S, { json: anonymous });
  await call('POST', S, { json: sessionBody({ location: {} }) });
  await call('POST', S, { role: 'unapproved', json: sessionBody() });
}

async function policyStatus(call: Call): Promise<void> {
  for (const q of ['', '&limit=5&offset=5', '&limit=101'])
    await call('GET', `${POL}?exchange=on_exchange&plan_year=2026${q}`);
  const list = await call('GET', `${POL}?exchange=on_exchange&plan_year=2026&limit=3`);
  for (const row of list.body.applications as Array<{ confirmation_id: string }>)
    await call('GET', `${POL}/${row.confirmation_id}?exchange=on_exchange&plan_year=2026`);
  await call('GET', `${POL}/0000000000?exchange=on_exchange&plan_year=2026`);
}

async function enrollments(call: Call): Promise<void> {
  const future = `${new Date().getUTCFullYear() + 1}-01-01`;
  const sep = { special_enrollment_period: { event_type: 'relocation', event_date: '2026-01-02' } };
  const created = await call('POST', E, {
    json: validCreateBody(ENROLLMENT_FIXTURES.planFull, sep),
    ...keyed('tour-create'),
  });
  await call('POST', E, { json: validCreateBody(ENROLLMENT_FIXTURES.planFull, sep), ...keyed('tour-create') });
  const id = idOf(created.body);
  await call('GET', `${E}/${id}${ROUTING}`);
  await call('PUT', `${E}/${id}`, {
    json: {
      context: { ...CTX.context, plan_year: new Date().getUTCFullYear() },
      residential_address: { street_address_1: '2 Main St', city: 'Fresno', state: 'CA', zip_code: '93650' },
    },
  });
  const upload = {
    ...CTX,
    document_type: 'sep',
    file: {
      filename: 'proof.pdf',
      content_type: 'application/pdf',
      content_base64: Buffer.from('%PDF-1.7\n').toString('base64'),
    },
  };
  await call('POST', `${E}/${id}/supporting_documentation`, { json: upload });
  await call('POST', `${E}/${id}/submissions`, { json: CTX });
  for (let i = 0; i < SETTLE_READS && (await call('GET', `${E}/${id}${ROUTING}`)).body.policy_status === 'draft'; i++)
    await pause(50);
  await call('GET', `${E}/${id}/payment_redirect${ROUTING}`);
  await call('POST', `${E}/${id}/submissions`, { json: CTX });
  const pending = idOf(
    (
      await call('POST', E, {
        json: validCreateBody(ENROLLMENT_FIXTURES.planFull, { desired_effective_date: future }),
        ...keyed('tour-pending'),
      })
    ).body,
  );
  await call('POST', `${E}/${pending}/submissions`, { json: CTX });
  for (
    let i = 0;
    i < SETTLE_READS && (await call('GET', `${E}/${pending}${ROUTING}`)).body.policy_status === 'draft';
    i++
  )
    await pause(50);
  await call('POST', `${E}/${pending}/cancellations`, { json: CTX });
  await call('POST', `${E}/${pending}/terminations`, { json: CTX });
  // Coverage that started before the test clocks' March 2026: effectuated once submitted, so it can be terminated.
  const started = idOf(
    (
      await call('POST', E, {
        json: validCreateBody(ENROLLMENT_FIXTURES.planFull, {}, new Date(COVERAGE_STARTED)),
        ...keyed('tour-started'),
      })
    ).body,
  );
  await call('POST', `${E}/${started}/submissions`, { json: CTX });
  for (
    let i = 0;
    i < SETTLE_READS && (await call('GET', `${E}/${started}${ROUTING}`)).body.policy_status !== 'effectuated';
    i++
  )
    await pause(50);
  await call('POST', `${E}/${started}/terminations`, { json: CTX });
  const limited = idOf(
    (await call('POST', E, { json: validCreateBody(ENROLLMENT_FIXTURES.planLimited), ...keyed('tour-limited') })).body,
  );
  await call('GET', `${E}/${limited}/payment_redirect${ROUTING}`);
  await call('GET', `${E}${ROUTING}`);
  await call('GET', `${E}${ROUTING}&limit=2&offset=1&policy_status=draft`);
  await call('GET', `${E}${ROUTING}&sort=asc`);
  await call('GET', `${E}/enr_nope${ROUTING}`);
  await call('POST', E, { json: validCreateBody(ENROLLMENT_FIXTURES.planFull) });
  await call('POST', E, {
    json: validCreateBody(ENROLLMENT_FIXTURES.planFull, { _agent_id: 'x' }),
    ...keyed('tour-agent'),
  });
}

async function legacy(call: Call): Promise<void> {
  await call('POST', '/api/v1/quotes', { json: APTC_SAMPLE });
  await call('POST', '/api/v1/aptc_estimates', { json: APTC_SAMPLE });
  await call('POST', '/aptc_estimates', { json: APTC_SAMPLE });
  await call('GET', '/api/v1/plans/12345CA0010001');
  await call('GET', '/api/v1/plans/99999ZZ9999999');
  await call('POST', '/public/ichra/off_ex', { json: {} });
  const app = (await call('POST', '/api/v1/applications', { json: APPLICATION })).body;
  const id = String(app.application?.id ?? app.id);
  await call('GET', `/api/v1/applications/${id}`);
  await call('POST', `/api/v1/applications/${id}/submit`);
}

async function medicare(call: Call): Promise<void> {
  const contact = `/v1/contacts/${M.medicareContactId}`;
  await call('PATCH', contact, {
    role: 'medicare',
    json: { agent_email: M.medicareAgentEmail, contact: { city: 'Mesa' } },
  });
  await call('PATCH', contact, {
    role: 'medicare',
    json: { agent_email: M.medicareAgentEmail, contact: { birth_date: '1957-04-12' } },
  });
  await call('PATCH', '/v1/contacts/ct_9999', { role: 'medicare', json: { agent_email: M.medicareAgentEmail } });
}

/** Each family's stop: its operations, successes and the usual refusals. */
export const TOUR: Readonly<Record<Family, (call: Call) => Promise<void>>> = {
  utility,
  reference,
  quotes,
  'enrollment-sessions': sessions,
  'policy-status': policyStatus,
  enrollments,
  'legacy-ichra': legacy,
  medicare,
};

/** Every family's stop, in turn. */
export async function tour(call: Call): Promise<void> {
  for (const stop of Object.values(TOUR)) await stop(call);
}
