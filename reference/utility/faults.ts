/** Faults of the utility family (4.1) and of ungated access. */
import { accountForKey } from '../core/accounts.js';
import { bodyOf, faultsOf, is } from '../core/fault-kit.js';
import { body, serverProbe, status } from '../core/probe.js';
import type { Fault } from '../core/switch.js';

const { rewrite } = faultsOf('utility');

/** A valid key whose account holds no approval (e.g. the unapproved sandbox key). */
const hasNoApprovals = (key: string | undefined): boolean => accountForKey(key)?.approvals.length === 0;

export const UTILITY_FAULTS = {
  pingOkString: rewrite('ping-ok-string', 'PING-SCHEMA', 'Ping answers ok as the string "true".',
    serverProbe(({ call }) => body(call, 'GET', '/v1/ping')),
    (req, res) =>
      is(req, 'GET', '/v1/ping') && res.status === 200 ? { ...res, body: { ...bodyOf(res), ok: 'true' } } : res),
  ping404: rewrite('ping-404', 'PING-200', 'Ping answers 404 not_found.',
    serverProbe(({ call }) => status(call, 'GET', '/v1/ping')),
    (req, res) =>
      is(req, 'GET', '/v1/ping') && res.status === 200 ? { ...res, status: 404, body: { error: { code: 'not_found', message: 'Not found.' } } } : res),
  ungatedRefusesUnapproved: rewrite('ungated-refuses-unapproved', 'GATE-UNGATED-OPEN', 'Ping refuses a valid key without approvals with 403.',
    serverProbe(({ call }) => status(call, 'GET', '/v1/ping', { role: 'unapproved' })),
    (req, res) =>
      is(req, 'GET', '/v1/ping') && res.status === 200 && hasNoApprovals(req.headers['x-api-key'])
        ? { ...res, status: 403, body: { error: { code: 'forbidden', message: 'Not approved.' } } }
        : res),
} satisfies Record<string, Fault>;
