/**
 * A target profile held to the run it is for, before any request: a latency budget for an
 * operation the run's documents lack is refused (exit 2) rather than never judged.
 */
import { describe, expect, it } from 'vitest';
import { loadContract } from '../harness/contract/index.js';
import { ConfigError } from '../harness/errors.js';
import { DEFAULT_SPEC } from '../harness/paths.js';
import type { TargetProfile } from '../harness/run-config.js';
import { companions } from '../harness/run-documents.js';
import { checkLatencyOperations } from './profile-checks.js';

const base: TargetProfile = { name: 'staging', baseUrl: 'https://staging.example.com', keys: {}, fixtures: {} };

async function refusal(profile: Partial<TargetProfile>): Promise<ConfigError | undefined> {
  const documents = [await loadContract(DEFAULT_SPEC), ...(await companions())];
  try {
    checkLatencyOperations({ ...base, ...profile }, documents);
    return undefined;
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
}

describe('checkLatencyOperations', () => {
  it('takes latency budgets of operations the documents have, the older ICHRA interface’s too', async () => {
    const latency = { operations: { 'GET /v1/reference/counties': 2000, 'GET /api/v1/plans/{hios_id}': 3000 } };
    expect(await refusal({ latency })).toBeUndefined();
  });

  it('refuses a budget of an operation the documents do not have, with the closest one', async () => {
    const err = await refusal({ latency: { operations: { 'GET /v1/reference/county': 2000 } } });
    expect(err?.code).toBe('E_PROFILE_OPERATION_UNKNOWN');
    expect(err?.message).toContain('"GET /v1/reference/county" (did you mean "GET /v1/reference/counties"?)');
  });
});
