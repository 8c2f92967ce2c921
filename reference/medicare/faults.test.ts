/** Every Medicare fault changes what a client observes. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createKit, type Kit } from '../enrollments/test-kit.js';
import { probes as serverProbes } from '../faults/probes.js';
import { faults as table } from './faults.js';
import { medicareRoutes } from './index.js';
import { MEDICARE_FIXTURES as M } from './samples.js';

type Probe = (k: Kit) => Promise<unknown>;
/** Faults the core checks are probed through a whole server, in reference/faults/probes.ts. */
const faults = table.filter((f) => !serverProbes[f.name]);
const patch = (k: Kit, id: string, body: unknown) => k.call('PATCH', `/v1/contacts/${id}`, { body });

const PROBES: Record<string, Probe> = {
  'medicare-response-unwrapped': async (k) => Object.keys((await patch(k, M.medicareContactId, { agent_email: M.medicareAgentEmail })).body),
  'medicare-notes-returned': async (k) => 'notes' in (await patch(k, M.medicareContactId, { agent_email: M.medicareAgentEmail })).body.data.contact,
  'medicare-omitted-fields-cleared': async (k) =>
    (await patch(k, M.medicareContactId, { agent_email: M.medicareAgentEmail, contact: { city: 'Mesa' } })).body.data.contact.first_name,
  'medicare-agent-email-unchecked': async (k) => (await patch(k, M.medicareContactId, { agent_email: 'rivera' })).status,
  'medicare-date-format-unchecked': async (k) => (await patch(k, M.medicareContactId, { agent_email: M.medicareAgentEmail, contact: { birth_date: '1957-04-12' } })).status,
  'medicare-booleans-as-strings': async (k) => typeof (await patch(k, M.medicareContactId, { agent_email: M.medicareAgentEmail })).body.data.contact.extra_help,
  'medicare-unknown-contact-200': async (k) => (await patch(k, 'ct_9999', { agent_email: M.medicareAgentEmail })).status,
};

async function observe(probe: Probe, faultName?: string): Promise<unknown> {
  const fault = faults.find((f) => f.name === faultName);
  const kit = createKit({ modules: [medicareRoutes], ...(fault ? { fault } : {}) });
  try {
    return await probe(kit);
  } finally {
    kit.close();
  }
}

const ruleIds = new Set((JSON.parse(readFileSync(new URL('../../specs/rules.json', import.meta.url), 'utf8')).rules as Array<{ id: string }>).map((r) => r.id));

describe('Medicare faults', () => {
  it('each has a probe and names one rule of the catalogue', () => {
    expect(Object.keys(PROBES).sort()).toEqual(faults.map((f) => f.name).sort());
    for (const f of table) {
      expect(f.rules).toHaveLength(1);
      expect(ruleIds.has(f.rules[0]), f.rules[0]).toBe(true);
      expect(f.family).toBe('medicare');
    }
  });

  it.each(faults.map((f) => [f.name, f.rules[0]]))('%s changes what a client observes (%s)', async (name) => {
    expect(await observe(PROBES[name], name)).not.toEqual(await observe(PROBES[name]));
  });
});
