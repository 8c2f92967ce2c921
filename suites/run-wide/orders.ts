/**
 * Orders the contract states, on every answer they apply to, whichever check sent it: the
 * issuers of a state by name, ties by id (2.3), for any plan year, territory or spelling a
 * request of the run asked with, not only for those the issuers checks send themselves.
 */
import { isObject } from '../../harness/is-object.js';
import type { Invariant } from '../../harness/suite/run-wide.js';
import { expectIssuersOrdered, type Issuer } from '../reference/issuer-order.js';
import { answerOf, isSkipped, jsonOf } from './answer.js';

export const ISSUER_ORDER_RULES = ['ISSUERS-ORDER', 'ISSUERS-ORDER-TIEBREAK'];

export const issuersInOrder: Invariant = {
  needs: 'an issuers answer of the run listing two issuers or more',
  judge(entry, t) {
    if (t.operationOf(entry) !== 'listIssuers') return [];
    const res = answerOf(entry);
    if (isSkipped(res)) return res;
    if (res.status !== 200) return [];
    const body = jsonOf(res);
    if (isSkipped(body)) return body;
    const issuers: unknown = body.issuers;
    // A list of one issuer or none shows no order.
    if (!Array.isArray(issuers) || issuers.length < 2) return [];
    expectIssuersOrdered(t.expect, entry.exchange, issuers.filter(isObject) as Issuer[]);
    return ISSUER_ORDER_RULES;
  },
};
