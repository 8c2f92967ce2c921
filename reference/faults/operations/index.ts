/**
 * The faults per operation of the reference server: generated from its route table (routes.ts),
 * the columns of the rules every operation owes (columns.ts) and the families the catalogue
 * (specs/rules.json) holds each rule to. Each breaks one rule on one route; a new route or a
 * rule's new family gets its faults with no other change. The registry lists them after the
 * families' tables; `mutation --scope operations` runs them and fills the matrix.
 */
import { readFileSync } from 'node:fs';
import type { Family } from '../../../harness/model.js';
import type { Broken } from '../../core/route-breaks.js';
import type { IsOn } from '../../core/switch.js';
import { COLUMNS } from './columns.js';
import { breakKey, generate, type FamiliesOf, type Row } from './generate.js';
import { ROUTES, routeId } from './routes.js';

const catalogue = JSON.parse(readFileSync(new URL('../../../specs/rules.json', import.meta.url), 'utf8')) as {
  rules: Array<{ id: string; families: Family[] }>;
};
const families = new Map(catalogue.rules.map((r) => [r.id, r.families]));
const familiesOf: FamiliesOf = (rule) => families.get(rule);

const generated = generate(ROUTES, COLUMNS, familiesOf);

/** The generated faults, keyed by name (a table of the registry, like a family's). */
export const OPERATION_FAULTS = generated.faults;

/** The operations matrix: every route, and in each column its fault or the reason it has none. */
export const OPERATION_ROWS: Row[] = generated.rows;

export const OPERATION_COLUMNS = COLUMNS.map(({ id, heading }) => ({ id, heading }));

/** What the fault switched on breaks in the core, asked with the route in hand. */
export const brokenBy =
  (on: IsOn): Broken =>
  (what, route) => {
    const fault = generated.breaks.get(breakKey(what, routeId(route)));
    return fault !== undefined && on(fault);
  };
