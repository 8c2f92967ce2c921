/**
 * Every operation of every family, keyed by the documents' operationId: the one table the checks
 * that hold for every operation loop over. An operation is declared in its family's file
 * (`OPERATION_FILES`); test/operations.test.ts fails, naming that file, when an operation of a
 * loaded document has no entry.
 */
import type { Family } from '../harness/model.js';
import type { OperationSpec, OperationTable } from '../harness/suite/index.js';
import { SESSION_OPERATIONS } from './enrollment-sessions/operations.js';
import { ENROLLMENT_OPERATIONS } from './enrollments/operations.js';
import { LEGACY_OPERATIONS } from './legacy-ichra/operations.js';
import { MEDICARE_OPERATIONS } from './medicare/operations.js';
import { POLICY_STATUS_OPERATIONS } from './policy-status/operations.js';
import { QUOTES_OPERATIONS } from './quotes/operations.js';
import { REFERENCE_OPERATIONS } from './reference/operations.js';
import { UTILITY_OPERATIONS } from './utility/operations.js';

/** Each family's operations, in the order of the contract's sections. */
const FAMILY_OPERATIONS: Readonly<Record<Family, OperationTable>> = {
  utility: UTILITY_OPERATIONS,
  reference: REFERENCE_OPERATIONS,
  quotes: QUOTES_OPERATIONS,
  'enrollment-sessions': SESSION_OPERATIONS,
  'policy-status': POLICY_STATUS_OPERATIONS,
  enrollments: ENROLLMENT_OPERATIONS,
  'legacy-ichra': LEGACY_OPERATIONS,
  medicare: MEDICARE_OPERATIONS,
};

/** The file a family's operations are declared in. */
export const operationFile = (family: Family): string => `suites/${family}/operations.ts`;

export interface OperationEntry extends OperationSpec {
  operationId: string;
  family: Family;
}

/** Every operation, each with its operationId and family. */
export const OPERATIONS: readonly OperationEntry[] = Object.entries(FAMILY_OPERATIONS).flatMap(([family, table]) =>
  Object.entries(table).map(([operationId, op]) => ({ ...op, operationId, family: family as Family })),
);
