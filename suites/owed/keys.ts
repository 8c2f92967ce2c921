/**
 * The key at the edge (5.1, 5.2, 7): a request without a key, or with an invalid one in the
 * header its interface names (`x-api-key`; Medicare's `X-API-Key`, which the client writes), is
 * refused with 403 `forbidden` in the unified envelope, on every operation. The request is the
 * operation's valid one, so only the key can be the reason.
 */
import { expectForbidden } from '../../harness/checks/index.js';
import { KEY_CASES, needsOf } from '../../harness/suite/index.js';
import { UNIFIED_SHAPE } from './envelopes.js';
import { whereHeld } from './catalogue.js';
import type { Owed, OwedName } from './types.js';

const SCHEMA = 'SCHEMA-RESPONSE-VALID';

function keyCheck(name: OwedName, { what, rule, key }: (typeof KEY_CASES)[number]): Owed {
  return {
    name,
    applies: (op) => whereHeld(op.family, [rule, UNIFIED_SHAPE, SCHEMA]),
    title: (op) => `${op.route} ${what} gets 403 forbidden in the unified envelope`,
    needs: (op) => needsOf([op]),
    async run(t, op) {
      const ex = await t.send({ ...(await op.request(t)), ...key });
      expectForbidden(t.expect, ex, rule, UNIFIED_SHAPE);
      t.expect.rules(SCHEMA).schemaValid(ex, op.operationId);
    },
  };
}

export const [MISSING_KEY, INVALID_KEY] = [keyCheck('missingKey', KEY_CASES[0]), keyCheck('invalidKey', KEY_CASES[1])];
