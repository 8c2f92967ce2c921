/**
 * What every success answer of the API shares, held once for every operation of the table: the
 * status of the operation's success rule (its `success` entry), then the family's own claims on
 * the body, then a JSON content type (SCHEMA-SUCCESS-JSON), no key echoed (AUTH-KEY-NOT-ECHOED)
 * and the loaded document's schema (SCHEMA-RESPONSE-VALID).
 *
 * Each shared rule is judged when the check names it: a check's rules are the claim of its title
 * and its identity in baselines, so one that names fewer proves fewer. The family's claims come
 * before the generic ones: a broken ping object is reported against PING-SCHEMA rather than only
 * SCHEMA-RESPONSE-VALID, and the schema comes last since it also holds members a rule of the
 * family names (a session's links to `format: uri`).
 */
import type { Exchange } from '../model.js';
import type { CheckContext } from './context.js';
import type { OperationSpec } from './operation.js';

/** A JSON media type, parameters allowed (`application/json; charset=utf-8`). */
const JSON_CONTENT_TYPE = /^application\/json\b/i;

/** The shared rules, in the order they are judged after the family's claims. */
const SHARED: ReadonlyArray<[rule: string, judge: (t: CheckContext, ex: Exchange, operationId: string) => void]> = [
  [
    'SCHEMA-SUCCESS-JSON',
    (t, ex) => t.expect.rules('SCHEMA-SUCCESS-JSON').header(ex, { name: 'content-type', value: JSON_CONTENT_TYPE }),
  ],
  ['AUTH-KEY-NOT-ECHOED', (t, ex) => t.expect.rules('AUTH-KEY-NOT-ECHOED').keyNotEchoed(ex)],
  ['SCHEMA-RESPONSE-VALID', (t, ex, id) => t.expect.rules('SCHEMA-RESPONSE-VALID').schemaValid(ex, id)],
];

/**
 * Holds `ex`, the answer to a valid request of `operationId` (its entry `op`), to the operation's
 * success status, `claims` (the family's own, run after the status), and the shared rules the check names.
 */
export function expectSuccessAnswer(
  t: CheckContext,
  operationId: string,
  op: Pick<OperationSpec, 'success'>,
  ex: Exchange,
  claims?: () => void,
): void {
  if (!op.success) throw new Error(`${operationId} declares no success answer in its family's operations.ts`);
  t.expect.rules(op.success.rule).status(ex, op.success.status);
  claims?.();
  expectSuccessShared(t, operationId, ex);
}

/**
 * Holds `ex`, a success of `operationId` (a 2xx the check has judged), to the shared rules the check names: where
 * the contract states no success status (any 2xx), a check holds its success to these alone.
 */
export function expectSuccessShared(t: CheckContext, operationId: string, ex: Exchange): void {
  for (const [rule, judge] of SHARED) if (t.rules.some((r) => r.id === rule)) judge(t, ex, operationId);
}
