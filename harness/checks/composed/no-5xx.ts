/** EDGE-NO-5XX as every family observes it: a client request, valid or hostile, never gets a server failure. */
import type { Exchange } from '../../model.js';
import type { BoundChecks } from '../bound.js';
import { observedOf } from '../scope.js';

/** A response below 500, naming `expect`'s rules; a transport failure counts as worse than a 5xx. */
export function expectNo5xx(expect: BoundChecks, ex: Exchange): void {
  const status = ex.response?.status;
  expect.that(ex, {
    holds: status !== undefined && status < 500,
    title: status === undefined ? 'no response' : 'a 5xx for a client request',
    expected: 'a response below 500 (valid, invalid and hostile requests alike are never a server failure)',
    observed: () => observedOf(ex),
  });
}
