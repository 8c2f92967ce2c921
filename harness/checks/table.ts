/**
 * The check library: one entry per check, its key the name `t.expect.<key>` answers to and the
 * `check` a RuleViolation carries. A new check is a file with its function and one line here;
 * the binder (bound.ts) and the type of `t.expect` follow from this table. Object literals refuse
 * a duplicate key at compile time; `rules` is taken by the narrowing method.
 */
import type { Check } from './scope.js';
import { expectDocumentedStatus } from './documented-status.js';
import { expectErrorsEnvelope } from './errors-envelope.js';
import { expectHeader } from './header.js';
import { expectKeyNotEchoed } from './key-not-echoed.js';
import { expectNoHeader } from './no-header.js';
import { expectOneSourceAllows } from './one-source-allows.js';
import { expectReplayOf } from './replay.js';
import { expectRetryAfter } from './retry-after.js';
import { expectSchemaValid } from './schema-valid.js';
import { expectSortedBy } from './sorted-by.js';
import { expectStatus } from './status.js';
import { expectThat } from './that.js';
import { expectTransportOk } from './transport-ok.js';
import { expectUnifiedEnvelope } from './unified-envelope.js';

/** A table of checks by name; `rules` is reserved for narrowing. */
export type CheckTable = Readonly<Record<string, Check<any>>> & { readonly rules?: never };

export const CHECKS = {
  transportOk: expectTransportOk,
  status: expectStatus,
  schemaValid: expectSchemaValid,
  documentedStatus: expectDocumentedStatus,
  unifiedEnvelope: expectUnifiedEnvelope,
  errorsEnvelope: expectErrorsEnvelope,
  header: expectHeader,
  noHeader: expectNoHeader,
  replayOf: expectReplayOf,
  retryAfter: expectRetryAfter,
  sortedBy: expectSortedBy,
  keyNotEchoed: expectKeyNotEchoed,
  that: expectThat,
  oneSourceAllows: expectOneSourceAllows,
} as const satisfies CheckTable;
