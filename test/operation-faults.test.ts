/**
 * The reference server's route table, which the faults per operation are generated from, says
 * of every operation what the suite's operations table says: the same routes, the same approval
 * gate, the same success answer. A route the table lacks would get no fault; a success rule or a
 * gate that differs would make a fault break a rule no check of the operation holds it to.
 */
import { describe, expect, it } from 'vitest';
import { GATE_IGNORED } from '../reference/core/faults.js';
import { ROUTES, routeId } from '../reference/faults/operations/routes.js';
import { OPERATIONS } from '../suites/operations.js';

const routesOf = (op: (typeof OPERATIONS)[number]) => [op.route, ...(op.alsoAt ?? [])];
const statuses = (status: number | readonly number[]) => [status].flat();

describe("the reference server's routes and the operations table", () => {
  it('name the same operations', () => {
    expect(ROUTES.map(routeId).sort()).toEqual(OPERATIONS.flatMap(routesOf).sort());
  });

  it.each(OPERATIONS.map((op) => [op.operationId, op] as const))(
    '%s has the same gate and success answer on every route of it',
    (_id, op) => {
      for (const id of routesOf(op)) {
        const route = ROUTES.find((r) => routeId(r) === id)!;
        expect(route.gate ? GATE_IGNORED[route.gate].rule : undefined, id).toBe(op.gate);
        expect(route.success, id).toEqual(
          op.success ? { rule: op.success.rule, status: statuses(op.success.status) } : undefined,
        );
      }
    },
  );
});
