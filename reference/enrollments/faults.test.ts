/**
 * Every direct-enrollment fault changes the behaviour it claims: one probe per fault, run on a
 * clean kit and on a kit with the fault on, must observe different outcomes. Every fault names
 * a rule that exists in specs/rules.json.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { probes as serverProbes } from '../faults/probes.js';
import { faults as table } from './faults.js';
import { ENROLLMENT_FIXTURES as F, incompleteCreateBody, validCreateBody } from './fixtures.js';
import { enrollmentRoutes } from './index.js';
import { createKit, type Kit } from './test-kit.js';

const BASE = '/v1/enrollments?product=ichra&exchange=off_exchange';
const CTX = { context: { product: 'ichra', exchange: 'off_exchange' } };
const ROUTING = '?product=ichra&exchange=off_exchange';
const PUT_CONTEXT = { context: { ...CTX.context, plan_year: new Date().getUTCFullYear() } };
const FRESNO = { residential_address: { street_address_1: '1 Analytical Way', city: 'Fresno', state: 'CA', zip_code: '95814' } };
const FUTURE = `${new Date().getUTCFullYear() + 1}-01-01`;
const PDF = Buffer.from('%PDF-1.7\n');
const GIF = Buffer.from('GIF89a');
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Probe = (k: Kit) => Promise<unknown>;
/** Faults the core checks are probed through a whole server, in reference/faults/probes.ts. */
const faults = table.filter((f) => !serverProbes[f.name]);

const create = async (k: Kit, plan: string, extra: Record<string, unknown> = {}) => (await k.call('POST', '/v1/enrollments', { body: validCreateBody(plan, extra) })).body;
const act = (k: Kit, id: string, what: string, body: unknown = CTX) => k.call('POST', `/v1/enrollments/${id}/${what}`, { body });
const read = (k: Kit, id: string, query = ROUTING) => k.call('GET', `/v1/enrollments/${id}${query}`);
const statusOf = async (k: Kit, id: string) => (await read(k, id)).body.policy_status;
const put = (k: Kit, id: string, members: Record<string, unknown>) => k.call('PUT', `/v1/enrollments/${id}`, { body: { ...PUT_CONTEXT, ...members } });
/** Submitted and settled (future-dated stays pending; today-dated effectuates ~10 ms later). */
async function submitted(k: Kit, plan: string, extra: Record<string, unknown> = {}, settle = 40): Promise<string> {
  const { application_id: id } = await create(k, plan, extra);
  await act(k, id, 'submissions');
  await pause(settle);
  return id;
}
const listStatus = async (k: Kit, q: string) => (await k.call('GET', q)).status;
const listTotal = async (k: Kit, q: string) => (await k.call('GET', BASE + q)).body.pagination?.total;
const rows = async (k: Kit, q = '') => (await k.call('GET', BASE + q)).body.applications;
const docJson = (file: Buffer, type = 'sep') => ({ ...CTX, document_type: type, file: { filename: 'f', content_type: 'application/pdf', content_base64: file.toString('base64') } });
const upload = async (k: Kit, body: unknown) => {
  const { application_id: id } = await create(k, F.planFull, { special_enrollment_period: { event_type: 'relocation', event_date: '2026-01-02' } });
  const r = await k.call('POST', `/v1/enrollments/${id}/supporting_documentation`, { body });
  return [r.status, await read(k, id).then((x) => x.body.document_status)];
};
const payment = async (k: Kit, plan: string, q = '?product=ichra&exchange=off_exchange') => {
  const { application_id: id } = await create(k, plan);
  return k.call('GET', `/v1/enrollments/${id}/payment_redirect${q}`);
};

const PROBES: Record<string, Probe> = {
  'enr-list-answer-206': (k) => listStatus(k, BASE),
  'enr-list-product-optional': (k) => listStatus(k, '/v1/enrollments?exchange=off_exchange'),
  'enr-list-exchange-optional': (k) => listStatus(k, '/v1/enrollments?product=ichra'),
  'enr-list-ignores-unsupported-param': (k) => listStatus(k, `${BASE}&sort=asc`),
  'enr-list-default-limit-50': async (k) => (await rows(k)).length,
  'enr-list-limit-unbounded': (k) => listStatus(k, `${BASE}&limit=101`),
  'enr-list-offset-default-1': async (k) => (await rows(k))[0].application_id,
  'enr-list-negative-offset-accepted': (k) => listStatus(k, `${BASE}&offset=-1`),
  'enr-list-pages-overlap': async (k) => (await rows(k, '&limit=10&offset=10'))[0].application_id,
  'enr-list-policy-status-ignored': (k) => listTotal(k, '&policy_status=draft'),
  'enr-list-policy-status-any': (k) => listStatus(k, `${BASE}&policy_status=active`),
  'enr-list-external-id-ignored': (k) => listTotal(k, '&external_id=seed-7'),
  'enr-list-plan-hios-id-ignored': (k) => listTotal(k, `&plan_hios_id=${F.planLimited}`),
  'enr-list-issuer-hios-id-ignored': (k) => listTotal(k, `&issuer_hios_id=${F.planFull.slice(0, 5)}`),
  'enr-list-plan-year-ignored': (k) => listTotal(k, '&plan_year=2026'),
  'enr-list-updated-since-inclusive': async (k) => {
    const pivot = (await rows(k))[3];
    return listTotal(k, `&updated_since=${encodeURIComponent(pivot.updated_at)}`);
  },
  'enr-list-employer-unsupported': (k) => listStatus(k, `${BASE}&employer_external_id=employer-1`),
  'enr-create-status-202': async (k) => (await k.call('POST', '/v1/enrollments', { body: validCreateBody(F.planFull) })).status,
  'enr-create-no-document-status': async (k) => 'document_status' in (await create(k, F.planFull)),
  'enr-create-no-carrier-capabilities': async (k) => (await create(k, F.planFull)).carrier?.supports_cancellation,
  'enr-next-actions-legacy-href': async (k) => (await create(k, F.planFull)).next_actions[0].href.split('/')[1],
  'enr-create-initial-pending': async (k) => (await create(k, F.planFull)).policy_status,
  'enr-create-validation-errors-hidden': async (k) => (await k.call('POST', '/v1/enrollments', { body: incompleteCreateBody(F.planFull) })).body.errors.length,
  'enr-create-accepts-agent-id': async (k) => (await k.call('POST', '/v1/enrollments', { body: validCreateBody(F.planFull, { _agent_id: 'x' }) })).status,
  'enr-create-accepts-tpa-slug': async (k) => (await k.call('POST', '/v1/enrollments', { body: validCreateBody(F.planFull, { tpa_slug: 'x' }) })).status,
  'enr-create-accepts-actor-agent-id': async (k) => (await k.call('POST', '/v1/enrollments', { body: validCreateBody(F.planFull, { actor: { agent_id: 'x' } }) })).status,
  'enr-create-accepts-agent-of-record': async (k) => (await k.call('POST', '/v1/enrollments', { body: validCreateBody(F.planFull, { agent_of_record: { first_name: 'Ann', national_producer_number: '1234567' } }) })).status,
  'enr-read-answer-203': async (k) => (await read(k, (await create(k, F.planFull)).application_id)).status,
  'enr-read-unknown-400': async (k) => (await read(k, 'enr_nope')).status,
  'enr-read-ignores-unsupported-param': async (k) => (await read(k, (await create(k, F.planFull)).application_id, `${ROUTING}&limit=1`)).status,
  // A draft may change for any carrier; the refusal is for a submitted application.
  'enr-update-any-carrier': async (k) => (await put(k, await submitted(k, F.planLimited, { desired_effective_date: FUTURE }), FRESNO)).status,
  'enr-update-change-not-shown': async (k) => {
    const { application_id: id } = await create(k, F.planFull);
    await put(k, id, FRESNO);
    return (await read(k, id)).body.application.residential_address.city;
  },
  'enr-submit-returns-200': async (k) => (await act(k, (await create(k, F.planFull)).application_id, 'submissions')).status,
  'enr-submit-requires-plan-year': async (k) => (await act(k, (await create(k, F.planFull)).application_id, 'submissions', CTX)).status,
  'enr-submit-ignores-errors': async (k) => (await act(k, (await k.call('POST', '/v1/enrollments', { body: incompleteCreateBody(F.planFull) })).body.application_id, 'submissions')).status,
  'enr-submit-never-settles': async (k) => statusOf(k, await submitted(k, F.planFull, { desired_effective_date: FUTURE })),
  'enr-submit-failure-hidden': async (k) => statusOf(k, await submitted(k, F.planSubmissionFails)),
  'enr-resubmit-without-changes': async (k) => (await act(k, await submitted(k, F.planFull, { desired_effective_date: FUTURE }), 'submissions')).status,
  'enr-resubmit-after-changes-refused': async (k) => {
    const id = await submitted(k, F.planFull, { desired_effective_date: FUTURE });
    await put(k, id, FRESNO);
    return (await act(k, id, 'submissions')).status;
  },
  'enr-submit-unknown-422': async (k) => (await act(k, 'enr_nope', 'submissions')).status,
  'enr-submit-response-status-outside-enum': async (k) => (await act(k, (await create(k, F.planFull)).application_id, 'submissions')).body.policy_status,
  'enr-never-effectuated': async (k) => statusOf(k, await submitted(k, F.planFull, {}, 80)),
  'enr-cancel-returns-200': async (k) => (await act(k, await submitted(k, F.planFull, { desired_effective_date: FUTURE }), 'cancellations')).status,
  'enr-cancel-no-effect': async (k) => {
    const id = await submitted(k, F.planFull, { desired_effective_date: FUTURE });
    await act(k, id, 'cancellations');
    await pause(30);
    return statusOf(k, id);
  },
  'enr-cancel-any-state': async (k) => (await act(k, (await create(k, F.planFull)).application_id, 'cancellations')).status,
  'enr-cancel-any-carrier': async (k) => (await act(k, await submitted(k, F.planLimited, { desired_effective_date: FUTURE }), 'cancellations')).status,
  'enr-terminate-returns-200': async (k) => (await act(k, await submitted(k, F.planFull, {}, 80), 'terminations')).status,
  'enr-terminate-no-effect': async (k) => {
    const id = await submitted(k, F.planFull, {}, 80);
    await act(k, id, 'terminations');
    await pause(30);
    return statusOf(k, id);
  },
  'enr-terminate-any-state': async (k) => (await act(k, (await create(k, F.planFull)).application_id, 'terminations')).status,
  'enr-terminate-any-carrier': async (k) => (await act(k, await submitted(k, F.planLimited, {}, 80), 'terminations')).status,
  'enr-payment-no-method': async (k) => (await payment(k, F.planFull)).body.method,
  'enr-payment-keys-normalised': async (k) => (await payment(k, F.planFull)).body.fields.map((f: { name: string }) => f.name).join('|'),
  'enr-payment-unsupported-200': async (k) => (await payment(k, F.planLimited)).status,
  'enr-payment-params-optional': async (k) => (await payment(k, F.planFull, '')).status,
  'enr-docs-json-refused': (k) => upload(k, docJson(PDF)),
  'enr-docs-multipart-refused': (k) => upload(k, { fields: { context: JSON.stringify(CTX.context), document_type: 'sep' }, files: { file: { filename: 'a', contentType: 'x', data: PDF } } }),
  'enr-docs-status-unchanged': (k) => upload(k, docJson(PDF)),
  'enr-docs-trusts-declared-type': (k) => upload(k, docJson(GIF)),
  'enr-docs-any-document-type': (k) => upload(k, docJson(PDF, 'income')),
  'enr-errors-unified-envelope': async (k) => Object.keys((await act(k, (await k.call('POST', '/v1/enrollments', { body: incompleteCreateBody(F.planFull) })).body.application_id, 'submissions')).body),
  'enr-errors-empty-list': async (k) => (await read(k, 'enr_nope')).body.errors.length,
};

async function observe(probe: Probe, faultName?: string): Promise<unknown> {
  const fault = faults.find((f) => f.name === faultName);
  const kit = createKit({ modules: [enrollmentRoutes], seed: { enrollments: 60 }, ...(fault ? { fault } : {}) });
  try {
    return await probe(kit);
  } finally {
    kit.close();
  }
}

const ruleIds = new Set((JSON.parse(readFileSync(new URL('../../specs/rules.json', import.meta.url), 'utf8')).rules as Array<{ id: string }>).map((r) => r.id));

describe('direct-enrollment faults', () => {
  it('each has a probe, a unique name, one rule of the catalogue and the enrollments family', () => {
    expect(Object.keys(PROBES).sort()).toEqual(faults.map((f) => f.name).sort());
    expect(new Set(table.map((f) => f.name)).size).toBe(table.length);
    for (const f of table) {
      expect(f.rules, f.name).toHaveLength(1);
      expect(ruleIds.has(f.rules[0]), `${f.name} -> ${f.rules[0]}`).toBe(true);
      expect(f.family).toBe('enrollments');
    }
  });

  it.each(faults.map((f) => [f.name, f.rules[0]]))('%s changes what a client observes (%s)', async (name) => {
    const probe = PROBES[name];
    const [clean, faulty] = await Promise.all([observe(probe), observe(probe, name)]);
    expect(faulty).not.toEqual(clean);
  });
});
