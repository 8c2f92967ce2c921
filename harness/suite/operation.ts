/**
 * An operation as the suite knows it: declared once by its family (`suites/<family>/operations.ts`,
 * keyed by the documents' operationId) and gathered in `suites/operations.ts`. The checks every
 * operation owes (keys at the edge, approval gates, the edge's refusals of a body, hostile values,
 * the success answer, 429) are registered for each entry from the table (`suites/owed/`);
 * `test/operations.test.ts` fails when an operation of a loaded document has no entry.
 */
import type { ApiRequest } from '../client/index.js';
import type { CheckContext } from './context.js';
import type { Needs } from './needs.js';

export interface OperationSpec {
  /** Method and path template as the documents write them, e.g. `GET /v1/reference/counties`. */
  route: string;
  /** Other routes a document gives the same operation under (4.16 writes the APTC endpoint twice). */
  alsoAt?: readonly string[];
  /** The rule a valid key of an account without approvals is refused under (5.4); absent: open to any valid key. */
  gate?: string;
  /** A read-only run refuses it (any method but GET, unless the contract says it changes nothing). */
  writes: boolean;
  /**
   * `json` when its documents give it a JSON request body whose members they state: the edge's 413, 415 and
   * malformed-JSON checks send its valid request's body broken, and the hostile-value check its members. Absent for
   * no body, or one the documents do not show (a write without one gets those checks skipped, saying so).
   */
  body?: 'json';
  /**
   * Its success answer: the rule that states it and its statuses, which `expectSuccessAnswer` (success.ts)
   * holds the family's success check to. Absent where the contract states no success status.
   */
  success?: SuccessAnswer;
  /**
   * What `request` reads from the profile (and a write a read-only run may opt in to), declared
   * so a check skips before sending.
   */
  needs?: Needs;
  /**
   * The one valid request, from the profile's fixtures: only the key or the account can be a
   * reason to refuse it. An operation on one item names an item it can (a fixture, else an id
   * nobody issued, since the edge and the gates refuse before any lookup).
   */
  request(t: CheckContext): ApiRequest | Promise<ApiRequest>;
}

/** The rule stating an operation's success and the statuses it allows (`ENR-CREATE-SUCCESS`: 200 or 201). */
export interface SuccessAnswer {
  rule: string;
  status: number | readonly number[];
}

export type OperationTable = Readonly<Record<string, OperationSpec>>;

/** What a check sending every operation of `ops` needs: the union of theirs. */
export function needsOf(ops: readonly OperationSpec[]): Needs {
  const union = (pick: (n: Needs) => readonly string[] | undefined) => [
    ...new Set(ops.flatMap((op) => pick(op.needs ?? {}) ?? [])),
  ];
  const [fixtures, roles, sends] = [union((n) => n.fixtures), union((n) => n.roles), union((n) => n.sends)];
  return {
    ...(fixtures.length ? { fixtures } : {}),
    ...(roles.length ? { roles } : {}),
    ...(sends.length ? { sends } : {}),
    ...(ops.some((op) => op.writes) ? { writes: true } : {}),
  };
}

/** The route's path has a parameter: the operation acts on one item. */
export const onOneItem = (op: OperationSpec): boolean => op.route.includes('{');
