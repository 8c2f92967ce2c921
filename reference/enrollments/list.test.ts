/** GET /v1/enrollments (4.9): required routing, filters, paging and unsupported parameters. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKit, type Kit, OTHER } from '../probe/routes.js';
import { ENROLLMENT_FIXTURES as F, validCreateBody } from './fixtures.js';
import { ENROLLMENT_FAULTS as F_SWITCHES } from './faults.js';
import { enrollmentRoutes } from './index.js';
import { POLICY_STATUSES } from '../../harness/model.js';

const BASE = '/v1/enrollments?product=ichra&exchange=off_exchange';
let kit: Kit;

beforeEach(() => {
  kit = createKit({ modules: [enrollmentRoutes], seed: { enrollments: 120 } });
});
afterEach(() => kit.close());

const list = (params = '') => kit.call('GET', BASE + params);
const ids = (rows: Array<{ application_id: string }>) => rows.map((r) => r.application_id);

describe('routing and parameters', () => {
  it.each([
    ['/v1/enrollments?exchange=off_exchange', 'product'],
    ['/v1/enrollments?product=ichra', 'exchange'],
    ['/v1/enrollments?product=aca&exchange=off_exchange', 'product'],
  ])('refuses %s with 400 naming %s', async (url, field) => {
    const r = await kit.call('GET', url);
    expect(r.status).toBe(400);
    expect(r.body.errors[0].field).toBe(field);
  });

  it('refuses an unsupported parameter with 400 invalid_request', async () => {
    const r = await list('&page=2');
    expect(r.status).toBe(400);
    expect(r.body.errors[0]).toMatchObject({ code: 'invalid_request', field: 'page' });
  });

  it.each([
    '&limit=0',
    '&limit=101',
    '&limit=ten',
    '&offset=-1',
    '&offset=x',
    '&policy_status=active',
    '&plan_year=26',
    '&updated_since=yesterday',
  ])('refuses %s with 400', async (params) => {
    expect((await list(params)).status).toBe(400);
  });
});

describe('paging', () => {
  it(
    "defaults to limit 25 and offset 0 with pagination, rows in the document's " + 'ApplicationListItem shape',
    async () => {
      const r = await list();
      expect(r.status).toBe(200);
      expect(r.body.applications).toHaveLength(25);
      expect(r.body.pagination).toEqual({ limit: 25, offset: 0, total: 120 });
      expect(r.body.applications[0]).toEqual({
        application_id: 'enr_seed_000001',
        external_id: 'seed-1',
        employer_external_id: 'employer-2',
        plan_year: '2026',
        plan_hios_id: '12345CA0010002',
        exchange_type: 'off_exchange',
        policy_status: 'draft',
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
    },
  );

  it('accepts limit 1 and 100, and pages agree with one larger page', async () => {
    expect((await list('&limit=1')).body.applications).toHaveLength(1);
    expect((await list('&limit=100')).body.applications).toHaveLength(100);
    const a = await list('&limit=10&offset=0');
    const b = await list('&limit=10&offset=10');
    const both = await list('&limit=20');
    expect([...ids(a.body.applications), ...ids(b.body.applications)]).toEqual(ids(both.body.applications));
    expect((await list('&offset=500')).body.applications).toEqual([]);
  });
});

describe('filters', () => {
  it.each(POLICY_STATUSES)('policy_status=%s returns only that state', async (status) => {
    const rows = (await list(`&policy_status=${status}&limit=100`)).body.applications;
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.policy_status).toBe(status);
  });

  it.each([
    ['external_id', 'seed-7', (r: any) => r.external_id],
    ['plan_year', '2026', (r: any) => r.plan_year],
    ['plan_hios_id', F.planLimited, (r: any) => r.plan_hios_id],
    ['issuer_hios_id', F.planFull.slice(0, 5), (r: any) => r.plan_hios_id.slice(0, 5)],
    ['employer_external_id', 'employer-3', (r: any) => r.employer_external_id],
  ])('%s=%s keeps only matching rows', async (name, value, pick) => {
    const r = await list(`&${name}=${encodeURIComponent(value)}&limit=100`);
    expect(r.body.pagination.total).toBeGreaterThan(0);
    expect(r.body.pagination.total).toBeLessThan(120);
    for (const row of r.body.applications) expect(pick(row)).toBe(value);
  });

  it('updated_since is strictly after', async () => {
    const all = (await list('&limit=100')).body.applications;
    const pivot = all[50];
    const after = (await list(`&updated_since=${encodeURIComponent(pivot.updated_at)}&limit=100`)).body;
    expect(ids(after.applications)).not.toContain(pivot.application_id);
    expect(after.pagination.total).toBe(120 - 51);
    const earlier = new Date(Date.parse(pivot.updated_at) - 1).toISOString();
    expect(ids((await list(`&updated_since=${encodeURIComponent(earlier)}&limit=100`)).body.applications)).toContain(
      pivot.application_id,
    );
  });
});

describe('account scope', () => {
  it('shows an application only to the account that created it (seeded rows to all)', async () => {
    const created = await kit.call('POST', '/v1/enrollments', {
      body: validCreateBody(F.planFull, { external_id: 'mine-1' }),
    });
    expect((await list('&external_id=mine-1')).body.pagination.total).toBe(1);
    const other = await kit.call('GET', `${BASE}&external_id=mine-1`, { account: OTHER });
    expect(other.body.pagination.total).toBe(0);
    expect(
      (
        await kit.call('GET', `/v1/enrollments/${created.body.application_id}?product=ichra&exchange=off_exchange`, {
          account: OTHER,
        })
      ).status,
    ).toBe(404);
    expect((await kit.call('GET', BASE, { account: OTHER })).body.pagination.total).toBe(120);
  });

  /** Every operation on one application, as [method, path suffix, body]. */
  const ROUTING = '?product=ichra&exchange=off_exchange';
  const CTX = { context: { product: 'ichra', exchange: 'off_exchange' } };
  const OPERATIONS: ReadonlyArray<[string, string, unknown?]> = [
    ['GET', ROUTING],
    ['PUT', '', { context: { ...CTX.context, plan_year: 2026 }, external_id: 'changed' }],
    ['POST', '/submissions', CTX],
    ['POST', '/cancellations', CTX],
    ['POST', '/terminations', CTX],
    ['GET', `/payment_redirect${ROUTING}`],
    ['POST', '/supporting_documentation', { ...CTX, document_type: 'sep', file: { filename: 'a.pdf' } }],
  ];

  it.each([
    ['the 404 of an id nobody issued', undefined, 404],
    ['403 under the variant', F_SWITCHES.otherAccount403, 403],
  ] as const)("answers another account's every operation with %s, naming nothing of it", async (_, variant, status) => {
    const scoped = createKit({ modules: [enrollmentRoutes], ...(variant ? { fault: variant } : {}) });
    try {
      const body = validCreateBody(F.planFull, { external_id: 'mine-2' });
      const { application_id: id } = (await scoped.call('POST', '/v1/enrollments', { body })).body;
      for (const [method, suffix, json] of OPERATIONS) {
        const r = await scoped.call(method, `/v1/enrollments/${id}${suffix}`, { account: OTHER, body: json });
        expect([method, suffix, r.status]).toEqual([method, suffix, status]);
        expect(JSON.stringify(r.body)).not.toContain('mine-2');
      }
      expect((await scoped.call('GET', `/v1/enrollments/${id}${ROUTING}`)).body.external_id).toBe('mine-2');
    } finally {
      scoped.close();
    }
  });
});
