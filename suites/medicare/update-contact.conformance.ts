/**
 * Medicare contact update (2.9, 4.17, 5.1): the 200 answer, the response contact's members,
 * and partial updates. These checks change the fixture contact, so they live in one file and
 * run one after another: a concurrent change would blur what a partial update kept.
 */
import { personName } from '../../generators/index.js';
import { draw, expectSuccessAnswer, verify } from '../../harness/suite/index.js';
import { changedMembers, expectContactShowsSent } from './contact-members.js';
import { MEDICARE_OPERATIONS } from './operations.js';
import {
  acceptedContact,
  contactOf,
  isAbsoluteUrl,
  marker,
  needs,
  updateContact,
  validUpdate,
} from './contact-request.js';

verify(
  'a contact update with the key in X-API-Key answers 200 {data: {contact, redirect_url}}',
  ['MEDICARE-200', 'AUTH-MEDICARE-HEADER', 'SCHEMA-SUCCESS-JSON', 'SCHEMA-RESPONSE-VALID', 'AUTH-KEY-NOT-ECHOED'],
  async (t) => {
    const op = MEDICARE_OPERATIONS.updateContact;
    const ex = await t.send(await op.request(t));
    // A key the target does not read from X-API-Key is refused: 403 names the header rule.
    t.expect.rules('AUTH-MEDICARE-HEADER').that(ex, {
      holds: ex.response?.status !== 403,
      title: 'the key in X-API-Key is refused',
      expected: 'the Medicare key accepted in X-API-Key',
      observed: () => `status 403 with body ${ex.response?.body.slice(0, 300)}`,
    });
    expectSuccessAnswer(t, 'updateContact', op, ex, () => {
      const body = t.json(ex);
      t.expect.rules('MEDICARE-200').that(ex, {
        holds: contactOf(body) !== undefined && isAbsoluteUrl(body?.data?.redirect_url),
        title: 'not {data: {contact, redirect_url}}',
        expected: '`data.contact` an object and `data.redirect_url` a URL string',
        observed: () => `body ${JSON.stringify(body)?.slice(0, 300)}`,
      });
    });
  },
  { needs },
);

verify(
  'the response contact adds id and slug and omits notes, even when notes are sent',
  ['MEDICARE-CONTACT-FIELDS', 'MEDICARE-200'],
  async (t) => {
    // Notes beside a member, as a partner's update carries them: the answer shows the member, never the notes.
    const ex = await t.send(updateContact(t, validUpdate(t, { address_2: marker(t), notes: [marker(t, 'note')] })));
    const contact = acceptedContact(t, ex);
    t.expect.rules('MEDICARE-CONTACT-FIELDS').that(ex, {
      holds:
        contact.id !== undefined &&
        contact.id !== null &&
        contact.slug !== undefined &&
        contact.slug !== null &&
        !('notes' in contact),
      title: 'response contact members',
      expected: '`id` and `slug` present, `notes` absent',
      observed: () => `members ${Object.keys(contact).join(', ')}`,
    });
  },
  { needs },
);

verify(
  'a partial update changes the member it names and keeps every other member of 2.9',
  ['MEDICARE-PARTIAL-UPDATE', 'MEDICARE-200'],
  async (t) => {
    // The member the first update names holds a name of any kind (an apostrophe, diacritics,
    // another script): the contact shows it as sent.
    const address2 = `${marker(t)} ${draw(t, personName(), 'medicare address_2')}`;
    const first = await t.send(updateContact(t, validUpdate(t, { address_2: address2 })));
    const before = acceptedContact(t, first);
    expectContactShowsSent(t.expect.rules('MEDICARE-PARTIAL-UPDATE'), first, { address_2: address2 }, before);
    // The second update names another member than the first, so a target that replaces the
    // whole contact loses the first one's change; re-sending the current value keeps the data.
    const address1 = typeof before.address_1 === 'string' ? before.address_1 : marker(t, 'address');
    const second = await t.send(updateContact(t, validUpdate(t, { address_1: address1 })));
    const after = acceptedContact(t, second);
    const lost = changedMembers(before, after, ['address_1']);
    const change = (k: string) => `${k} ${JSON.stringify(before[k])} -> ${JSON.stringify(after[k])}`;
    t.expect.rules('MEDICARE-PARTIAL-UPDATE').that(second, {
      holds: after.address_1 === address1 && lost.length === 0,
      title: 'members changed that the update did not name',
      expected:
        `address_1 ${JSON.stringify(address1)} and every other member of 2.9 (and id, slug) as the ` +
        `previous answer showed it`,
      observed: () =>
        after.address_1 !== address1
          ? `address_1 ${JSON.stringify(after.address_1)}`
          : `changed: ${lost.map(change).join('; ')}`,
    });
  },
  { needs },
);
