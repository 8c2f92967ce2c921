/**
 * Every answer's status is among its operation's documented ones (SCHEMA-DOCUMENTED-STATUS),
 * whichever check sent it: the loaded document's list for the operation (ours is the union of
 * the contract's per-endpoint lists and the provider's document; a status only a recorded
 * disagreement allows is not a failure), and what the contract allows on any endpoint besides:
 * the edge's failures (5.2: a missing or invalid key's 403 on every route; 8: 429 on every
 * route; 7: the gateway's 502 and 504, and 413 and 415 on a request with a body), and for the
 * read and the PUT, whose statuses 4.11 and 4.12 do not show, any success or any status of
 * section 7's list. An answer to no operation of the documents (an unknown route, a method a
 * path does not take) is not judged.
 */
import type { JournalEntry } from '../../harness/model.js';
import type { Invariant } from '../../harness/suite/run-wide.js';
import { CUT, NO_ANSWER } from './answer.js';

/** Section 7: "Statuses used across endpoints". */
const USED_ACROSS = new Set([400, 401, 403, 404, 409, 413, 415, 422, 429, 500, 502, 503, 504]);
/** Statuses the edge may answer on any route. */
const EDGE = new Set([403, 429, 502, 504]);
/** Statuses the edge may answer on a request with a body. */
const EDGE_ON_BODIES = new Set([413, 415]);
/** Operations whose statuses the prose does not show (4.11, 4.12). */
const STATUSES_NOT_SHOWN = new Set(['getEnrollment', 'updateEnrollment']);

/** The contract allows `status` on the entry's answer whatever the operation's list says. */
function contractAllows(entry: JournalEntry, operationId: string, status: number): boolean {
  if (EDGE.has(status)) return true;
  if (EDGE_ON_BODIES.has(status) && entry.exchange.request.body !== undefined) return true;
  return STATUSES_NOT_SHOWN.has(operationId) && ((status >= 200 && status < 300) || USED_ACROSS.has(status));
}

export const documentedStatus: Invariant = {
  needs: 'an answer to an operation of the loaded documents',
  judge(entry, t) {
    const operationId = t.operationOf(entry);
    if (operationId === undefined) return [];
    const res = entry.exchange.response;
    if (!res) return NO_ANSWER;
    // A status line arrived whole even when the body was cut, but a cut answer is left to the rules of its body.
    if (entry.exchange.truncated) return CUT;
    t.expect.rules('SCHEMA-DOCUMENTED-STATUS').documentedStatus(entry.exchange, {
      operationId,
      alsoAllows: (status) => contractAllows(entry, operationId, status),
    });
    return ['SCHEMA-DOCUMENTED-STATUS'];
  },
};
