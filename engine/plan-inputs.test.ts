/** A --spec document must describe this API: at least one /v1 operation of the bundled document. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract, type Contract } from '../harness/contract/index.js';
import { DEFAULT_SPEC, PROVIDER_SPEC } from '../harness/paths.js';
import { checkShardSeed, checkSpecOfThisApi } from './plan-inputs.js';

const dir = mkdtempSync(join(tmpdir(), 'spec-of-api-'));
let bundled: Contract;
beforeAll(async () => {
  bundled = await loadContract(DEFAULT_SPEC);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function doc(name: string, paths: object, servers?: object[]): Promise<Contract> {
  const path = join(dir, `${name}.json`);
  writeFileSync(path, JSON.stringify({ openapi: '3.1.0', info: { title: name, version: '1' }, paths, servers }));
  return loadContract(path);
}
const GET_OK = { get: { responses: { '200': { description: 'ok' } } } };

describe('checkSpecOfThisApi', () => {
  it("accepts the provider's document and the bundled one", async () => {
    expect(() => checkSpecOfThisApi(bundled, bundled)).not.toThrow();
    const provider = await loadContract(PROVIDER_SPEC);
    expect(() => checkSpecOfThisApi(provider, bundled)).not.toThrow();
  });

  it(
    'accepts a document with one operation of this API, also under a server prefix and other ' + 'parameter names',
    async () => {
      const one = await doc('one-op', { '/v1/ping': GET_OK });
      expect(() => checkSpecOfThisApi(one, bundled)).not.toThrow();
      const prefixed = await doc('prefixed', { '/enrollments/{id}': GET_OK }, [{ url: 'https://api.example/v1' }]);
      expect(() => checkSpecOfThisApi(prefixed, bundled)).not.toThrow();
    },
  );

  it.each([
    ['no paths at all', {}],
    ['another API', { '/pets': GET_OK, '/pets/{petId}': GET_OK }],
    ['a known path with another method', { '/v1/ping': { delete: GET_OK.get } }],
  ])('refuses %s with E_SPEC_NO_OPERATIONS (exit 2)', async (name, paths) => {
    const other = await doc(name.replace(/\W+/g, '-'), paths);
    expect(() => checkSpecOfThisApi(other, bundled)).toThrow(
      expect.objectContaining({ code: 'E_SPEC_NO_OPERATIONS', exitCode: 2 }),
    );
  });
});

describe('checkShardSeed', () => {
  it('a certification shard after the first needs the seed the first drew, or their evidence cannot merge', () => {
    expect(() => checkShardSeed('certification', '2/3', undefined)).toThrow(
      expect.objectContaining({ code: 'E_SHARD_SEED', message: expect.stringContaining('--shard 2/3') }),
    );
    expect(() => checkShardSeed('certification', '1/3', undefined)).not.toThrow();
    expect(() => checkShardSeed('certification', '3/3', '7')).not.toThrow();
    expect(() => checkShardSeed('certification', undefined, undefined)).not.toThrow();
  });

  it('a run that takes no evidence may draw a seed per shard', () => {
    expect(() => checkShardSeed('conformance', '2/3', undefined)).not.toThrow();
  });
});
