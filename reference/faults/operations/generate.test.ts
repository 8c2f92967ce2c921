/**
 * The generation of the faults per operation: every route of the table gets a fault in every
 * column whose rule applies to it, and none where the route cannot break the rule or the
 * catalogue does not hold its family to it; a route added to the table gets its faults with no
 * other change.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Family } from '../../../harness/model.js';
import { accountForRole } from '../../core/accounts.js';
import { interfaceTakes } from '../../core/pipeline.js';
import { json } from '../../core/respond.js';
import type { Route } from '../../types.js';
import { allFaults } from '../index.js';
import { COLUMNS, unstatedSuccess } from './columns.js';
import { generate, type Cell, type FamiliesOf } from './generate.js';
import { OPERATION_FAULTS, OPERATION_ROWS } from './index.js';
import { ROUTES, routeId, slugOf, takesJson } from './routes.js';

const catalogue = (
  JSON.parse(readFileSync(new URL('../../../specs/rules.json', import.meta.url), 'utf8')) as {
    rules: Array<{ id: string; families: Family[] }>;
  }
).rules;
const familiesOf: FamiliesOf = (rule) => catalogue.find((r) => r.id === rule)?.families;
const holds = (rule: string, family: Family) => familiesOf(rule)!.includes(family);

const cell = (route: Route, column: string): Cell =>
  OPERATION_ROWS.find((r) => r.route === routeId(route))!.cells.find((c) => c.column === column)!;
const ruleOf = (route: Route, column: string): string | undefined => {
  const c = cell(route, column);
  return 'fault' in c ? c.rule : undefined;
};

/** A route no module mounts: what a new operation of the table looks like to the generation. */
const scratch: Route = {
  method: 'POST',
  pattern: '/v1/reference/states/{state}/notes',
  family: 'reference',
  success: { rule: 'COUNTIES-200', status: [201] },
  handler: () => json({}),
};

describe('the faults generated per operation', () => {
  it('gives every route of the table a row, and every row a cell in every column', () => {
    expect(OPERATION_ROWS.map((r) => r.route)).toEqual(ROUTES.map(routeId));
    for (const row of OPERATION_ROWS) expect(row.cells.map((c) => c.column)).toEqual(COLUMNS.map((c) => c.id));
  });

  it('breaks the key rules on every route the catalogue holds to them', () => {
    for (const route of ROUTES) {
      for (const [column, rule] of [
        ['keyless-served', 'AUTH-MISSING-KEY-403'],
        ['invalid-key-served', 'AUTH-INVALID-KEY-403'],
        ['limited-as-503', 'RATE-429-TIER'],
        ['success-not-json', 'SCHEMA-SUCCESS-JSON'],
      ] as const)
        expect(ruleOf(route, column), `${column} on ${routeId(route)}`).toBe(
          holds(rule, route.family) ? rule : undefined,
        );
    }
  });

  it("skips a gated route's gate and closes an ungated one, never the other way round", () => {
    for (const route of ROUTES) {
      const gate = ruleOf(route, 'gate-skipped');
      const open = ruleOf(route, 'open-route-gated');
      if (route.gate) {
        expect(gate).toMatch(/^GATE-.*-UNAPPROVED-403$/);
        expect(open).toBeUndefined();
      } else {
        expect(gate).toBeUndefined();
        expect(cell(route, 'gate-skipped')).toEqual({ column: 'gate-skipped', reason: 'not approval-gated' });
      }
    }
    // Open routes the catalogue holds open, on an interface the unapproved key may use at all.
    const opened = ROUTES.filter((r) => ruleOf(r, 'open-route-gated') !== undefined).map(routeId);
    const open = ROUTES.filter(
      (r) => !r.gate && holds('GATE-UNGATED-OPEN', r.family) && interfaceTakes(r, accountForRole('unapproved')!),
    );
    expect(opened).toEqual(open.map(routeId));
    expect(opened).toContain('GET /v1/reference/counties');
    expect(cell(ROUTES.find((r) => r.family === 'medicare')!, 'open-route-gated')).toMatchObject({
      reason: 'its interface takes only keys with Medicare access',
    });
  });

  it("swaps a route's envelope for the other family's", () => {
    for (const route of ROUTES.filter((r) => routeId(r) !== 'GET /v1/ping'))
      expect(ruleOf(route, 'envelope-swapped')).toBe(
        route.errorShape === 'errors' ? 'ENVELOPE-ERRORS-SHAPE' : 'ENVELOPE-UNIFIED-SHAPE',
      );
  });

  it('changes a stated success status to one the statement does not allow, and only a stated one', () => {
    for (const route of ROUTES) {
      expect(ruleOf(route, 'success-status-changed')).toBe(route.success?.rule);
      if (route.success) expect(route.success.status).not.toContain(unstatedSuccess(route));
    }
  });

  it('breaks the edge rules of a body only on routes that take a JSON body', () => {
    for (const route of ROUTES)
      for (const [column, rule] of [
        ['oversize-served', 'EDGE-413'],
        ['media-type-served', 'EDGE-415'],
        ['malformed-json-422', 'EDGE-MALFORMED-JSON-400'],
      ] as const) {
        const expected = route.method !== 'GET' && holds(rule, route.family) ? rule : undefined;
        expect(ruleOf(route, column), `${column} on ${routeId(route)}`).toBe(expected);
      }
    expect(ROUTES.filter((r) => r.method === 'GET').some(takesJson)).toBe(false);
  });

  it('names the reason of every empty cell, and the catalogue where the family is not held to the rule', () => {
    const empty = OPERATION_ROWS.flatMap((r) => r.cells.filter((c): c is Cell & { reason: string } => 'reason' in c));
    expect(empty.length).toBeGreaterThan(0);
    for (const c of empty) expect(c.reason.length).toBeGreaterThan(10);
    expect(cell(ROUTES.find((r) => r.family === 'legacy-ichra')!, 'oversize-served')).toEqual({
      column: 'oversize-served',
      reason: `EDGE-413 holds for ${familiesOf('EDGE-413')!.join(', ')} only (specs/rules.json)`,
    });
  });

  it('registers every generated fault, each with its cell, its route in its name and a rule of its family', () => {
    const cells = OPERATION_ROWS.flatMap((r) => r.cells.flatMap((c) => ('fault' in c ? [c.fault] : [])));
    expect(Object.values(OPERATION_FAULTS)).toEqual(cells);
    for (const fault of cells) {
      expect(allFaults).toContain(fault);
      const route = ROUTES.find((r) => routeId(r) === fault.cell!.route)!;
      expect(fault.name).toBe(`${fault.cell!.column}-${slugOf(route)}`);
      expect(fault.family).toBe(route.family);
      expect(holds(fault.rule, fault.family)).toBe(true);
      expect(fault.summary.startsWith(fault.cell!.route)).toBe(true);
    }
  });

  it('gives a route added to the table its faults with no other change', () => {
    const { rows, faults } = generate([...ROUTES, scratch], COLUMNS, familiesOf);
    const row = rows.at(-1)!;
    expect(row.route).toBe('POST /v1/reference/states/{state}/notes');
    const rules = Object.fromEntries(row.cells.flatMap((c) => ('fault' in c ? [[c.column, c.rule]] : [])));
    expect(rules).toEqual({
      'keyless-served': 'AUTH-MISSING-KEY-403',
      'invalid-key-served': 'AUTH-INVALID-KEY-403',
      'open-route-gated': 'GATE-UNGATED-OPEN',
      'envelope-swapped': 'ENVELOPE-UNIFIED-SHAPE',
      'success-status-changed': 'COUNTIES-200',
      'success-not-json': 'SCHEMA-SUCCESS-JSON',
      'limited-as-503': 'RATE-429-TIER',
    });
    expect(Object.keys(faults)).toContain('keyless-served-post-v1-reference-states-state-notes');
  });

  it('follows the catalogue: a family the catalogue adds to a rule gets its faults', () => {
    const wider: FamiliesOf = (rule) =>
      rule === 'EDGE-413' ? [...familiesOf(rule)!, 'legacy-ichra', 'medicare'] : familiesOf(rule);
    const { rows } = generate(ROUTES, COLUMNS, wider);
    const oversized = rows.filter((r) => r.cells.some((c) => c.column === 'oversize-served' && 'fault' in c));
    expect(oversized.map((r) => r.route)).toEqual(ROUTES.filter(takesJson).map(routeId));
  });

  it('refuses a column that names a rule the catalogue does not have', () => {
    const column = { ...COLUMNS[0]!, rule: () => 'NO-SUCH-RULE' };
    expect(() => generate(ROUTES, [column], familiesOf)).toThrow(/NO-SUCH-RULE/);
  });
});
