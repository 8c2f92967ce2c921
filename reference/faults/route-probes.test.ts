/**
 * Every fault probed on its family's route modules alone (direct enrollment, older ICHRA,
 * Medicare: behaviour deep in a handler, reached without the core's keys, rate limits and
 * idempotency) changes what a client observes: clean and faulty kits answer differently.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Family } from '../../harness/model.js';
import type { Fault } from '../core/switch.js';
import { createKit, type Inbox, type Kit, type KitOptions } from '../probe/routes.js';
import { enrollmentRoutes } from '../enrollments/index.js';
import { legacyRoutes } from '../legacy/index.js';
import { startReceiver } from '../legacy/samples.js';
import { medicareRoutes } from '../medicare/index.js';
import { allFaults } from './index.js';

type Rig = Omit<KitOptions, 'fault' | 'inbox'> & { withInbox?: boolean };

/** How each family's kit is built; `withInbox`: its probes read the webhooks it sends. */
const RIGS: Partial<Record<Family, Rig>> = {
  enrollments: { modules: [enrollmentRoutes], seed: { enrollments: 60 } },
  'legacy-ichra': { modules: [legacyRoutes], withInbox: true },
  medicare: { modules: [medicareRoutes] },
};

const probed = allFaults.flatMap((f) => (f.probe.target === 'routes' ? [{ fault: f, run: f.probe.run }] : []));

const receivers: Array<() => void> = [];
afterAll(() => {
  for (const close of receivers) close();
});

/** A fresh webhook receiver per kit, so two kits never see each other's events. */
async function inbox(): Promise<Inbox> {
  const events: Array<Record<string, any>> = [];
  const { server, url } = await startReceiver(events);
  receivers.push(() => server.close());
  return { url, events };
}

async function observe(rig: Rig, run: (k: Kit) => Promise<unknown>, fault?: Fault): Promise<unknown> {
  const { withInbox, ...options } = rig;
  const kit = createKit({ ...options, ...(withInbox ? { inbox: await inbox() } : {}), ...(fault ? { fault } : {}) });
  try {
    return await run(kit);
  } finally {
    kit.close();
  }
}

describe('faults seen on the route modules', () => {
  it('has a kit for every family probed this way', () => {
    expect(probed.filter((p) => !RIGS[p.fault.family]).map((p) => p.fault.name)).toEqual([]);
    expect([...new Set(probed.map((p) => p.fault.family))].sort()).toEqual(['enrollments', 'legacy-ichra', 'medicare']);
  });

  it.each(probed.map((p) => [p.fault.name, p.fault.rule, p] as const))(
    '%s changes what a client observes (%s)',
    async (_name, _rule, { fault, run }) => {
      const rig = RIGS[fault.family]!;
      const [clean, faulty] = await Promise.all([observe(rig, run), observe(rig, run, fault)]);
      expect(faulty).not.toEqual(clean);
    },
  );
});
