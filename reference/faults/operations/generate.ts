/**
 * The faults per operation, generated: for every route of the table and every column, a fault
 * breaking the column's rule on that route alone, or the reason there is none (the route cannot
 * break it, or the catalogue does not hold its family to the rule). Pure: the routes, columns
 * and catalogue come in, so a test can generate for a scratch route.
 */
import type { Family } from '../../../harness/model.js';
import { faultsOf } from '../../core/declare-fault.js';
import type { RouteBreak } from '../../core/route-breaks.js';
import type { Fault } from '../../core/switch.js';
import type { Route } from '../../types.js';
import type { Column } from './columns.js';
import { routeId, slugOf } from './routes.js';

/** One cell of the matrix: the fault that breaks the column's rule on the row's route, or why there is none. */
export type Cell = { column: string; rule: string; fault: Fault } | { column: string; reason: string };

export interface Row {
  route: string;
  family: Family;
  cells: Cell[];
}

export interface Generated {
  rows: Row[];
  /** Every generated fault, keyed by name. */
  faults: Record<string, Fault>;
  /** The fault that breaks `what` on a route, keyed `${what} ${route id}` (a core break, not a rewrite). */
  breaks: ReadonlyMap<string, Fault>;
}

/** The families a rule of the catalogue holds for (undefined: no such rule). */
export type FamiliesOf = (rule: string) => readonly Family[] | undefined;

export const breakKey = (what: RouteBreak, route: string): string => `${what} ${route}`;

function cellOf(route: Route, column: Column, familiesOf: FamiliesOf): Cell {
  const rule = column.rule(route);
  if (typeof rule !== 'string') return { column: column.id, reason: rule.reason };
  const families = familiesOf(rule);
  if (families === undefined) throw new Error(`column ${column.id} names ${rule}, which is not in specs/rules.json`);
  if (!families.includes(route.family))
    return { column: column.id, reason: `${rule} holds for ${families.join(', ')} only (specs/rules.json)` };
  const id = routeId(route);
  const build = faultsOf(route.family, { route: id, column: column.id });
  const name = `${column.id}-${slugOf(route)}`;
  const summary = `${id} ${column.does}; every other route keeps the rule.`;
  const probe = column.probe(route);
  const fault =
    typeof column.how === 'string'
      ? build.flag(name, rule, summary, probe)
      : build.rewrite(name, rule, summary, probe, column.how(route));
  return { column: column.id, rule, fault };
}

export function generate(routes: readonly Route[], columns: readonly Column[], familiesOf: FamiliesOf): Generated {
  const rows = routes.map((route) => ({
    route: routeId(route),
    family: route.family,
    cells: columns.map((column) => cellOf(route, column, familiesOf)),
  }));
  const faults: Record<string, Fault> = {};
  const breaks = new Map<string, Fault>();
  for (const row of rows)
    for (const cell of row.cells) {
      if (!('fault' in cell)) continue;
      faults[cell.fault.name] = cell.fault;
      const how = columns.find((c) => c.id === cell.column)!.how;
      if (typeof how === 'string') breaks.set(breakKey(how, row.route), cell.fault);
    }
  return { rows, faults, breaks };
}
