import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../server.js';
import { client, type Call } from '../core/test-client.js';
import { steppingClock } from '../core/test-fixtures.js';
import { npiFor } from './providers.js';

let server: ReferenceServer;
let call: Call;
beforeAll(async () => {
  server = await startReferenceServer({ clock: steppingClock('2025-06-01T00:00:00Z') });
  call = client(server.url);
});
afterAll(() => server.close());

const providers = (q: string) => call('GET', `/v1/reference/providers?query=Health&zip_code=40202&exchange=on_exchange${q}`);

describe('counties (4.2)', () => {
  it('gives each county of a cross-state ZIP code the state of its own FIPS code', async () => {
    const res = await call('GET', '/v1/reference/counties?zip_code=42223');
    expect(res.body.counties).toEqual([
      { fips_code: '21047', name: 'Christian County', state: 'KY' },
      { fips_code: '47125', name: 'Montgomery County', state: 'TN' },
    ]);
  });
  it.each([['', 400], ['?zip_code=4022', 400], ['?zip_code=abcde', 400], ['?zip_code=99999', 404]])('%s → %i', async (q, status) => {
    expect((await call('GET', `/v1/reference/counties${q}`)).status).toBe(status);
  });
});

describe('issuers (4.3)', () => {
  it('orders by name case-insensitively, ties by hios_issuer_id', async () => {
    const res = await call('GET', '/v1/reference/issuers?state=KY&plan_year=2026');
    const names = res.body.issuers.map((i: { name: string }) => i.name);
    expect(names[0]).toBe('aetna CVS Health');
    const care = res.body.issuers.filter((i: { name: string }) => i.name === 'CareSource').map((i: { hios_issuer_id: string }) => i.hios_issuer_id);
    expect(care).toEqual(['45636', '61794']);
  });
  it('defaults plan_year to the current plan year of the clock', async () => {
    const byDefault = await call('GET', '/v1/reference/issuers?state=KY');
    const pinned = await call('GET', '/v1/reference/issuers?state=KY&plan_year=2025');
    const previous = await call('GET', '/v1/reference/issuers?state=KY&plan_year=2024');
    expect(byDefault.body).toEqual(pinned.body);
    expect(byDefault.body).not.toEqual(previous.body);
  });
  it.each([['state=ky', 400], ['', 400], ['state=KYY', 400], ['state=KY&plan_year=2019', 400], ['state=KY&plan_year=2100', 400], ['state=KY&plan_year=x', 400], ['state=KY&plan_year=2020', 200], ['state=KY&plan_year=2099', 200], ['state=ZZ', 404]])('%s → %i', async (q, status) => {
    const res = await call('GET', `/v1/reference/issuers?${q}`);
    expect(res.status).toBe(status);
    if (status === 400) expect(res.body.error.code).toBe('invalid_request');
  });
});

describe('providers (4.4)', () => {
  it('pages through every match with page[size] 50; result_count is the total', async () => {
    const pages = [await providers('&page[size]=50&page[number]=1'), await providers('&page[size]=50&page[number]=2'), await providers('&page[size]=50&page[number]=3')];
    const total = pages[0]!.body.meta.result_count;
    expect(total).toBeGreaterThan(100);
    const npis = pages.flatMap((p) => p.body.providers.map((x: { npi: string }) => x.npi));
    expect(new Set(npis).size).toBe(total);
    for (const p of pages) expect(p.body.meta.result_count).toBe(total);
  });
  it('clamps page[number] below 1 to 1 and page[size] outside 1..50 to 50; defaults 1 and 50', async () => {
    expect((await providers('&page[number]=0')).body.meta.page_number).toBe(1);
    expect((await providers('&page[number]=-3')).body.meta.page_number).toBe(1);
    for (const size of ['0', '51', '500', '-1']) expect((await providers(`&page[size]=${size}`)).body.meta.page_size).toBe(50);
    const plain = await providers('');
    expect(plain.body.meta).toMatchObject({ page_number: 1, page_size: 50 });
    expect(plain.body.providers).toHaveLength(50);
  });
  it('answers an empty search with [] and result_count 0', async () => {
    const res = await call('GET', '/v1/reference/providers?query=zzzz&zip_code=40202&exchange=off_exchange');
    expect(res.body).toEqual({ providers: [], meta: { page_number: 1, page_size: 50, result_count: 0 } });
  });
  it.each(['zip_code=40202&exchange=on_exchange', 'query=&zip_code=40202&exchange=on_exchange', 'query=a&exchange=on_exchange', 'query=a&zip_code=402&exchange=on_exchange', 'query=a&zip_code=40202', 'query=a&zip_code=40202&exchange=both'])('rejects %s with 400', async (q) => {
    expect((await call('GET', `/v1/reference/providers?${q}`)).status).toBe(400);
  });
  it('computes NPI check digits with the Luhn rule over the 80840 prefix', () => {
    expect(npiFor('123456789')).toBe('1234567893');
  });
});
