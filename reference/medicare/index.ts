/**
 * The Medicare contact API (4.17): PATCH /v1/contacts/{contact_id}, key in `X-API-Key`. The
 * core refuses keys without Medicare access (403 forbidden) for every route of this family.
 * Contacts come from contacts.json, copied per server instance.
 */
import type { Route, RouteModule } from '../types.js';
import data from './contacts.json' with { type: 'json' };
import type { StoredContact } from './update-contact.js';
import { updateContact } from './update-contact.js';

export const medicareRoutes: RouteModule = (): Route[] => {
  const contacts = new Map<string, StoredContact>(
    data.contacts.map((c) => [c.id, structuredClone(c) as StoredContact]),
  );
  return [
    {
      family: 'medicare',
      method: 'PATCH',
      pattern: '/v1/contacts/{contact_id}',
      success: { rule: 'MEDICARE-200', status: [200] },
      handler: updateContact(contacts),
    },
  ];
};
