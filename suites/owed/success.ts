/**
 * The success answer each operation's entry declares (its rule and statuses), with a JSON
 * content type, no key echoed and the loaded document's schema (expectSuccessAnswer), for the
 * operation's valid request. An operation the documents state no success status for is skipped
 * there, saying so, and its successes (any 2xx) are held to the shared rules alone. Where a
 * success needs more than the valid request (an application in some state) or the family judges
 * its body too, the family's check holds it (particulars.ts `heldBy`).
 */
import {
  expectSuccessAnswer,
  expectSuccessShared,
  needsOf,
  stepFailed,
  type CheckContext,
  type Exchange,
} from '../../harness/suite/index.js';
import type { Owed } from './types.js';

const SHARED = ['SCHEMA-SUCCESS-JSON', 'AUTH-KEY-NOT-ECHOED', 'SCHEMA-RESPONSE-VALID'];

export const SUCCESS: Owed = {
  name: 'success',
  applies: ({ success, operationId }) =>
    success === undefined
      ? { rules: SHARED, unstated: `a success status for ${operationId}` }
      : { rules: [success.rule, ...SHARED] },
  title: (op) => `${op.route} answers its valid request with its stated success status and JSON`,
  needs: (op) => needsOf([op]),
  async run(t, op) {
    expectSuccessAnswer(t, op.operationId, op, await t.send(await op.request(t)));
  },
};

const isSuccess = (ex: Exchange): boolean => (ex.response?.status ?? 0) >= 200 && (ex.response?.status ?? 0) < 300;

/** A success the contract states no status for: whatever 2xx it is, the shared rules hold it. */
export const SUCCESS_ANY_STATUS: Owed = {
  name: 'successAnyStatus',
  applies: ({ success, operationId }) =>
    success === undefined ? { rules: SHARED } : { reason: `the contract states ${operationId}'s success status` },
  title: (op) => `${op.route} answers its valid request with a success (any 2xx, none stated) in JSON`,
  needs: (op) => needsOf([op]),
  async run(t: CheckContext, op) {
    const ex = await t.send(await op.request(t));
    // Which 2xx is not stated: an answer that is none blocks the check, it breaks no rule of its own.
    if (!isSuccess(ex)) stepFailed(`send ${op.operationId}'s valid request`, ex, 'a 2xx');
    expectSuccessShared(t, op.operationId, ex);
  },
};
