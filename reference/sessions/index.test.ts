import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../server.js';
import { client, type Call } from '../core/test-client.js';
import { sessionBody, steppingClock } from '../core/test-fixtures.js';

let server: ReferenceServer;
let call: Call;
beforeAll(async () => {
  server = await startReferenceServer({ clock: steppingClock() });
  call = client(server.url);
});
afterAll(() => server.close());

const SESSIONS = '/v1/enrollment-sessions';
const agent = { flow: 'agent_assisted' };
const post = (json: unknown, role = 'approved') => call('POST', SESSIONS, { json, role });

describe('enrollment sessions (2.6, 4.6)', () => {
  it('echoes external_id and returns two browser URLs with X-Request-Id', async () => {
    const res = await post(sessionBody({ external_id: 'partner-42' }));
    expect(res.status).toBe(200);
    expect(res.body.external_id).toBe('partner-42');
    expect(new URL(res.body.links.shopping_url).protocol).toBe('https:');
    expect(new URL(res.body.links.client_apply_url).protocol).toBe('https:');
    expect(res.headers['x-request-id']).toBeTruthy();
  });
  it.each([
    ['self_service with plan_id and no state', sessionBody({ plan_id: '36239KY0020003-01', location: {} }), 200],
    ['self_service with a campaign', sessionBody({ campaign: { source: 'mail' } }), 200],
    ['self_service with neither state nor plan_id', sessionBody({ location: { zip_code: '40202' } }), 400],
    ['agent_assisted with a state', sessionBody({}, agent), 200],
    ['agent_assisted without a state', sessionBody({ location: { zip_code: '40202' } }, agent), 400],
    ['agent_assisted with plan_id', sessionBody({ plan_id: 'p' }, agent), 400],
    ['agent_assisted with a campaign', sessionBody({ campaign: {} }, agent), 400],
    ['no context', { external_id: 'x' }, 400],
    ['an unknown flow', sessionBody({}, { flow: 'assisted' }), 400],
    ['a body that is not an object', [1, 2], 400],
  ])('%s → %i', async (_name, json, status) => {
    expect((await post(json)).status).toBe(status);
  });
  it.each(['product', 'exchange', 'coverage_family', 'coverage_type', 'plan_year', 'flow', 'locale'])('requires context.%s', async (field) => {
    const body = sessionBody();
    delete (body.context as Record<string, unknown>)[field];
    expect((await post(body)).status).toBe(400);
  });
  it.each([
    ['unapproved', 'self_service', 403],
    ['unapproved', 'agent_assisted', 403],
    ['oauthUnhealthy', 'agent_assisted', 403],
    ['oauthUnhealthy', 'self_service', 200],
    ['selfServiceNoAgent', 'self_service', 403],
    ['selfServiceNoAgent', 'agent_assisted', 200],
  ])('gate: %s in %s → %i', async (role, flow, status) => {
    const res = await post(sessionBody({}, { flow }), role);
    expect(res.status).toBe(status);
    if (status === 403) expect(res.body.error.code).toBe('forbidden');
  });
});
