/**
 * An operation as the suite knows it: declared once by its family (`suites/<family>/operations.ts`,
 * keyed by the documents' operationId) and gathered in `suites/operations.ts`. The checks that
 * hold for every operation (keys at the edge, approval gates, hostile values) loop over the
 * table instead of keeping lists of routes; `test/operations.test.ts` fails when an operation
 * of a loaded document has no entry.
 */
import type { ApiRequest } from '../client/index.js';
import type { Exchange } from '../model.js';
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

/**
 * The operation's fixtures and roles are in the profile (read when present, so a check that
 * sends what it can leaves the rest out rather than skipping).
 */
export const isAvailable = (t: CheckContext, op: OperationSpec): boolean =>
  (op.needs?.fixtures ?? []).every((f) => t.target.fixture(f) !== undefined) &&
  (op.needs?.roles ?? []).every((r) => t.target.hasRole(r));

/** The route's path has a parameter: the operation acts on one item. */
export const onOneItem = (op: OperationSpec): boolean => op.route.includes('{');

/**
 * Sends each operation's valid request with `change` (a key case, a role), in the table's order,
 * and yields its operationId and exchange: only what `change` alters can be a reason to refuse it.
 */
export async function* sentWith(
  t: CheckContext,
  ops: OperationTable,
  change: Partial<ApiRequest>,
): AsyncGenerator<[operationId: string, exchange: Exchange]> {
  for (const [operationId, op] of Object.entries(ops))
    yield [operationId, await t.send({ ...(await op.request(t)), ...change })];
}
