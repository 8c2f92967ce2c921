import type { Check } from './scope.js';
import { quote, violation } from './scope.js';

type SortKey = (item: any) => string | number;

export interface SortExpectation {
  /** The items in the order the target returned them. */
  list: readonly unknown[];
  /** Keys compared in turn (later keys break ties); each maps an item to a comparable value. */
  by: readonly SortKey[];
  /** How the order reads in a report, e.g. `name (case-insensitive), then hios_issuer_id`. */
  label?: string;
}

/** Code-unit order: deterministic and locale-free, the order a contract can state. */
function compare(a: string | number, b: string | number): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareBy(by: readonly SortKey[], a: unknown, b: unknown): number {
  for (const key of by) {
    const order = compare(key(a), key(b));
    if (order !== 0) return order;
  }
  return 0;
}

/** The list is in ascending order of the keys. */
export const expectSortedBy: Check<SortExpectation> = (exchange, { list, by, label }, scope) => {
  for (let i = 1; i < list.length; i += 1) {
    if (compareBy(by, list[i - 1], list[i]) > 0) {
      throw violation(
        scope,
        exchange,
        'list out of order',
        `ascending by ${label ?? `${by.length} key(s)`}`,
        `item ${i - 1} ${quote(JSON.stringify(list[i - 1]))} before item ${i} ${quote(JSON.stringify(list[i]))}`,
      );
    }
  }
};
