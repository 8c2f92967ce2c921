import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { faults as coreFaults } from '../core/faults.js';
import { client } from '../core/test-client.js';
import { fakeClock, steppingClock } from '../core/test-fixtures.js';
import { faults as policyFaults } from '../policy-status/faults.js';
import { faults as quoteFaults } from '../quotes/faults.js';
import { faults as referenceFaults } from '../reference-data/faults.js';
import { startReferenceServer } from '../server.js';
import { faults as sessionFaults } from '../sessions/faults.js';
import { faults as utilityFaults } from '../utility/faults.js';
import { allFaults } from './index.js';
import { probes, type Probe } from './probes.js';

const own = [...coreFaults, ...utilityFaults, ...referenceFaults, ...quoteFaults, ...sessionFaults, ...policyFaults];
// Faults of the other families that the core checks: only a whole server shows them, so their
// probes live here rather than beside their family's route-module probes.
const serverOnly = allFaults.filter((f) => !own.includes(f) && probes[f.name]);
const probed = [...own, ...serverOnly];
const ruleIds = new Set((JSON.parse(readFileSync(new URL('../../specs/rules.json', import.meta.url), 'utf8')) as { rules: Array<{ id: string }> }).rules.map((r) => r.id));

async function observe(probe: Probe, fault?: string): Promise<string> {
  const fixed = fakeClock();
  const server = await startReferenceServer({ clock: probe.fixedClock ? fixed.now : steppingClock(), ...(fault ? { fault } : {}) });
  try {
    return JSON.stringify(await probe.run({ call: client(server.url), advance: fixed.advance }));
  } finally {
    await server.close();
  }
}

describe('fault catalogue', () => {
  it('names each fault once and only rules of specs/rules.json', () => {
    expect(new Set(allFaults.map((f) => f.name)).size).toBe(allFaults.length);
    for (const f of allFaults) {
      expect(f.rules.length, f.name).toBe(1);
      for (const rule of f.rules) expect(ruleIds.has(rule), `${f.name} names unknown rule ${rule}`).toBe(true);
    }
  });

  it('has a probe for every fault of these families', () => {
    expect(own.length).toBeGreaterThanOrEqual(35);
    expect(own.map((f) => f.name).filter((n) => !probes[n])).toEqual([]);
  });

  it('has no probe for a fault that does not exist', () => {
    expect(Object.keys(probes).filter((n) => !probed.some((f) => f.name === n))).toEqual([]);
  });

  it.each(probed.map((f) => [f.name, f.rules[0]!] as const))('%s changes what a client observes (%s)', async (name) => {
    const probe = probes[name]!;
    const clean = await observe(probe);
    const faulty = await observe(probe, name);
    expect(faulty, `${name}: clean and faulty servers answered alike: ${clean}`).not.toBe(clean);
  });
});
