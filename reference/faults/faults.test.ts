/**
 * Every fault whose probe needs a whole server (the core takes part: keys, rate limits, edge
 * rules, idempotency, gates; or the family's handlers are reached over HTTP) changes what a
 * client observes: its probe, run on a clean server and on one with the fault on, sees two
 * different answers.
 */
import { describe, expect, it } from 'vitest';
import type { ServerProbeContext } from '../core/probe.js';
import { client } from '../probe/client.js';
import { fakeClock, steppingClock } from '../probe/fixtures.js';
import { startReferenceServer } from '../server.js';
import { allFaults } from './index.js';

interface ServerProbe {
  fixedClock: boolean;
  run(ctx: ServerProbeContext): Promise<unknown>;
}

// The faults generated per operation are probed with every route they leave alone (operations/probes.test.ts).
const probed = allFaults.flatMap((f) => (f.probe.target === 'server' && !f.cell ? [{ fault: f, probe: f.probe }] : []));

async function observe(probe: ServerProbe, fault?: string): Promise<string> {
  const fixed = fakeClock();
  const server = await startReferenceServer({
    clock: probe.fixedClock ? fixed.now : steppingClock(),
    ...(fault ? { fault } : {}),
  });
  try {
    return JSON.stringify(await probe.run({ call: client(server.url), advance: fixed.advance }));
  } finally {
    await server.close();
  }
}

describe('faults seen through a whole server', () => {
  it("probes the core's faults and those of the families reached over HTTP", () => {
    const families = new Set(probed.map((p) => p.fault.family));
    expect([...families].sort()).toEqual([
      'enrollment-sessions',
      'enrollments',
      'medicare',
      'policy-status',
      'quotes',
      'reference',
      'utility',
    ]);
  });

  it.each(probed.map((p) => [p.fault.name, p.fault.rule, p.probe] as const))(
    '%s changes what a client observes (%s)',
    async (name, _rule, probe) => {
      const clean = await observe(probe);
      const faulty = await observe(probe, name);
      expect(faulty, `${name}: clean and faulty servers answered alike: ${clean}`).not.toBe(clean);
    },
  );
});
