/**
 * PATCH /v1/contacts/{contact_id} (4.17). The agent named by `agent_email` must own the
 * contact: an unknown contact and another agent's contact are both 404, so a caller cannot
 * learn which contact ids exist. Only the members sent change; `notes` is stored but never
 * returned. Failures are in the unified envelope (400 invalid_request, `details` naming the member).
 */
import { randomBytes } from 'node:crypto';
import { badRequest, unifiedError } from '../core/respond.js';
import type { IsOn } from '../core/switch.js';
import type { RouteContext, RouteResult } from '../types.js';
import { CONTACT_FIELDS, DATE_FIELDS, EMAIL } from './contact-fields.js';
import { MEDICARE_FAULTS as F } from './faults.js';
import { isObject } from '../core/shape.js';

export interface StoredContact {
  id: string;
  slug: string;
  agent_email: string;
  fields: Record<string, unknown>;
  /** When an update last changed it (the timestamps variant shows it). */
  updated_at?: string;
}

/** When the seeded contacts were created (the timestamps variant). */
const SEEDED_AT = '2025-01-15T09:00:00.000Z';

const REDIRECT_BASE = 'https://medicare.reference.example/contacts/';

/** The 400 for the first member that is unknown or malformed, or null. */
function contactProblem(contact: Record<string, unknown>, on: IsOn): RouteResult | null {
  for (const [name, value] of Object.entries(contact)) {
    const check = CONTACT_FIELDS[name];
    if (!check)
      return badRequest(`contact.${name} is not a contact member; see the contact object (2.9).`, `contact.${name}`);
    if (DATE_FIELDS.has(name) && on(F.dateFormatUnchecked) && typeof value === 'string') continue;
    // The fault reads MM/DD/YYYY day first: a second part above 12 is no month.
    if (DATE_FIELDS.has(name) && on(F.datesDayFirst) && typeof value === 'string' && Number(value.split('/')[1]) > 12)
      return badRequest(`contact.${name} must be a real calendar date (DD/MM/YYYY).`, `contact.${name}`);
    const problem = check(value);
    if (problem) return badRequest(`contact.${name} ${problem}.`, `contact.${name}`);
  }
  return null;
}

function respond(c: StoredContact, on: IsOn): RouteResult {
  const { notes: _notes, ...shown } = c.fields;
  const members = on(F.emptyMembersOmitted)
    ? Object.fromEntries(Object.entries(shown).filter(([, v]) => v !== ''))
    : shown;
  const stamps = on(F.contactTimestamps) ? { created_at: SEEDED_AT, updated_at: c.updated_at ?? SEEDED_AT } : {};
  const contact = { ...(on(F.notesReturned) ? c.fields : members), ...stamps, id: c.id, slug: c.slug };
  // A one-time login token: a fresh one with every answer.
  const token = on(F.redirectWithToken) ? `?token=${randomBytes(12).toString('hex')}` : '';
  const data = { contact, redirect_url: REDIRECT_BASE + encodeURIComponent(c.slug) + token };
  return { status: 200, body: on(F.responseUnwrapped) ? data : { data } };
}

export function updateContact(contacts: Map<string, StoredContact>) {
  return (ctx: RouteContext): RouteResult => {
    const body = ctx.body;
    if (!isObject(body)) return badRequest('The request body must be a JSON object with agent_email and contact.');
    const agent = body.agent_email;
    if (typeof agent !== 'string' || (!EMAIL.test(agent) && !ctx.on(F.agentEmailUnchecked))) {
      return badRequest('agent_email is required: the email address of the agent who owns the contact.', 'agent_email');
    }
    if (body.contact !== undefined && !isObject(body.contact))
      return badRequest('contact must be an object of contact members.', 'contact');
    const changes = (body.contact ?? {}) as Record<string, unknown>;
    const problem = contactProblem(changes, ctx.on);
    if (problem) return problem;

    const id = ctx.params.contact_id ?? '';
    let stored = contacts.get(id);
    if (!stored && ctx.on(F.unknownContact200)) {
      stored = { id, slug: `contact-${id}`.toLowerCase(), agent_email: agent, fields: {} };
      contacts.set(id, stored);
    }
    if (!stored || stored.agent_email.toLowerCase() !== agent.toLowerCase()) {
      return unifiedError(
        404,
        'not_found',
        `No contact ${JSON.stringify(id.slice(0, 40))} owned by that agent; check contact_id and agent_email.`,
      );
    }
    // The fault answers an update carrying notes with the contact as it was: the change is stored all the same.
    const shown = ctx.on(F.notesUpdateAnswerBefore) && 'notes' in changes ? structuredClone(stored) : stored;
    // The fault replaces the whole contact instead of changing only the members sent.
    stored.fields = ctx.on(F.omittedFieldsCleared) ? { ...changes } : { ...stored.fields, ...changes };
    stored.updated_at = ctx.now().toISOString();
    return respond(shown, ctx.on);
  };
}
