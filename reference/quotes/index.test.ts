import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../server.js';
import { client, type Call } from '../core/test-client.js';
import { quoteBody, steppingClock } from '../core/test-fixtures.js';

let server: ReferenceServer;
let call: Call;
beforeAll(async () => {
  server = await startReferenceServer({ clock: steppingClock() });
  call = client(server.url);
});
afterAll(() => server.close());

describe('quotes (4.5)', () => {
  it.each([['medical', 'on_exchange'], ['dental', 'off_exchange'], ['vision', 'on_exchange']])('returns homogeneous %s plans for %s', async (coverage_type, exchange) => {
    const res = await call('POST', '/v1/quotes', { json: quoteBody({}, { coverage_type, exchange }) });
    expect(res.status).toBe(200);
    expect(res.body.plans.length).toBeGreaterThan(0);
    for (const p of res.body.plans) expect(p).toMatchObject({ coverage_type, exchange });
  });
  it('paginates by page.number and page.size without overlap', async () => {
    const one = await call('POST', '/v1/quotes', { json: quoteBody({ page: { number: 1, size: 3 } }) });
    const two = await call('POST', '/v1/quotes', { json: quoteBody({ page: { number: 2, size: 3 } }) });
    const all = await call('POST', '/v1/quotes', { json: quoteBody({ page: { number: 1, size: 6 } }) });
    expect(one.body.plans).toHaveLength(3);
    expect([...one.body.plans, ...two.body.plans]).toEqual(all.body.plans);
    expect(one.body.meta.result_count).toBe(all.body.meta.result_count);
  });
  it('sorts by premium ascending by default', async () => {
    const premiums = (await call('POST', '/v1/quotes', { json: quoteBody() })).body.plans.map((p: { premium: number }) => p.premium);
    expect(premiums).toEqual([...premiums].sort((a, b) => a - b));
  });
  it.each([
    ['no body', undefined],
    ['two coverage types', quoteBody({}, { coverage_type: ['medical', 'dental'] })],
    ['two markets', quoteBody({}, { exchange: ['on_exchange', 'off_exchange'] })],
    ['an unknown fips_code', quoteBody({ location: { fips_code: '99999' } })],
    ['a fips_code outside the ZIP code', quoteBody({ location: { zip_code: '40202', fips_code: '47037' } })],
    ['a state that is not the county\'s', quoteBody({ location: { fips_code: '21111', state: 'TN' } })],
    ['a bad page size', quoteBody({ page: { size: 0 } })],
    ['a non-integer plan_year', quoteBody({}, { plan_year: '2026' })],
  ])('rejects %s with 400', async (_name, json) => {
    const res = await call('POST', '/v1/quotes', { json });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_request');
  });
});
