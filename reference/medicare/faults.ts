/**
 * Named faults of the Medicare contact API: MEDICARE- rules through behaviour flags, the
 * Medicare key header (checked by the core) and the response schema (a rewrite).
 */
import { bodyOf, is, rewriteFault } from '../core/fault-kit.js';
import { CORE_FLAGS } from '../core/fault-names.js';
import type { Fault, RouteResult } from '../types.js';

const CONTACT = /^\/v1\/contacts\/[^/]+$/;
/** Members medicare.yaml types as boolean; no MEDICARE- rule speaks of their type. */
const BOOLEANS = ['extra_help', 'medicaid_eligible'];

function booleansAsStrings(res: RouteResult): RouteResult {
  const data = bodyOf(res)?.data as { contact?: Record<string, unknown> } | undefined;
  if (res.status !== 200 || !data?.contact) return res;
  const contact = Object.fromEntries(Object.entries(data.contact).map(([k, v]) => [k, BOOLEANS.includes(k) && typeof v === 'boolean' ? String(v) : v]));
  return { ...res, body: { ...bodyOf(res), data: { ...data, contact } } };
}

function flag(name: string, rule: string, summary: string): Fault {
  return { name, rules: [rule], family: 'medicare', summary, apply: (s) => s.enable(name) };
}

export const faults: Fault[] = [
  flag('medicare-response-unwrapped', 'MEDICARE-200', 'The 200 body is {contact, redirect_url} without the data wrapper.'),
  flag('medicare-notes-returned', 'MEDICARE-CONTACT-FIELDS', 'The response contact includes notes.'),
  flag('medicare-omitted-fields-cleared', 'MEDICARE-PARTIAL-UPDATE', 'Members left out of the request are cleared.'),
  flag('medicare-agent-email-unchecked', 'MEDICARE-AGENT-EMAIL-REQUIRED', 'agent_email that is not an email address is accepted.'),
  flag('medicare-date-format-unchecked', 'MEDICARE-DATE-FORMAT', 'Dates not written MM/DD/YYYY are accepted.'),
  flag('medicare-unknown-contact-200', 'MEDICARE-UNKNOWN-CONTACT-404', 'An unknown contact id is created instead of 404.'),
  flag(CORE_FLAGS.medicareKeyFromAuthorization, 'AUTH-MEDICARE-HEADER', 'The key is read from Authorization only: a valid key in X-API-Key gets 403.'),
  rewriteFault('medicare-booleans-as-strings', 'SCHEMA-RESPONSE-VALID', 'medicare', 'The response contact carries extra_help and medicaid_eligible as the strings "true"/"false".', (req, res) =>
    is(req, 'PATCH', CONTACT) ? booleansAsStrings(res) : res),
];
