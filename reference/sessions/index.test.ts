import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../server.js';
import { client, type Call } from '../probe/client.js';
import { sessionBody, steppingClock } from '../probe/fixtures.js';

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
    [
      'self_service with a campaign',
      sessionBody({ campaign: { utm_source: 'mail', cid: 'c-1', display_phone_number: '800-555-1234' } }),
      200,
    ],
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
  it.each(['product', 'exchange', 'coverage_family', 'coverage_type', 'plan_year', 'flow', 'locale'])(
    'requires context.%s',
    async (field) => {
      const body = sessionBody();
      delete (body.context as Record<string, unknown>)[field];
      const res = await post(body);
      expect(res.status).toBe(400);
      expect(res.body.error.details).toEqual({ [`context.${field}`]: [expect.any(String)] });
    },
  );
  it.each([
    ['a campaign member outside the document', sessionBody({ campaign: { source: 'mail' } }), 'campaign.source'],
    ['a member outside the schema', sessionBody({ referrer: 'x' }), 'referrer'],
    ['coverage_family other than medical', sessionBody({}, { coverage_family: 'health' }), 'context.coverage_family'],
    [
      'an applicant relationship outside primary, spouse, dependent',
      sessionBody({ household: { applicants: [{ relationship: 'self' }] } }),
      'household.applicants[0].relationship',
    ],
    [
      'a date_of_birth that is not a date',
      sessionBody({ household: { applicants: [{ relationship: 'primary', date_of_birth: '01/02/1990' }] } }),
      'household.applicants[0].date_of_birth',
    ],
  ])('refuses %s with 400 naming the member in details', async (_name, json, field) => {
    const res = await post(json);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_request');
    expect(Object.keys(res.body.error.details)).toEqual([field]);
    expect(res.body.error.details[field]).toEqual([expect.stringContaining(field)]);
  });
  it('names every problem of a body in details, one array of messages per member', async () => {
    const res = await post(sessionBody({ plan_id: 7, household: { household_size: 0, applicants: [{}] } }));
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.details).sort()).toEqual([
      'household.applicants[0].relationship',
      'household.household_size',
      'plan_id',
    ]);
    for (const messages of Object.values(res.body.error.details)) expect(messages).toEqual([expect.any(String)]);
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
