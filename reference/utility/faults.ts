/** Faults of the utility family (4.1) and of ungated access. */
import { accountForKey } from '../core/accounts.js';
import { bodyOf, is, rewriteFault } from '../core/fault-kit.js';
import type { Fault } from '../types.js';

/** A valid key whose account holds no approval (e.g. the unapproved sandbox key). */
const hasNoApprovals = (key: string | undefined): boolean => accountForKey(key)?.approvals.length === 0;

export const faults: Fault[] = [
  rewriteFault('ping-ok-string', 'PING-SCHEMA', 'utility', 'Ping answers ok as the string "true".', (req, res) =>
    is(req, 'GET', '/v1/ping') && res.status === 200 ? { ...res, body: { ...bodyOf(res), ok: 'true' } } : res),
  rewriteFault('ping-404', 'PING-200', 'utility', 'Ping answers 404 not_found.', (req, res) =>
    is(req, 'GET', '/v1/ping') && res.status === 200 ? { ...res, status: 404, body: { error: { code: 'not_found', message: 'Not found.' } } } : res),
  rewriteFault('ungated-refuses-unapproved', 'GATE-UNGATED-OPEN', 'utility', 'Ping refuses a valid key without approvals with 403.', (req, res) =>
    is(req, 'GET', '/v1/ping') && res.status === 200 && hasNoApprovals(req.headers['x-api-key'])
      ? { ...res, status: 403, body: { error: { code: 'forbidden', message: 'Not approved.' } } }
      : res),
];
