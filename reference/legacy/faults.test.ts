/** Every older-ICHRA fault changes what a client (or the webhook receiver) observes. */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from 'node:http';
import { createKit, type Kit } from '../enrollments/test-kit.js';
import { faults } from './faults.js';
import { legacyRoutes } from './index.js';
import { APPLICATION, APTC_SAMPLE, startReceiver } from './samples.js';

type Probe = (k: Kit) => Promise<unknown>;

const events: Array<Record<string, any>> = [];
let receiver: { server: Server; url: string };
beforeAll(async () => {
  receiver = await startReceiver(events);
});
afterAll(() => new Promise<void>((r) => receiver.server.close(() => r())));

/** Event types the receiver got for one submitted application, after processing settled. */
async function webhookTypes(k: Kit): Promise<string[]> {
  const id = (await k.call('POST', '/api/v1/applications', { body: APPLICATION })).body.application.id;
  await k.call('POST', `/api/v1/applications/${id}/submit`);
  await new Promise((r) => setTimeout(r, 80));
  return events.filter((e) => e.data.application_id === id).map((e) => e.type).sort();
}

const PROBES: Record<string, Probe> = {
  'legacy-quotes-empty-204': async (k) => (await k.call('POST', '/api/v1/quotes', { body: APTC_SAMPLE })).status,
  'legacy-aptc-income-as-string': async (k) => (await k.call('POST', '/api/v1/aptc_estimates', { body: APTC_SAMPLE })).status,
  'legacy-aptc-alias-missing': async (k) => (await k.call('POST', '/aptc_estimates', { body: APTC_SAMPLE })).status,
  'legacy-plan-known-404': async (k) => (await k.call('GET', '/api/v1/plans/12345CA0010001')).status,
  'legacy-plan-unknown-200': async (k) => (await k.call('GET', '/api/v1/plans/99999ZZ9999999')).status,
  'legacy-deeplink-no-url': async (k) => typeof (await k.call('POST', '/public/ichra/off_ex', { body: {} })).body.url,
  'legacy-application-no-id': async (k) => typeof (await k.call('POST', '/api/v1/applications', { body: APPLICATION })).body.application.id,
  'legacy-application-read-404': async (k) => {
    const id = (await k.call('POST', '/api/v1/applications', { body: APPLICATION })).body.application.id;
    return (await k.call('GET', `/api/v1/applications/${id}`)).status;
  },
  'legacy-submit-refused': async (k) => {
    const id = (await k.call('POST', '/api/v1/applications', { body: APPLICATION })).body.application.id;
    return (await k.call('POST', `/api/v1/applications/${id}/submit`)).status;
  },
  'legacy-webhook-submission-missing': webhookTypes,
  'legacy-webhook-policy-status-missing': webhookTypes,
};

async function observe(probe: Probe, faultName?: string): Promise<unknown> {
  const fault = faults.find((f) => f.name === faultName);
  const kit = createKit({ modules: [legacyRoutes], webhookUrl: receiver.url, ...(fault ? { fault } : {}) });
  try {
    return await probe(kit);
  } finally {
    kit.close();
  }
}

const ruleIds = new Set((JSON.parse(readFileSync(new URL('../../specs/rules.json', import.meta.url), 'utf8')).rules as Array<{ id: string }>).map((r) => r.id));

describe('older ICHRA faults', () => {
  it('each has a probe and names one rule of the catalogue', () => {
    expect(Object.keys(PROBES).sort()).toEqual(faults.map((f) => f.name).sort());
    for (const f of faults) {
      expect(f.rules).toHaveLength(1);
      expect(ruleIds.has(f.rules[0]), f.rules[0]).toBe(true);
      expect(f.family).toBe('legacy-ichra');
    }
  });

  it.each(faults.map((f) => [f.name, f.rules[0]]))('%s changes what a client observes (%s)', async (name) => {
    const clean = await observe(PROBES[name]);
    const faulty = await observe(PROBES[name], name);
    expect(faulty).not.toEqual(clean);
  });
});
