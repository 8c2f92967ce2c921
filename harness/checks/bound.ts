/**
 * The check library bound to one verify(): rules and contract come from the check's scope,
 * so a suite writes `t.expect.status(ex, 200)`. `rules(...ids)` narrows the rules a
 * violation names to a subset of the check's own (one exchange, several rules).
 */
import type { Exchange } from '../model.js';
import type { CheckScope, ResponseValidator } from './scope.js';
import type { Disagreement } from './disagreements.js';
import type { NoteSink } from './note.js';
import type { Claim } from './that.js';
import type { SortExpectation } from './sorted-by.js';
import { expectErrorsEnvelope } from './errors-envelope.js';
import { expectHeader } from './header.js';
import { expectKeyNotEchoed } from './key-not-echoed.js';
import { expectNoHeader } from './no-header.js';
import { expectReplayOf } from './replay.js';
import { expectRetryAfter } from './retry-after.js';
import { expectSchemaValid } from './schema-valid.js';
import { expectSortedBy } from './sorted-by.js';
import { expectStatus } from './status.js';
import { expectThat } from './that.js';
import { expectTransportOk } from './transport-ok.js';
import { expectUnifiedEnvelope } from './unified-envelope.js';

export interface BoundChecks {
  /** The same checks naming only these rules (each must be one of the check's rules). */
  rules(...ids: string[]): BoundChecks;
  transportOk(ex: Exchange): void;
  status(ex: Exchange, statuses: number | readonly number[]): void;
  schemaValid(ex: Exchange, operationId: string): void;
  unifiedEnvelope(ex: Exchange, code?: string): void;
  errorsEnvelope(ex: Exchange, code?: string): void;
  header(ex: Exchange, name: string, value?: string | RegExp): void;
  noHeader(ex: Exchange, name: string): void;
  /** `replay` repeats `original` verbatim with `Idempotent-Replay: true`. */
  replayOf(replay: Exchange, original: Exchange): void;
  retryAfter(ex: Exchange): void;
  /** No response header or body carries the API key back. */
  keyNotEchoed(ex: Exchange): void;
  sortedBy(ex: Exchange, expectation: SortExpectation): void;
  that(ex: Exchange, claim: Claim): void;
}

/** What a bound check knows beside its rules and contract (see CheckScope). */
export interface BoundEnvironment {
  disagreements?: readonly Disagreement[];
  note?: NoteSink;
}

export function bindChecks(rules: readonly string[], contract?: ResponseValidator, env: BoundEnvironment = {}): BoundChecks {
  const scope: CheckScope = { rules, contract, ...env };
  return {
    rules(...ids) {
      const foreign = ids.filter((id) => !rules.includes(id));
      if (ids.length === 0 || foreign.length > 0) {
        throw new Error(`expect.rules(${ids.join(', ')}): name one or more of the check's own rules (${rules.join(', ')})`);
      }
      return bindChecks(ids, contract, env);
    },
    transportOk: (ex) => expectTransportOk(ex, undefined, scope),
    status: (ex, statuses) => expectStatus(ex, statuses, scope),
    schemaValid: (ex, operationId) => expectSchemaValid(ex, operationId, scope),
    unifiedEnvelope: (ex, code) => expectUnifiedEnvelope(ex, code, scope),
    errorsEnvelope: (ex, code) => expectErrorsEnvelope(ex, code, scope),
    header: (ex, name, value) => expectHeader(ex, { name, value }, scope),
    noHeader: (ex, name) => expectNoHeader(ex, name, scope),
    replayOf: (replay, original) => expectReplayOf(replay, { original }, scope),
    retryAfter: (ex) => expectRetryAfter(ex, undefined, scope),
    keyNotEchoed: (ex) => expectKeyNotEchoed(ex, undefined, scope),
    sortedBy: (ex, expectation) => expectSortedBy(ex, expectation, scope),
    that: (ex, claim) => expectThat(ex, claim, scope),
  };
}
