/**
 * Requests of the Medicare contact API (4.17): `PATCH /v1/contacts/{contact_id}` with
 * `agent_email` and `contact`, sent with the `medicare` key role (the client puts it in
 * `X-API-Key`). The contact and its agent are profile fixtures.
 */
import type { ApiRequest, CheckContext, Exchange } from '../../harness/suite/index.js';
import { isObject } from '../../harness/is-object.js';

export interface ContactUpdate {
  agent_email?: unknown;
  contact?: Record<string, unknown>;
}

/** Well-formed and not a contact id the target can have. */
export const UNKNOWN_CONTACT_ID = 'ct_conformance_unknown_000';

export function updateContact(t: CheckContext, body: ContactUpdate, contactId?: string): ApiRequest {
  return {
    method: 'PATCH',
    api: 'medicare',
    path: `/v1/contacts/${encodeURIComponent(contactId ?? t.fixture('medicareContactId'))}`,
    role: t.role('medicare'),
    json: body,
  };
}

/** A valid update of the fixture contact: one suite-owned member, so only it changes. */
export function validUpdate(
  t: CheckContext,
  contact: Record<string, unknown> = { address_2: marker(t) },
): ContactUpdate {
  return { agent_email: t.fixture('medicareAgentEmail'), contact };
}

/** A value this run writes, recognisable in the target's data. */
export const marker = (t: CheckContext, label = 'contact'): string => `Conformance ${t.idempotencyKey(label)}`;

export const needs = { roles: ['medicare'], fixtures: ['medicareContactId', 'medicareAgentEmail'] };

type Json = Record<string, unknown>;

/** `data.contact` of a 200 answer, or undefined. */
export function contactOf(body: unknown): Json | undefined {
  const data = isObject(body) ? body.data : undefined;
  return isObject(data) && isObject(data.contact) ? data.contact : undefined;
}

export function isAbsoluteUrl(v: unknown): boolean {
  if (typeof v !== 'string') return false;
  try {
    new URL(v);
    return true;
  } catch {
    return false;
  }
}

/**
 * `data.contact` of an accepted update. Anything else violates MEDICARE-200, which the checks
 * built on an accepted update therefore name: the finding points at the broken step.
 */
export function acceptedContact(t: CheckContext, ex: Exchange): Json {
  t.expect.rules('MEDICARE-200').status(ex, 200);
  const body = t.json(ex);
  const contact = contactOf(body);
  t.expect.rules('MEDICARE-200').that(ex, {
    holds: contact !== undefined,
    title: 'no data.contact',
    expected: '`data.contact` an object',
    observed: () => `body ${JSON.stringify(body)?.slice(0, 300)}`,
  });
  return contact as Json;
}
