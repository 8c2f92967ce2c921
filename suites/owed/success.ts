/**
 * The success answer each operation's entry declares (its rule and statuses), with a JSON
 * content type, no key echoed and the loaded document's schema (expectSuccessAnswer), for the
 * operation's valid request. Where a success needs more (an application in some state) or the
 * family judges the body too, the family's check holds it (particulars.ts `heldBy`). An operation
 * the documents state no success status for is skipped, saying so.
 */
import { expectSuccessAnswer, needsOf } from '../../harness/suite/index.js';
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
