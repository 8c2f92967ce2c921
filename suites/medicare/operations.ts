/**
 * The Medicare contact API's operation (4.17): a valid update of the fixture contact, sent with
 * the `medicare` key, for the checks that loop over every operation (suites/operations.ts).
 */
import type { OperationTable } from '../../harness/suite/index.js';
import { needs, updateContact, validUpdate } from './contact-request.js';

export const MEDICARE_OPERATIONS = {
  updateContact: {
    route: 'PATCH /v1/contacts/{contact_id}',
    writes: true,
    body: 'json',
    success: { rule: 'MEDICARE-200', status: 200 },
    needs,
    request: (t) => updateContact(t, validUpdate(t)),
  },
} satisfies OperationTable;
