import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../server.js';
import { client, type Call } from '../probe/client.js';
import { steppingClock } from '../probe/fixtures.js';

let server: ReferenceServer;
let call: Call;
beforeAll(async () => {
  server = await startReferenceServer({ clock: steppingClock() });
  call = client(server.url);
});
afterAll(() => server.close());

const LIST = '/v1/policy-status/applications?exchange=on_exchange&plan_year=2026';

describe('policy status (4.7, 4.8)', () => {
  it('lists 25 rows by default from offset 0 with pagination {limit, offset}', async () => {
    const res = await call('GET', LIST);
    expect(res.body.applications).toHaveLength(25);
    expect(res.body.pagination).toEqual({ limit: 25, offset: 0 });
    expect(res.body.applications[0]).toEqual({
      confirmation_id: expect.any(String),
      external_id: null,
      plan_year: 2026,
      exchange_type: 'on_exchange',
    });
    expect(res.body.applications[1].external_id).toEqual(expect.any(String));
  });
  it('pages consistently with limit and offset, 1 and 100 accepted', async () => {
    const a = await call('GET', `${LIST}&limit=10&offset=0`);
    const b = await call('GET', `${LIST}&limit=10&offset=10`);
    const all = await call('GET', `${LIST}&limit=100`);
    expect([...a.body.applications, ...b.body.applications]).toEqual(all.body.applications.slice(0, 20));
    expect((await call('GET', `${LIST}&limit=1`)).body.applications).toHaveLength(1);
  });
  it.each(['&limit=0', '&limit=101', '&limit=x', '&offset=-1', '&product=aca', '&foo=1'])(
    'rejects %s with 400',
    async (q) => {
      const res = await call('GET', `${LIST}${q}`);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('invalid_request');
      expect(Object.values(res.body.error.details)).toEqual([[expect.any(String)]]);
    },
  );
  it.each(['?plan_year=2026', '?exchange=off_exchange&plan_year=2026', '?exchange=on_exchange'])(
    'rejects routing %s with 400',
    async (q) => {
      expect((await call('GET', `/v1/policy-status/applications${q}`)).status).toBe(400);
    },
  );
  it('reads a listed application and 404s an unknown one', async () => {
    const id = (await call('GET', LIST)).body.applications[0].confirmation_id;
    const one = await call('GET', `/v1/policy-status/applications/${id}?exchange=on_exchange&plan_year=2026`);
    expect(one.status).toBe(200);
    expect(one.body.policy_statuses.length).toBeGreaterThan(0);
    // The first seeded application's carrier has reported nothing yet: every field is null.
    expect(Object.values(one.body.policy_statuses[0]).every((v) => v === null)).toBe(true);
    const third = (await call('GET', LIST)).body.applications[2].confirmation_id;
    const reported = await call('GET', `/v1/policy-status/applications/${third}?exchange=on_exchange&plan_year=2026`);
    expect(reported.body.policy_statuses[0]).toMatchObject({
      status: 'effectuated',
      issuer_hios_id: expect.stringMatching(/^\d{5}$/),
      effective_date: expect.stringMatching(/^2026-/),
    });
    expect(
      (await call('GET', `/v1/policy-status/applications/0000000000?exchange=on_exchange&plan_year=2026`)).status,
    ).toBe(404);
    expect((await call('GET', `/v1/policy-status/applications/${id}?exchange=on_exchange`)).status).toBe(400);
  });
  it('is gated: the unapproved key gets 403 forbidden', async () => {
    expect((await call('GET', LIST, { role: 'unapproved' })).body.error.code).toBe('forbidden');
  });
});
