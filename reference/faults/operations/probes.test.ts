/**
 * Every fault generated per operation changes what a client sees of its own route, and of no
 * other. Its column's probe, run on every route of the table against a clean server and
 * against one with the fault on, differs on the fault's route alone. Where only a success shows
 * the fault (its probe walks the family's stop of the tour), the probe differs on its route, and
 * its rewrite leaves every other route's successes as they were.
 */
import { describe, expect, it } from 'vitest';
import type { Probe } from '../../core/probe.js';
import type { Fault } from '../../core/switch.js';
import { client } from '../../probe/client.js';
import { fakeClock, steppingClock } from '../../probe/fixtures.js';
import { startReferenceServer } from '../../server.js';
import type { RouteResult } from '../../types.js';
import { allFaults } from '../index.js';
import { COLUMNS, type Column } from './columns.js';
import { successes } from './probes.js';
import { pathOf, ROUTES, routeId } from './routes.js';

const generated = allFaults.filter((f): f is Fault & { cell: NonNullable<Fault['cell']> } => f.cell !== undefined);
const columnOf = (f: (typeof generated)[number]): Column => COLUMNS.find((c) => c.id === f.cell.column)!;
const toured = (c: Column): boolean => c.probe === successes;

/** Each probe in turn on one server (clean, or with `fault` on): what a client saw, probe by probe. */
async function observe(probes: readonly Probe[], fault?: string): Promise<string[]> {
  const fixed = fakeClock();
  const server = await startReferenceServer({
    clock: probes.every((p) => p.target === 'server' && p.fixedClock) ? fixed.now : steppingClock(),
    ...(fault ? { fault } : {}),
  });
  try {
    const call = client(server.url);
    const seen: string[] = [];
    for (const probe of probes) {
      if (probe.target !== 'server') throw new Error('a fault per operation is probed through a whole server');
      seen.push(JSON.stringify(await probe.run({ call, advance: fixed.advance })));
    }
    return seen;
  } finally {
    await server.close();
  }
}

/** Observations once per clean server: the same for every fault of a column. */
const clean = new Map<unknown, Promise<string[]>>();
const cleanOf = (key: unknown, probes: readonly Probe[]) => {
  if (!clean.has(key)) clean.set(key, observe(probes));
  return clean.get(key)!;
};

/** The routes whose probe saw a difference with `fault` on. */
async function changedRoutes(column: Column, fault: string): Promise<string[]> {
  const probes = ROUTES.map((r) => column.probe(r));
  const [before, after] = await Promise.all([cleanOf(column, probes), observe(probes, fault)]);
  return ROUTES.flatMap((r, i) => (before[i] === after[i] ? [] : [routeId(r)]));
}

/** A success of `status` on each route, as the rewrite of `fault` leaves it. */
function rewrittenSuccesses(fault: Fault): string[] {
  return ROUTES.filter((route) =>
    (route.success?.status ?? [200]).some((status) => {
      const res: RouteResult = { status, body: { ok: true }, headers: { 'Content-Type': 'application/json' } };
      const out = fault.rewrite!({ method: route.method, path: pathOf(route), headers: {}, query: {} }, res);
      return JSON.stringify(out) !== JSON.stringify(res);
    }),
  ).map(routeId);
}

describe('faults generated per operation', () => {
  it('are probed with a column each, and are many', () => {
    expect(generated.every((f) => COLUMNS.some((c) => c.id === f.cell.column))).toBe(true);
    expect(generated.length).toBeGreaterThan(ROUTES.length * 5);
  });

  const requested = generated.filter((f) => !toured(columnOf(f)));
  it.each(requested.map((f) => [f.name, f.cell.route, f] as const))(
    '%s changes what a client sees of %s and of no other route',
    async (_name, route, fault) => {
      expect(await changedRoutes(columnOf(fault), fault.name)).toEqual([route]);
    },
  );

  const successOnly = generated.filter((f) => toured(columnOf(f)));
  it.each(successOnly.map((f) => [f.name, f.cell.route, f] as const))(
    '%s changes the successes of %s and of no other route',
    async (_name, route, fault) => {
      const [before, after] = await Promise.all([
        cleanOf(fault.probe, [fault.probe]),
        observe([fault.probe], fault.name),
      ]);
      expect(after[0], `${fault.name}: a success of ${route} looked the same: ${before[0]}`).not.toBe(before[0]);
      expect(JSON.parse(before[0]!)).not.toEqual([]);
      expect(rewrittenSuccesses(fault)).toEqual([route]);
    },
  );
});
