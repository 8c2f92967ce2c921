/**
 * A check every operation owes, as the home registers it (index.ts): whether it applies to an
 * operation of the table, its title and needs there, and what it sends and judges.
 */
import type { CheckContext, Needs } from '../../harness/suite/index.js';
import type { OperationEntry } from '../operations.js';

export type OwedName =
  | 'missingKey'
  | 'invalidKey'
  | 'gate'
  | 'open'
  | 'tooLarge'
  | 'mediaType'
  | 'malformedJson'
  | 'hostile'
  | 'success'
  | 'successAnyStatus'
  | 'bounds'
  | 'rateLimited';

/** Whether a check applies to an operation. */
export type Applies =
  /** It does: the check's rules. */
  | { rules: string[] }
  /** It would, but the documents do not state what it needs: registered and skipped before any run, saying so. */
  | { rules: string[]; unstated: string }
  /** It does, and a check of the operation's family holds it (its title): the home registers none. */
  | { rules: string[]; heldBy: string }
  /** It does not, and why (the matrix of operations and rules shows it). */
  | { reason: string };

export interface Owed {
  name: OwedName;
  applies(op: OperationEntry): Applies;
  title(op: OperationEntry): string;
  needs(op: OperationEntry): Needs;
  /** Sends what the check needs and judges it, under the check's own `rules`. */
  run(t: CheckContext, op: OperationEntry, rules: readonly string[]): Promise<void>;
}
