/**
 * The edge's refusals of a body (section 7), on every operation that takes a JSON body: one
 * above the size limit gets 413 and one in another media type 415, both in the unified envelope;
 * malformed JSON gets 400 in the family's service envelope (direct enrollment's service failures
 * include invalid JSON, 4.10). Each request is the operation's valid one with its body broken in
 * that one way. Where the loaded document lists no 413 or 415 for the operation, or a disagreement
 * says only one source does (CREATE-ENROLLMENT-415), a 400 in the family's envelope is what the
 * document allows instead, and passes.
 */
import { disagreementTable } from '../../harness/suite/disagreements.js';
import {
  cutShort,
  maxBodyBytes,
  needsOf,
  onOneItem,
  paddedPast,
  SkipCheck,
  underMediaType,
  type ApiRequest,
  type CheckContext,
} from '../../harness/suite/index.js';
import type { OperationEntry } from '../operations.js';
import { whereHeld } from './catalogue.js';
import { expectRefusal, serviceEnvelopeName, serviceShapeRule, UNIFIED_SHAPE } from './envelopes.js';
import type { Applies, Owed, OwedName } from './types.js';

const isRead = (op: OperationEntry): boolean => op.route.startsWith('GET ');

/** The check applies where its rule holds and the operation takes a body; it needs the body to be stated. */
function appliesToBody(op: OperationEntry, rules: string[]): Applies {
  if (isRead(op)) return { reason: 'a read: it takes no body' };
  const held = whereHeld(op.family, rules);
  if (!('rules' in held) || op.body === 'json') return held;
  return { rules, unstated: `a JSON request body for ${op.operationId}` };
}

/** The shape rules of a refusal the edge makes, or the 400 a family's service makes instead. */
const edgeShapes = (op: OperationEntry): string[] => [...new Set([UNIFIED_SHAPE, serviceShapeRule(op.family)])];

const statusRulesOf = (rules: readonly string[]) => rules.filter((r) => !r.startsWith('ENVELOPE-'));

/** `status`, or `[status, 400]` where the loaded document lists no `status` or a disagreement names it. */
function allowed(t: CheckContext, op: OperationEntry, status: number): number[] {
  const responses = t.target.documented(op.operationId, op.route)?.responses ?? {};
  const disputed = disagreementTable().some(
    ({ kind, where }) =>
      kind === 'status' && where.operations?.includes(op.operationId) && [where.status].flat().includes(String(status)),
  );
  return String(status) in responses && !disputed ? [status] : [status, 400];
}

/** The valid request, which takes a JSON body when the check runs (a partial `--spec` may give none). */
async function validBody(t: CheckContext, op: OperationEntry): Promise<ApiRequest> {
  const req = await op.request(t);
  if (req.json === undefined) throw new SkipCheck(`a JSON body in ${op.operationId}'s valid request`);
  return req;
}

function edgeRefusal(
  name: OwedName,
  rule: string,
  status: number,
  what: string,
  broken: (t: CheckContext, req: ApiRequest) => ApiRequest,
  fixtures: string[] = [],
): Owed {
  return {
    name,
    applies: (op) => appliesToBody(op, [rule, ...edgeShapes(op)]),
    title: (op) => `${op.route} with ${what} gets ${status} in the unified envelope`,
    needs: (op) => {
      const needs = needsOf([op]);
      return fixtures.length ? { ...needs, fixtures: [...(needs.fixtures ?? []), ...fixtures] } : needs;
    },
    async run(t, op, rules) {
      const ex = await t.send(broken(t, await validBody(t, op)));
      expectRefusal(t, op.family, ex, statusRulesOf(rules), allowed(t, op, status), status);
    },
  };
}

export const TOO_LARGE = edgeRefusal(
  'tooLarge',
  'EDGE-413',
  413,
  'a body above the size limit',
  (t, req) => paddedPast(req, maxBodyBytes(t)),
  ['maxBodyBytes'],
);

export const MEDIA_TYPE = edgeRefusal('mediaType', 'EDGE-415', 415, 'its body sent as text/plain', (_t, req) =>
  underMediaType(req, 'text/plain'),
);

const MALFORMED = 'EDGE-MALFORMED-JSON-400';

export const MALFORMED_JSON: Owed = {
  name: 'malformedJson',
  applies: (op) => appliesToBody(op, [MALFORMED, serviceShapeRule(op.family)]),
  title: (op) => `${op.route} with malformed JSON gets 400 in the ${serviceEnvelopeName(op.family)}`,
  needs: (op) => needsOf([op]),
  async run(t, op, rules) {
    const ex = await t.send(cutShort(await validBody(t, op)));
    // A service may look an item up before it reads the body: an unknown one's 404 leaves the rule unshown.
    if (onOneItem(op) && ex.response?.status === 404)
      throw new SkipCheck(`an item of ${op.operationId} the target has (it answered the unknown one's 404 first)`);
    expectRefusal(t, op.family, ex, statusRulesOf(rules), [400]);
  },
};
