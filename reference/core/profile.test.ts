import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { referenceKeyEnv, startReferenceServer } from '../server.js';
import { client } from '../probe/client.js';
import { steppingClock } from '../probe/fixtures.js';

const read = (p: string) => JSON.parse(readFileSync(new URL(p, import.meta.url), 'utf8'));
const profile = read('../../specs/profiles/reference.json');

describe('specs/profiles/reference.json', () => {
  it('matches the target-profile schema', () => {
    const ajv = new Ajv2020({ strict: false });
    (addFormats as unknown as (a: Ajv2020) => void)(ajv);
    const validate = ajv.compile(read('../../specs/target-profile.schema.json'));
    expect(validate(profile), JSON.stringify(validate.errors)).toBe(true);
  });

  it('names an environment variable referenceKeyEnv fills for every key role', () => {
    const env = referenceKeyEnv();
    for (const [role, ref] of Object.entries(profile.keys as Record<string, { env: string }>))
      expect(env[ref.env], role).toMatch(/^sandbox_/);
  });

  it('has fixtures the server really holds', async () => {
    const f = profile.fixtures;
    const server = await startReferenceServer({ clock: steppingClock() });
    try {
      const call = client(server.url);
      expect(
        (await call('GET', `/v1/reference/counties?zip_code=${f.zipCode}`)).body.counties.map(
          (c: { state: string }) => c.state,
        ),
      ).toEqual([f.state]);
      expect(
        new Set(
          (await call('GET', `/v1/reference/counties?zip_code=${f.crossStateZipCode}`)).body.counties.map(
            (c: { state: string }) => c.state,
          ),
        ).size,
      ).toBe(2);
      expect((await call('GET', `/v1/reference/counties?zip_code=${f.unknownZipCode}`)).status).toBe(404);
      expect(
        (
          await call(
            'GET',
            `/v1/reference/providers?query=${f.providerQuery}&zip_code=${f.providerZipCode}&exchange=on_exchange`,
          )
        ).body.meta.result_count,
      ).toBeGreaterThan(100);
      expect(
        (
          await call(
            'GET',
            `/v1/policy-status/applications/${f.confirmationId}?exchange=on_exchange&plan_year=${f.policyPlanYear}`,
          )
        ).status,
      ).toBe(200);
      expect(
        (await call('GET', `/v1/reference/issuers?state=${f.state}&plan_year=${f.planYear}`)).body.issuers.length,
      ).toBeGreaterThan(3);
    } finally {
      await server.close();
    }
  });
});
