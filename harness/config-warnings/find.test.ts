/**
 * Configuration warnings: roles holding one key are named (never the key), fixtures the target answers
 * 404 for become absent, at most one request per fixture read, none in a capped run profile.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileFor, startServer, testEnv, type TestServer } from '../client/test-server.js';
import { absentFixtures, findConfigWarnings } from './find.js';

const CANARY = 'canary-7d1e0b9a-shared-key';
const FIXTURES = {
  zipCode: '40202',
  fipsCode: '99999',
  confirmationId: '4412026000',
  policyPlanYear: 2026,
  legacyPlanHiosId: '12345CA0010001',
  planFull: '12345CA0010001',
};

let server: TestServer;
beforeAll(async () => {
  server = await startServer((req, res) => {
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.url.startsWith('/v1/reference/counties'))
      return json(200, { counties: [{ fips_code: '21111', name: 'Jefferson County', state: 'KY' }] });
    if (req.url.startsWith('/v1/policy-status/applications/'))
      return json(404, { error: { code: 'not_found', message: 'no such application' } });
    return json(200, { hios_plan_id: '12345CA0010001' });
  });
});
afterAll(() => server.close());

describe('findConfigWarnings', () => {
  it('names roles whose different variables hold one key, never the key', async () => {
    const env = { ...testEnv, TEST_KEY_APPROVED: CANARY, TEST_KEY_UNAPPROVED: CANARY };
    const warnings = await findConfigWarnings({
      profile: profileFor(server.url, { fixtures: {} }),
      runId: 'r',
      runProfile: 'conformance',
      lookUpFixtures: true,
      env,
    });
    expect(warnings).toEqual([expect.objectContaining({ code: 'W_KEY_SHARED', roles: ['approved', 'unapproved'] })]);
    expect(warnings[0]!.message).toContain('TEST_KEY_APPROVED, TEST_KEY_UNAPPROVED');
    expect(warnings[0]!.fix.length).toBeGreaterThan(20);
    expect(JSON.stringify(warnings)).not.toContain(CANARY);
  });

  it('finds fixtures the target does not have, one read each', async () => {
    const before = server.received.length;
    const warnings = await findConfigWarnings({
      profile: profileFor(server.url, { fixtures: FIXTURES }),
      runId: 'r',
      runProfile: 'conformance',
      lookUpFixtures: true,
      env: testEnv,
    });
    expect(server.received.length - before).toBe(3);
    expect(server.received.slice(before).every((r) => r.method === 'GET')).toBe(true);
    expect(warnings.map((w) => [w.code, w.fixture])).toEqual([
      ['W_FIXTURE_ABSENT', 'fipsCode'],
      ['W_FIXTURE_ABSENT', 'confirmationId'],
    ]);
    expect(warnings[1]!.message).toContain('404');
    expect([...absentFixtures(warnings)]).toEqual(['fipsCode', 'confirmationId']);
  });

  it('looks nothing up in a run profile with a request cap, nor for the embedded server', async () => {
    const before = server.received.length;
    const profile = profileFor(server.url, { fixtures: FIXTURES });
    expect(
      await findConfigWarnings({ profile, runId: 'r', runProfile: 'smoke', lookUpFixtures: true, env: testEnv }),
    ).toEqual([]);
    expect(
      await findConfigWarnings({ profile, runId: 'r', runProfile: 'conformance', lookUpFixtures: false, env: testEnv }),
    ).toEqual([]);
    expect(server.received.length).toBe(before);
  });
});
