/**
 * Steps the direct-enrollment variant probes share (enrollments/faults.ts), through a whole
 * server: keyed creates, reads, actions and the payment form, with the approved key.
 */
import { keyed, UNCHECKED } from '../core/probe.js';
import type { Call } from '../core/test-client.js';
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
