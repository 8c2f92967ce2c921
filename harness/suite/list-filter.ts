/**
 * A list filter as data: what a row shows of the filtered member and when the value it shows is
 * outside the filter. A family's table of them (suites/<family>/list-filters.ts) holds a list's
 * rows with one judgement, expectRowsInFilter, in its checks and in the oracle over the run.
 */
import type { BoundChecks } from '../checks/bound.js';
import type { Exchange } from '../model.js';

type Row = Record<string, any>;

export interface ListFilter {
  rule: string;
  /** What a row shows for the filtered member; undefined when it does not show it (not compared). */
  read(row: Row): unknown;
  /** A row showing `shown` is outside the filter `value` as the request wrote it. */
  outside(shown: unknown, value: string): boolean;
}

/** Outside unless the row shows the value itself (a number shown for a number written is the same). */
export const differs = (shown: unknown, value: string): boolean => String(shown) !== value;

/** Every row of a list answer that shows the filtered member is within the filter `name`=`value`. */
export function expectRowsInFilter(
  expect: BoundChecks,
  ex: Exchange,
  rows: readonly Row[],
  filter: ListFilter & { name: string; value: string },
): void {
  const wrong = rows.filter((r) => {
    const shown = filter.read(r);
    return shown !== undefined && filter.outside(shown, filter.value);
  });
  expect.that(ex, {
    holds: wrong.length === 0,
    title: 'rows outside the filter',
    expected: `every row within ${filter.name}=${filter.value}`,
    observed: () =>
      `${wrong.length} of ${rows.length} rows outside it, e.g. ${JSON.stringify(wrong[0]).slice(0, 200)} ` +
      `(${filter.name} shown ${JSON.stringify(filter.read(wrong[0]!))})`,
  });
}
