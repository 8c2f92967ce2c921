/** The older ICHRA interface: every endpoint, and webhook deliveries to a local receiver. */
import type { Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createKit, type Kit, OTHER, waitFor } from '../probe/routes.js';
import { legacyRoutes } from './index.js';
import { APPLICATION, APTC_SAMPLE, startReceiver } from './samples.js';

let kit: Kit | undefined;
let receiver: Server | undefined;
afterEach(async () => {
  kit?.close();
  if (receiver) await new Promise((r) => receiver!.close(r));
  receiver = undefined;
});

describe('quotes and APTC estimates', () => {
  it('prices every plan for the household, cheapest first', async () => {
    kit = createKit({ modules: [legacyRoutes] });
    const r = await kit.call('POST', '/api/v1/quotes', { body: APTC_SAMPLE });
    expect(r.status).toBe(200);
    const premiums = r.body.plans.map((p: { monthly_premium: number }) => p.monthly_premium);
    expect(premiums.length).toBeGreaterThan(1);
    expect([...premiums].sort((a, b) => a - b)).toEqual(premiums);
    expect(r.body.plans[0]).not.toHaveProperty('base_rate');
  });

  it('answers the APTC sample identically under both paths', async () => {
    kit = createKit({ modules: [legacyRoutes] });
    const a = await kit.call('POST', '/api/v1/aptc_estimates', { body: APTC_SAMPLE });
    const b = await kit.call('POST', '/aptc_estimates', { body: APTC_SAMPLE });
    expect(a.status).toBe(200);
    expect(b.body).toEqual(a.body);
    expect(a.body.aptc_estimate.household_size).toBe(2);
    expect(a.body.aptc_estimate.monthly_aptc).toBeGreaterThan(0);
    const rich = await kit.call('POST', '/aptc_estimates', { body: { ...APTC_SAMPLE, household_income: 900_000 } });
    expect(rich.body.aptc_estimate.monthly_aptc).toBe(0);
  });

  it.each([
    ['zip_code', { zip_code: '958' }],
    ['plan_year', { plan_year: '2026' }],
    ['household_income', { household_income: '42000' }],
    ['applicants', { applicants: [] }],
    ['applicants[0].age', { applicants: [{ age: 'forty', relationship: 'self' }] }],
  ])('refuses a bad %s with a unified 400', async (field, extra) => {
    kit = createKit({ modules: [legacyRoutes] });
    const r = await kit.call('POST', '/api/v1/aptc_estimates', { body: { ...APTC_SAMPLE, ...extra } });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: 'invalid_request', details: { [field]: [expect.any(String)] } });
  });
});

describe('plans and deeplinks', () => {
  it('looks a plan up by HIOS id (CSR variant too) and answers 404 for an unknown one', async () => {
    kit = createKit({ modules: [legacyRoutes] });
    expect((await kit.call('GET', '/api/v1/plans/12345CA0010001')).body.plan.name).toBe('Summit Silver 2500');
    expect((await kit.call('GET', '/api/v1/plans/12345CA0010001-04')).status).toBe(200);
    const missing = await kit.call('GET', '/api/v1/plans/99999ZZ9999999');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('not_found');
  });

  it('returns a deeplink URL carrying the plan', async () => {
    kit = createKit({ modules: [legacyRoutes] });
    const r = await kit.call('POST', '/public/ichra/off_ex', {
      body: { plan_hios_id: '12345CA0010001', zip_code: '95814' },
    });
    expect(r.status).toBe(200);
    expect(new URL(r.body.url).searchParams.get('plan')).toBe('12345CA0010001');
    expect((await kit.call('POST', '/public/ichra/off_ex', { body: { plan_hios_id: 'nope' } })).status).toBe(400);
  });
});

describe('applications and webhooks', () => {
  it('creates, reads and submits; a second submit is 409; other accounts get 404', async () => {
    kit = createKit({ modules: [legacyRoutes] });
    const created = await kit.call('POST', '/api/v1/applications', { body: APPLICATION });
    expect(created.status).toBe(201);
    const id = created.body.application.id;
    expect((await kit.call('GET', `/api/v1/applications/${id}`)).body.application.status).toBe('draft');
    expect((await kit.call('GET', `/api/v1/applications/${id}`, { account: OTHER })).status).toBe(404);
    const submit = await kit.call('POST', `/api/v1/applications/${id}/submit`);
    expect(submit.status).toBe(202);
    expect(submit.body.application.confirmation_number).toMatch(/^CNF-/);
    expect((await kit.call('POST', `/api/v1/applications/${id}/submit`)).status).toBe(409);
    expect(
      (await kit.call('POST', '/api/v1/applications', { body: { ...APPLICATION, plan_hios_id: 'x' } })).status,
    ).toBe(400);
  });

  it('delivers a submission confirmation, then a policy status, to the receiver', async () => {
    const events: Array<Record<string, any>> = [];
    const r = await startReceiver(events);
    receiver = r.server;
    kit = createKit({ modules: [legacyRoutes], webhookUrl: r.url });
    const id = (await kit.call('POST', '/api/v1/applications', { body: APPLICATION })).body.application.id;
    await kit.call('POST', `/api/v1/applications/${id}/submit`);
    await waitFor(async () => (events.length >= 2 ? true : undefined));
    const byType = Object.fromEntries(events.map((e) => [e.type, e]));
    expect(byType.submission_confirmation.data).toMatchObject({ application_id: id, status: 'submitted' });
    expect(byType.policy_status.data).toMatchObject({ application_id: id, policy_status: 'pending_effectuation' });
    expect((await kit.call('GET', `/api/v1/applications/${id}`)).body.application.status).toBe('pending_effectuation');
  });

  it('swallows delivery failures to an unreachable receiver', async () => {
    kit = createKit({ modules: [legacyRoutes], webhookUrl: 'http://127.0.0.1:9/hooks' });
    const id = (await kit.call('POST', '/api/v1/applications', { body: APPLICATION })).body.application.id;
    expect((await kit.call('POST', `/api/v1/applications/${id}/submit`)).status).toBe(202);
    await new Promise((r) => setTimeout(r, 30));
  });
});
