/**
 * Steps the direct-enrollment probes through a whole server share (enrollments/faults.ts: the
 * variants, and the faults the core's idempotency or the clock takes part in): keyed creates,
 * reads, actions and the payment form, with the approved key unless a step says otherwise.
 */
import { keyed, UNCHECKED } from '../core/probe.js';
import type { Call } from '../probe/client.js';
import { ENROLLMENT_FIXTURES, validCreateBody } from './fixtures.js';

const E = '/v1/enrollments';
const ROUTING = '?product=ichra&exchange=off_exchange';
const CTX = { context: { product: 'ichra', exchange: 'off_exchange' } };
const SEP = { special_enrollment_period: { event_type: 'relocation', event_date: '2026-01-02' } };
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
let keys = 0;

/** A keyed create of a planFull application (`extra` replaces members); the whole answer. */
const create = (call: Call, extra: Record<string, unknown> = {}) =>
  call('POST', E, {
    ...UNCHECKED,
    json: validCreateBody(ENROLLMENT_FIXTURES.planFull, extra),
    ...keyed(`variant-probe-${++keys}`),
  });

const idOf = (b: Record<string, unknown>): string => String(b.application_id ?? b.id);

export const createStatus = async (call: Call): Promise<number> => (await create(call)).status;

export const created = async (call: Call): Promise<Record<string, unknown>> => (await create(call)).body;

/** The payment redirect body of a fresh planFull application. */
export async function payment(call: Call): Promise<Record<string, any>> {
  const id = idOf(await created(call));
  return (await call('GET', `${E}/${id}/payment_redirect${ROUTING}`, UNCHECKED)).body;
}

/** The payment form's field names (either form). */
export async function paymentFieldNames(call: Call): Promise<string[]> {
  const fields = (await payment(call)).fields;
  return Array.isArray(fields) ? fields.map((f: { name: string }) => f.name) : Object.keys(fields);
}

/** policy_status `ms` after a submission was accepted. */
export async function statusAfter(call: Call, ms: number): Promise<unknown> {
  const id = idOf(await created(call));
  await call('POST', `${E}/${id}/submissions`, { ...UNCHECKED, json: CTX });
  await pause(ms);
  return (await call('GET', `${E}/${id}${ROUTING}`, UNCHECKED)).body.policy_status;
}

export const unknownRead = async (call: Call): Promise<unknown> =>
  (await call('GET', `${E}/enr_nope${ROUTING}`, UNCHECKED)).body;

export async function uploadStatus(call: Call): Promise<number> {
  const id = idOf((await create(call, SEP)).body);
  const json = {
    ...CTX,
    document_type: 'sep',
    file: {
      filename: 'proof.pdf',
      content_type: 'application/pdf',
      content_base64: Buffer.from('%PDF-1.7\n').toString('base64'),
    },
  };
  return (await call('POST', `${E}/${id}/supporting_documentation`, { ...UNCHECKED, json })).status;
}

async function submit(call: Call) {
  const id = idOf(await created(call));
  return call('POST', `${E}/${id}/submissions`, { ...UNCHECKED, json: CTX });
}

export const submitRetryAfter = async (call: Call): Promise<unknown> =>
  (await submit(call)).headers['retry-after'] ?? null;

export const submitBodyKeys = async (call: Call): Promise<string[]> => Object.keys((await submit(call)).body).sort();

/** A future-dated application (it stays pending), submitted and settled: its id. */
async function pending(call: Call, plan: string = ENROLLMENT_FIXTURES.planFull): Promise<string> {
  const next = `${new Date().getUTCFullYear() + 1}-01-01`;
  const json = validCreateBody(plan, { desired_effective_date: next });
  const id = idOf((await call('POST', E, { ...UNCHECKED, json, ...keyed(`variant-probe-${++keys}`) })).body);
  await call('POST', `${E}/${id}/submissions`, { ...UNCHECKED, json: CTX });
  await pause(150);
  return id;
}

/** What another approved account gets for a read of the approved account's application. */
export async function otherAccountRead(call: Call): Promise<number> {
  const id = idOf(await created(call));
  return (await call('GET', `${E}/${id}${ROUTING}`, { ...UNCHECKED, role: 'otherAccount' })).status;
}

/** Whether a PUT of the routing context and the primary applicant alone keeps the address it left out. */
export async function addressAfterPartialPut(call: Call): Promise<boolean> {
  const body = await created(call);
  const id = idOf(body);
  const primary = (body.application as { applicants: { primary: unknown } }).applicants.primary;
  const context = { ...CTX.context, plan_year: new Date().getUTCFullYear() };
  await call('PUT', `${E}/${id}`, { ...UNCHECKED, json: { context, applicants: { primary } } });
  const read = (await call('GET', `${E}/${id}${ROUTING}`, UNCHECKED)).body;
  return (read.application ?? read).residential_address !== undefined;
}

/** The status a PUT gets on a submitted application of the carrier without post-enrollment changes. */
export async function limitedPutStatus(call: Call): Promise<number> {
  const id = await pending(call, ENROLLMENT_FIXTURES.planLimited);
  const context = { ...CTX.context, plan_year: new Date().getUTCFullYear() };
  return (await call('PUT', `${E}/${id}`, { ...UNCHECKED, json: { context, external_id: 'changed' } })).status;
}

/** Whether the list filtered by pending_effectuation shows an application the moment its read does. */
export async function listedAtOnce(call: Call): Promise<boolean> {
  const id = await pending(call);
  const list = await call('GET', `${E}${ROUTING}&policy_status=pending_effectuation&limit=100`, UNCHECKED);
  return list.body.applications.some((r: Record<string, unknown>) => idOf(r) === id);
}

/** The policy_status a create's replay shows once the application was submitted. */
export async function replayAfterSubmit(call: Call): Promise<unknown> {
  const json = validCreateBody(ENROLLMENT_FIXTURES.planFull);
  const key = `variant-probe-${++keys}`;
  const id = idOf((await call('POST', E, { ...UNCHECKED, json, ...keyed(key) })).body);
  await call('POST', `${E}/${id}/submissions`, { ...UNCHECKED, json: CTX });
  await pause(150);
  return (await call('POST', E, { ...UNCHECKED, json, ...keyed(key) })).body.policy_status;
}

/** The policy_status of a cancelled application read later (the stepping clock moves a second a read). */
export async function statusLaterAfterCancel(call: Call): Promise<unknown> {
  const id = await pending(call);
  await call('POST', `${E}/${id}/cancellations`, { ...UNCHECKED, json: CTX });
  await pause(150);
  await call('GET', `${E}/${id}${ROUTING}`, UNCHECKED);
  return (await call('GET', `${E}/${id}${ROUTING}`, UNCHECKED)).body.policy_status;
}

/** Two applications created one after the other: the later one is listed before the earlier. */
export async function newerListedFirst(call: Call): Promise<boolean> {
  const [first, second] = [idOf(await created(call)), idOf(await created(call))];
  const rows = (await call('GET', `${E}${ROUTING}&limit=100`, UNCHECKED)).body.applications as unknown[];
  const at = (id: string) => rows.findIndex((r) => idOf(r as Record<string, unknown>) === id);
  return at(second) < at(first);
}

/** Whether a list row shows a PUT's updated_at at once, and a second later (the clock moves only by `advance`). */
export async function rowFollowsPut(call: Call, advance: (ms: number) => void): Promise<boolean[]> {
  const id = idOf(await created(call));
  advance(10);
  await call('PUT', `${E}/${id}`, { ...UNCHECKED, json: { context: { ...CTX.context, plan_year: 2026 }, ...SEP } });
  const updated = (await call('GET', `${E}/${id}${ROUTING}`, UNCHECKED)).body.updated_at;
  const listed = async () =>
    (await call('GET', `${E}${ROUTING}&limit=100`, UNCHECKED)).body.applications.find(
      (r: Record<string, unknown>) => idOf(r) === id,
    ).updated_at === updated;
  const atOnce = await listed();
  advance(1_000);
  return [atOnce, await listed()];
}

/** The message of the 404 for an id nobody issued. */
export const unknownReadMessage = async (call: Call): Promise<unknown> =>
  (await call('GET', `${E}/enr_nope${ROUTING}`, UNCHECKED)).body.errors?.[0]?.message;

/** Whether a create's replay, a few seconds of the stepping clock after it, repeats its bytes. */
export async function lateReplaySame(call: Call): Promise<boolean> {
  const json = validCreateBody(ENROLLMENT_FIXTURES.planFull);
  const key = `variant-probe-${++keys}`;
  const first = await call('POST', E, { ...UNCHECKED, json, ...keyed(key) });
  await call('GET', `${E}/${idOf(first.body)}${ROUTING}`, UNCHECKED);
  await call('GET', `${E}/${idOf(first.body)}${ROUTING}`, UNCHECKED);
  return (await call('POST', E, { ...UNCHECKED, json, ...keyed(key) })).text === first.text;
}
