import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../server.js';
import { client, type Call } from '../probe/client.js';
import { steppingClock } from '../probe/fixtures.js';
import { npiFor } from './providers.js';

let server: ReferenceServer;
let call: Call;
beforeAll(async () => {
  server = await startReferenceServer({ clock: steppingClock('2025-06-01T00:00:00Z') });
  call = client(server.url);
});
afterAll(() => server.close());

const providers = (q: string) =>
  call('GET', `/v1/reference/providers?query=Health&zip_code=40202&exchange=on_exchange${q}`);

describe('counties (4.2)', () => {
  it('gives each county of a cross-state ZIP code the state of its own FIPS code, main county first', async () => {
    const res = await call('GET', '/v1/reference/counties?zip_code=42223');
    expect(res.body.counties).toEqual([
      { fips_code: '47125', name: 'Montgomery County', state: 'TN' },
      { fips_code: '21047', name: 'Christian County', state: 'KY' },
    ]);
  });
  it.each([
    ['', 400],
    ['?zip_code=4022', 400],
    ['?zip_code=abcde', 400],
    ['?zip_code=99999', 404],
  ])('%s → %i', async (q, status) => {
    expect((await call('GET', `/v1/reference/counties${q}`)).status).toBe(status);
  });
  it('names the refused parameter in details, a map of field to messages', async () => {
    const res = await call('GET', '/v1/reference/counties?zip_code=4022');
    expect(res.body.error).toMatchObject({
      code: 'invalid_request',
      details: { zip_code: [expect.stringMatching(/5 digits/)] },
    });
  });
});

describe('issuers (4.3)', () => {
  it('orders by name case-insensitively, ties by hios_issuer_id', async () => {
    const res = await call('GET', '/v1/reference/issuers?state=KY&plan_year=2026');
    const names = res.body.issuers.map((i: { name: string }) => i.name);
    expect(names[0]).toBe('aetna CVS Health');
    const care = res.body.issuers
      .filter((i: { name: string }) => i.name === 'CareSource')
      .map((i: { hios_issuer_id: string }) => i.hios_issuer_id);
    expect(care).toEqual(['45636', '61794']);
  });
  it('defaults plan_year to the current plan year of the clock', async () => {
    const byDefault = await call('GET', '/v1/reference/issuers?state=KY');
    const pinned = await call('GET', '/v1/reference/issuers?state=KY&plan_year=2025');
    const previous = await call('GET', '/v1/reference/issuers?state=KY&plan_year=2024');
    expect(byDefault.body).toEqual(pinned.body);
    expect(byDefault.body).not.toEqual(previous.body);
  });
  it.each([
    ['state=ky', 400],
    ['', 400],
    ['state=KYY', 400],
    ['state=KY&plan_year=2019', 400],
    ['state=KY&plan_year=2100', 400],
    ['state=KY&plan_year=x', 400],
    ['state=KY&plan_year=2020', 200],
    ['state=KY&plan_year=2099', 200],
    ['state=ZZ', 404],
    ['state=PR', 404],
  ])('%s → %i', async (q, status) => {
    const res = await call('GET', `/v1/reference/issuers?${q}`);
    expect(res.status).toBe(status);
    if (status === 400) expect(res.body.error.code).toBe('invalid_request');
    if (status === 400)
      expect(Object.values(res.body.error.details).every((m) => Array.isArray(m) && m.length > 0)).toBe(true);
  });
  it('answers for states the hand-written data lacks, from the seed table, in contract order', async () => {
    const res = await call('GET', '/v1/reference/issuers?state=HI&plan_year=2026');
    const names: string[] = res.body.issuers.map((i: { name: string }) => i.name);
    expect(names).toContain('Hawaiʻi Kōkua Health');
    expect(names).toEqual([...names].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)));
    for (const i of res.body.issuers) expect(i.hios_issuer_id).toMatch(/^15\d{3}$/);
  });
});

describe('providers (4.4)', () => {
  it('pages through every match with page[size] 50; result_count is the total', async () => {
    const pages = [
      await providers('&page[size]=50&page[number]=1'),
      await providers('&page[size]=50&page[number]=2'),
      await providers('&page[size]=50&page[number]=3'),
    ];
    const total = pages[0]!.body.meta.result_count;
    expect(total).toBeGreaterThan(100);
    const npis = pages.flatMap((p) => p.body.providers.map((x: { npi: string }) => x.npi));
    expect(new Set(npis).size).toBe(total);
    for (const p of pages) expect(p.body.meta.result_count).toBe(total);
  });
  it('clamps page[number] below 1 to 1 and page[size] outside 1..50 to 50; defaults 1 and 50', async () => {
    expect((await providers('&page[number]=0')).body.meta.page_number).toBe(1);
    expect((await providers('&page[number]=-3')).body.meta.page_number).toBe(1);
    for (const size of ['0', '51', '500', '-1'])
      expect((await providers(`&page[size]=${size}`)).body.meta.page_size).toBe(50);
    const plain = await providers('');
    expect(plain.body.meta).toMatchObject({ page_number: 1, page_size: 50 });
    expect(plain.body.providers).toHaveLength(50);
  });
  it('answers an empty search with [] and result_count 0', async () => {
    const res = await call('GET', '/v1/reference/providers?query=zzzz&zip_code=40202&exchange=off_exchange');
    expect(res.body).toEqual({ providers: [], meta: { page_number: 1, page_size: 50, result_count: 0 } });
  });
  it.each([
    'zip_code=40202&exchange=on_exchange',
    'query=&zip_code=40202&exchange=on_exchange',
    'query=a&exchange=on_exchange',
    'query=a&zip_code=402&exchange=on_exchange',
    'query=a&zip_code=40202',
    'query=a&zip_code=40202&exchange=both',
  ])('rejects %s with 400', async (q) => {
    expect((await call('GET', `/v1/reference/providers?${q}`)).status).toBe(400);
  });
  it('finds providers near a ZIP code of any region, at real ZIP codes of that area', async () => {
    const res = await call('GET', '/v1/reference/providers?query=Smith&zip_code=85001&exchange=on_exchange');
    expect(res.body.meta.result_count).toBeGreaterThan(0);
    for (const p of res.body.providers)
      expect(p).toMatchObject({
        last_name: 'Smith',
        state: 'AZ',
        city: 'Phoenix',
        zip_code: expect.stringMatching(/^850/),
      });
  });
  it('keeps the Louisville fixture exact: Health near 40202 is 120 providers in pages of 50, 50 and 20', async () => {
    const sizes = [];
    for (const n of [1, 2, 3]) sizes.push((await providers(`&page[number]=${n}`)).body.providers.length);
    expect(sizes).toEqual([50, 50, 20]);
  });
  it('computes NPI check digits with the Luhn rule over the 80840 prefix', () => {
    expect(npiFor('123456789')).toBe('1234567893');
  });
});
