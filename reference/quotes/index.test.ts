import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaProblems } from '../core/request-schemas.js';
import { startReferenceServer, type ReferenceServer } from '../server.js';
import { client, type Call } from '../probe/client.js';
import { steppingClock } from '../probe/fixtures.js';
import { documentQuoteExample, KY_LOCATION, quoteRequestBody } from './sample.js';

let server: ReferenceServer;
let call: Call;
beforeAll(async () => {
  server = await startReferenceServer({ clock: steppingClock() });
  call = client(server.url);
});
afterAll(() => server.close());

const quote = (json: unknown) => call('POST', '/v1/quotes', { json });
const ky = (overrides: Parameters<typeof quoteRequestBody>[0] = {}) =>
  quoteRequestBody({ location: KY_LOCATION, ...overrides });
type Plan = {
  plan_id: string;
  coverage_type: string;
  context: { exchange: string };
  pricing: { gross_premium: number };
  issuer: { issuer_id: string };
};

describe("quotes (4.5) in the provider document's shapes", () => {
  it(
    "answers the document's own example request (GA 30301, Fulton 13121, 2026) with 200, plans and " +
      'a QuoteResponse',
    async () => {
      const res = await quote(documentQuoteExample());
      expect(res.status).toBe(200);
      expect(res.body.plans.length).toBeGreaterThan(0);
      expect(schemaProblems('QuoteResponse', res.body)).toEqual([]);
      expect(res.body.meta).toMatchObject({ page_number: 1, page_size: 20, warnings: [] });
      for (const p of res.body.plans as Plan[]) expect(p.plan_id).toMatch(/^\d{5}GA\d{7}$/);
    },
  );

  it.each([
    ['medical', 'medical', 'on_exchange'],
    ['ancillary', 'dental', 'off_exchange'],
    ['ancillary', 'vision', 'on_exchange'],
  ])('returns homogeneous %s/%s plans for %s', async (coverage_family, coverage_type, exchange) => {
    const res = await quote(ky({ context: { coverage_family, coverage_type, exchange } }));
    expect(res.status).toBe(200);
    expect(res.body.plans.length).toBeGreaterThan(0);
    expect(schemaProblems('QuoteResponse', res.body)).toEqual([]);
    for (const p of res.body.plans as Plan[])
      expect(p).toMatchObject({ coverage_type, context: { exchange, coverage_type } });
  });

  it('paginates by page.number and page.size without overlap; result_count is every match', async () => {
    const one = await quote(ky({ page: { number: 1, size: 3 } }));
    const two = await quote(ky({ page: { number: 2, size: 3 } }));
    const all = await quote(ky({ page: { number: 1, size: 6 } }));
    expect(one.body.plans).toHaveLength(3);
    expect([...one.body.plans, ...two.body.plans]).toEqual(all.body.plans);
    expect(one.body.meta.result_count).toBe(all.body.meta.result_count);
    expect(one.body.meta.result_count).toBeGreaterThan(6);
  });

  it('sorts by premium ascending by default and filters by issuer_ids', async () => {
    const premiums = (await quote(ky())).body.plans.map((p: Plan) => p.pricing.gross_premium);
    expect(premiums).toEqual([...premiums].sort((a: number, b: number) => a - b));
    const only = await quote(ky({ filters: { issuer_ids: ['36239'] } }));
    expect(only.body.plans.map((p: Plan) => p.issuer.issuer_id)).toEqual(['36239', '36239', '36239', '36239']);
  });

  it('warns, without refusing, about the deprecated include and an unsupported sort field', async () => {
    const res = await quote(ky({ include: ['benefits'], sort: { field: 'popularity', direction: 'asc' } }));
    expect(res.status).toBe(200);
    expect(res.body.meta.warnings).toHaveLength(2);
  });

  it("quotes a county on the far side of a state line with that county's state", async () => {
    const res = await quote(quoteRequestBody({ location: { zip_code: '42223', fips_code: '47125', state: 'TN' } }));
    expect(res.status).toBe(200);
    for (const p of res.body.plans as Plan[]) expect(p.plan_id.slice(5, 7)).toBe('TN');
  });

  const withoutApplicantMember = (member: string) => {
    const body = ky();
    delete body.household.applicants[0][member];
    return body;
  };
  it.each([
    ['no body', undefined, 'body'],
    ['two coverage types', ky({ context: { coverage_type: ['medical', 'dental'] } }), 'context.coverage_type'],
    ['two markets', ky({ context: { exchange: ['on_exchange', 'off_exchange'] } }), 'context.exchange'],
    [
      'no product',
      (() => {
        const b = ky();
        delete b.context.product;
        return b;
      })(),
      'context.product',
    ],
    [
      'no coverage_family',
      (() => {
        const b = ky();
        delete b.context.coverage_family;
        return b;
      })(),
      'context.coverage_family',
    ],
    ['an unknown coverage_family', ky({ context: { coverage_family: 'health' } }), 'context.coverage_family'],
    ['an applicant without member_id', withoutApplicantMember('member_id'), 'household.applicants[0].member_id'],
    [
      'an applicant without relationship',
      withoutApplicantMember('relationship'),
      'household.applicants[0].relationship',
    ],
    [
      'an applicant without uses_tobacco',
      withoutApplicantMember('uses_tobacco'),
      'household.applicants[0].uses_tobacco',
    ],
    [
      'relationship self',
      ky({ household: { applicants: [{ member_id: 'a', age: 40, relationship: 'self', uses_tobacco: false }] } }),
      'household.applicants[0].relationship',
    ],
    [
      'no household_size',
      (() => {
        const b = ky();
        delete b.household.household_size;
        return b;
      })(),
      'household.household_size',
    ],
    ['a member outside the schema', ky({ padding: 'x' }), 'padding'],
    [
      'a nested member outside the schema',
      ky({ location: { ...KY_LOCATION, county: 'Jefferson' } }),
      'location.county',
    ],
    ['an unknown fips_code', ky({ location: { ...KY_LOCATION, fips_code: '99999' } }), 'location.fips_code'],
    [
      'a fips_code outside the ZIP code',
      ky({ location: { zip_code: '40202', fips_code: '47037' } }),
      'location.zip_code',
    ],
    ["a state that is not the county's", ky({ location: { ...KY_LOCATION, state: 'TN' } }), 'location.state'],
    ['a page size of 0', ky({ page: { number: 1, size: 0 } }), 'page.size'],
    ['a page size above 500', ky({ page: { number: 1, size: 501 } }), 'page.size'],
    ['a non-integer plan_year', ky({ context: { plan_year: '2026' } }), 'context.plan_year'],
  ])('rejects %s with 400 naming %s in details', async (_name, json, field) => {
    const res = await quote(json);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_request');
    expect(res.body.error.details[field], JSON.stringify(res.body.error.details)).toEqual([expect.any(String)]);
  });
});
