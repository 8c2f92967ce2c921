/**
 * Medicare contact update, refused requests (2.9, 4.17): `agent_email` missing or not an
 * email address, a date not written MM/DD/YYYY, an unknown contact id. Each request is valid
 * but for the one thing it breaks. 4.17 lists no refusal status: 400 or 422 is a refusal.
 */
import { verify, wrongIn } from '../../harness/suite/index.js';
import { UNKNOWN_CONTACT_ID, marker, needs, updateContact, validUpdate } from './contact-request.js';

/** Refusal statuses of a bad request among those the contract uses (section 7). */
const REFUSED = [400, 422];

const refusals = [
  {
    title: 'a contact update without agent_email is refused with 400 or 422',
    rule: 'MEDICARE-AGENT-EMAIL-REQUIRED',
    body: (t: Parameters<typeof validUpdate>[0]) => ({ contact: { address_2: marker(t) } }),
    wrong: 'agent_email',
  },
  {
    title: 'a contact update whose agent_email is not an email address is refused with 400 or 422',
    rule: 'MEDICARE-AGENT-EMAIL-REQUIRED',
    body: (t: Parameters<typeof validUpdate>[0]) => ({ ...validUpdate(t), agent_email: 'not-an-email-address' }),
    wrong: 'agent_email',
  },
  {
    title: 'a contact update with a birth_date not written MM/DD/YYYY is refused with 400 or 422',
    rule: 'MEDICARE-DATE-FORMAT',
    body: (t: Parameters<typeof validUpdate>[0]) => validUpdate(t, { birth_date: '1957-04-12' }),
    wrong: 'contact.birth_date',
  },
] as const;

for (const { title, rule, body, wrong } of refusals) {
  verify(
    title,
    [rule],
    async (t) => {
      const ex = await t.send({ ...updateContact(t, body(t)), ...wrongIn(wrong) });
      t.expect.status(ex, REFUSED);
    },
    { needs },
  );
}

verify(
  'a contact update for an unknown contact id is 404',
  ['MEDICARE-UNKNOWN-CONTACT-404'],
  async (t) => {
    const ex = await t.send(updateContact(t, validUpdate(t), UNKNOWN_CONTACT_ID));
    t.expect.status(ex, 404);
  },
  { needs },
);
