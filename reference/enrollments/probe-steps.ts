/**
 * Steps the direct-enrollment fault probes share (enrollments/faults.ts): create, act on, read
 * and list applications on the route-module kit, and the bodies they send.
 */
import { accountForRole } from '../core/accounts.js';
import type { Kit } from '../probe/routes.js';
import { ENROLLMENT_FIXTURES, validCreateBody } from './fixtures.js';

export const { planFull, planLimited, planSubmissionFails } = ENROLLMENT_FIXTURES;
export const BASE = '/v1/enrollments?product=ichra&exchange=off_exchange';
export const CTX = { context: { product: 'ichra', exchange: 'off_exchange' } };
export const ROUTING = '?product=ichra&exchange=off_exchange';
const PUT_CONTEXT = { context: { ...CTX.context, plan_year: new Date().getUTCFullYear() } };
export const FRESNO = {
  residential_address: { street_address_1: '1 Analytical Way', city: 'Fresno', state: 'CA', zip_code: '95814' },
};
export const FUTURE = `${new Date().getUTCFullYear() + 1}-01-01`;
export const PDF = Buffer.from('%PDF-1.7\n');
export const GIF = Buffer.from('GIF89a');
export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const create = async (k: Kit, plan: string, extra: Record<string, unknown> = {}) =>
  (await k.call('POST', '/v1/enrollments', { body: validCreateBody(plan, extra) })).body;
/** Calls made as another approved account (the sandbox's second account, reference/data/accounts.json). */
export const AS_OTHER = { account: accountForRole('otherAccount')! } as const;
type As = Partial<typeof AS_OTHER>;
export const act = (k: Kit, id: string, what: string, body: unknown = CTX, as: As = {}) =>
  k.call('POST', `/v1/enrollments/${id}/${what}`, { body, ...as });
export const read = (k: Kit, id: string, query = ROUTING, as: As = {}) =>
  k.call('GET', `/v1/enrollments/${id}${query}`, as);
export const statusOf = async (k: Kit, id: string) => (await read(k, id)).body.policy_status;
export const put = (k: Kit, id: string, members: Record<string, unknown>, as: As = {}) =>
  k.call('PUT', `/v1/enrollments/${id}`, { body: { ...PUT_CONTEXT, ...members }, ...as });
/** Submitted and settled (future-dated stays pending; today-dated effectuates ~10 ms later). */
export async function submitted(
  k: Kit,
  plan: string,
  extra: Record<string, unknown> = {},
  settle = 40,
): Promise<string> {
  const { application_id: id } = await create(k, plan, extra);
  await act(k, id, 'submissions');
  await pause(settle);
  return id;
}
export const listStatus = async (k: Kit, q: string) => (await k.call('GET', q)).status;
export const listTotal = async (k: Kit, q: string) => (await k.call('GET', BASE + q)).body.pagination?.total;
export const rows = async (k: Kit, q = '') => (await k.call('GET', BASE + q)).body.applications;
export const docJson = (file: Buffer, type = 'sep') => ({
  ...CTX,
  document_type: type,
  file: { filename: 'f', content_type: 'application/pdf', content_base64: file.toString('base64') },
});
/** An upload to a fresh SEP application: its status and the application's document_status after. */
export const upload = async (k: Kit, body: unknown) => {
  const { application_id: id } = await create(k, planFull, {
    special_enrollment_period: { event_type: 'relocation', event_date: '2026-01-02' },
  });
  const r = await k.call('POST', `/v1/enrollments/${id}/supporting_documentation`, { body });
  return [r.status, await read(k, id).then((x) => x.body.document_status)];
};
export const payment = async (k: Kit, plan: string, q = '?product=ichra&exchange=off_exchange') => {
  const { application_id: id } = await create(k, plan);
  return k.call('GET', `/v1/enrollments/${id}/payment_redirect${q}`);
};
