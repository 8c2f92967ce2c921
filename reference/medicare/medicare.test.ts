/** PATCH /v1/contacts/{contact_id} (4.17): partial update, ownership, validation, response shape. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKit, type Kit } from '../probe/routes.js';
import { medicareRoutes } from './index.js';
import { MEDICARE_FIXTURES as M } from './samples.js';

let kit: Kit;
beforeEach(() => {
  kit = createKit({ modules: [medicareRoutes] });
});
afterEach(() => kit.close());

const patch = (id: string, body: unknown) => kit.call('PATCH', `/v1/contacts/${id}`, { body });

describe('update contact', () => {
  it('changes only the included members and answers {data: {contact, redirect_url}} without notes', async () => {
    const r = await patch(M.medicareContactId, {
      agent_email: M.medicareAgentEmail,
      contact: { city: 'Mesa', notes: ['called back'] },
    });
    expect(r.status).toBe(200);
    expect(r.body.data.contact).toMatchObject({
      id: M.medicareContactId,
      slug: 'dolores-haze-1001',
      city: 'Mesa',
      first_name: 'Dolores',
      zip: '85701',
    });
    expect(r.body.data.contact).not.toHaveProperty('notes');
    expect(new URL(r.body.data.redirect_url).protocol).toBe('https:');
    const again = await patch(M.medicareContactId, { agent_email: M.medicareAgentEmail, contact: { zip: '85201' } });
    expect(again.body.data.contact).toMatchObject({ city: 'Mesa', zip: '85201' });
  });

  it('accepts a body without contact as a no-op and compares agent emails case-insensitively', async () => {
    const r = await patch(M.medicareContactId, { agent_email: M.medicareAgentEmail.toUpperCase() });
    expect(r.status).toBe(200);
    expect(r.body.data.contact.city).toBe('Tucson');
  });

  it.each([
    ['missing agent_email', { contact: { city: 'Mesa' } }, 'agent_email'],
    ['agent_email not an email', { agent_email: 'rivera', contact: {} }, 'agent_email'],
    [
      'birth_date in ISO form',
      { agent_email: M.medicareAgentEmail, contact: { birth_date: '1957-04-12' } },
      'contact.birth_date',
    ],
    [
      'impossible date',
      { agent_email: M.medicareAgentEmail, contact: { medicare_part_b_effective_date: '02/30/2024' } },
      'contact.medicare_part_b_effective_date',
    ],
    ['boolean as string', { agent_email: M.medicareAgentEmail, contact: { extra_help: 'yes' } }, 'contact.extra_help'],
    ['unknown member', { agent_email: M.medicareAgentEmail, contact: { slug: 'x' } }, 'contact.slug'],
    ['contact not an object', { agent_email: M.medicareAgentEmail, contact: [] }, 'contact'],
  ])('refuses %s with a unified 400', async (_n, body, field) => {
    const r = await patch(M.medicareContactId, body);
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: 'invalid_request', details: { [field]: [expect.any(String)] } });
  });

  it("answers 404 for an unknown contact and for another agent's contact", async () => {
    expect((await patch('ct_9999', { agent_email: M.medicareAgentEmail })).status).toBe(404);
    const other = await patch(M.otherAgentsContactId, { agent_email: M.medicareAgentEmail });
    expect(other.status).toBe(404);
    expect(other.body.error.code).toBe('not_found');
  });

  it('keeps state per server instance', async () => {
    await patch(M.medicareContactId, { agent_email: M.medicareAgentEmail, contact: { city: 'Mesa' } });
    const fresh = createKit({ modules: [medicareRoutes] });
    const r = await fresh.call('PATCH', `/v1/contacts/${M.medicareContactId}`, {
      body: { agent_email: M.medicareAgentEmail },
    });
    fresh.close();
    expect(r.body.data.contact.city).toBe('Tucson');
  });
});
