/**
 * Named faults of the Medicare contact API: MEDICARE- rules through behaviours the handler asks
 * for with `on(MEDICARE_FAULTS.x)`, the Medicare key header (checked by the core, declared in
 * core/faults.ts) and the response schema (a rewrite). Probed on the route-module kit.
 */
import { bodyOf, faultsOf, is, variantsOf } from '../core/declare-fault.js';
import { CORE_CHECKED } from '../core/faults.js';
import { body, routeProbe, serverProbe } from '../core/probe.js';
import type { Switch } from '../core/switch.js';
import type { Call } from '../probe/client.js';
import type { Kit } from '../probe/routes.js';
import type { RouteResult } from '../types.js';
import { MEDICARE_FIXTURES as M } from './samples.js';

const { flag, rewrite } = faultsOf('medicare');
const { variant } = variantsOf('medicare');

/** The answer to an update of the fixture contact, through a whole server. */
const update = (call: Call, contact: Record<string, unknown> = {}) =>
  body(call, 'PATCH', `/v1/contacts/${M.medicareContactId}`, {
    role: 'medicare',
    json: { agent_email: M.medicareAgentEmail, contact },
  });

const CONTACT = /^\/v1\/contacts\/[^/]+$/;
/** Members medicare.yaml types as boolean; no MEDICARE- rule speaks of their type. */
const BOOLEANS = ['extra_help', 'medicaid_eligible'];

function booleansAsStrings(res: RouteResult): RouteResult {
  const data = bodyOf(res)?.data as { contact?: Record<string, unknown> } | undefined;
  if (res.status !== 200 || !data?.contact) return res;
  const contact = Object.fromEntries(
    Object.entries(data.contact).map(([k, v]) => [k, BOOLEANS.includes(k) && typeof v === 'boolean' ? String(v) : v]),
  );
  return { ...res, body: { ...bodyOf(res), data: { ...data, contact } } };
}

const patch = (k: Kit, id: string, body: unknown) => k.call('PATCH', `/v1/contacts/${id}`, { body });

export const MEDICARE_FAULTS = {
  responseUnwrapped: flag(
    'medicare-response-unwrapped',
    'MEDICARE-200',
    'The 200 body is {contact, redirect_url} without the data wrapper.',
    routeProbe(async (k) =>
      Object.keys((await patch(k, M.medicareContactId, { agent_email: M.medicareAgentEmail })).body),
    ),
  ),
  notesReturned: flag(
    'medicare-notes-returned',
    'MEDICARE-CONTACT-FIELDS',
    'The response contact includes notes.',
    routeProbe(
      async (k) =>
        'notes' in (await patch(k, M.medicareContactId, { agent_email: M.medicareAgentEmail })).body.data.contact,
    ),
  ),
  omittedFieldsCleared: flag(
    'medicare-omitted-fields-cleared',
    'MEDICARE-PARTIAL-UPDATE',
    'Members left out of the request are cleared.',
    routeProbe(
      async (k) =>
        (await patch(k, M.medicareContactId, { agent_email: M.medicareAgentEmail, contact: { city: 'Mesa' } })).body
          .data.contact.first_name,
    ),
  ),
  // Breaks its rule only on updates that carry notes, which no check of the rule sends: the oracle over the run
  // finds it.
  notesUpdateAnswerBefore: flag(
    'medicare-notes-update-answer-before',
    'MEDICARE-PARTIAL-UPDATE',
    'An update that carries notes answers with the contact as it was before the update; the change is stored.',
    routeProbe(
      async (k) =>
        (
          await patch(k, M.medicareContactId, {
            agent_email: M.medicareAgentEmail,
            contact: { city: 'Mesa', notes: ['called back'] },
          })
        ).body.data.contact.city,
    ),
  ),
  agentEmailUnchecked: flag(
    'medicare-agent-email-unchecked',
    'MEDICARE-AGENT-EMAIL-REQUIRED',
    'agent_email that is not an email address is accepted.',
    routeProbe(async (k) => (await patch(k, M.medicareContactId, { agent_email: 'rivera' })).status),
  ),
  dateFormatUnchecked: flag(
    'medicare-date-format-unchecked',
    'MEDICARE-DATE-FORMAT',
    'Dates not written MM/DD/YYYY are accepted.',
    routeProbe(
      async (k) =>
        (
          await patch(k, M.medicareContactId, {
            agent_email: M.medicareAgentEmail,
            contact: { birth_date: '1957-04-12' },
          })
        ).status,
    ),
  ),
  datesDayFirst: flag(
    'medicare-dates-day-first',
    'SCHEMA-BOUND-INSIDE',
    'Dates are read day first (DD/MM/YYYY): 12/31/1950, written as 2.9 states, is refused as a month 31.',
    routeProbe(
      async (k) =>
        (
          await patch(k, M.medicareContactId, {
            agent_email: M.medicareAgentEmail,
            contact: { birth_date: '12/31/1950' },
          })
        ).status,
    ),
  ),
  unknownContact200: flag(
    'medicare-unknown-contact-200',
    'MEDICARE-UNKNOWN-CONTACT-404',
    'An unknown contact id is created instead of 404.',
    routeProbe(async (k) => (await patch(k, 'ct_9999', { agent_email: M.medicareAgentEmail })).status),
  ),
  keyFromAuthorization: CORE_CHECKED.medicareKeyFromAuthorization,
  booleansAsStrings: rewrite(
    'medicare-booleans-as-strings',
    'SCHEMA-RESPONSE-VALID',
    'The response contact carries extra_help and medicaid_eligible as the strings "true"/"false".',
    routeProbe(
      async (k) =>
        typeof (await patch(k, M.medicareContactId, { agent_email: M.medicareAgentEmail })).body.data.contact
          .extra_help,
    ),
    (req, res) => (is(req, 'PATCH', CONTACT) ? booleansAsStrings(res) : res),
  ),
  // Variants: valid choices where the contract is open (2.9: members beyond the contact's; 4.17).
  contactTimestamps: variant(
    'medicare-contact-timestamps',
    '2.9',
    'The response contact adds created_at and updated_at; updated_at changes with every update.',
    serverProbe(async ({ call }) => (await update(call)).data.contact.updated_at ?? null),
  ),
  emptyMembersOmitted: variant(
    'medicare-empty-members-omitted',
    '2.9',
    'Contact members holding an empty string are left out of the response contact.',
    serverProbe(async ({ call }) => 'medicaid_number' in (await update(call)).data.contact),
  ),
  redirectWithToken: variant(
    'medicare-redirect-with-token',
    '4.17',
    'redirect_url carries a one-time login token that changes with every update.',
    serverProbe(async ({ call }) => new URL((await update(call)).data.redirect_url).searchParams.has('token')),
  ),
} satisfies Record<string, Switch>;
