/**
 * A target profile held to the run it is for, before any request: a latency budget for an
 * operation the run's documents lack, and a confirmation value the run would change on its own,
 * are refused (exit 2) rather than taken silently.
 */
import { describe, expect, it } from 'vitest';
import { loadContract } from '../harness/contract/index.js';
import { ConfigError } from '../harness/errors.js';
import { DEFAULT_SPEC } from '../harness/paths.js';
import type { TargetProfile } from '../harness/run-config.js';
import type { RunProfile } from '../harness/run-profiles.js';
import { companions } from '../harness/run-documents.js';
import { checkProfileForRun } from './profile-checks.js';

const base: TargetProfile = { name: 'staging', baseUrl: 'https://staging.example.com', keys: {}, fixtures: {} };

async function refusal(
  profile: Partial<TargetProfile>,
  runProfile: RunProfile = 'smoke',
): Promise<ConfigError | undefined> {
  const documents = [await loadContract(DEFAULT_SPEC), ...(await companions())];
  try {
    checkProfileForRun({ ...base, ...profile }, runProfile, documents);
    return undefined;
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
}

describe('checkProfileForRun', () => {
  it('takes latency budgets of operations the documents have, the older ICHRA interface’s too', async () => {
    const latency = { operations: { 'GET /v1/reference/counties': 2000, 'GET /api/v1/plans/{hios_id}': 3000 } };
    expect(await refusal({ latency })).toBeUndefined();
  });

  it('refuses a budget of an operation the documents do not have, with the closest one', async () => {
    const err = await refusal({ latency: { operations: { 'GET /v1/reference/county': 2000 } } });
    expect(err?.code).toBe('E_PROFILE_OPERATION_UNKNOWN');
    expect(err?.message).toContain('"GET /v1/reference/county" (did you mean "GET /v1/reference/counties"?)');
  });

  it('refuses a confirmation value the run would lower on its own, and takes one it keeps', async () => {
    const err = await refusal({ confirm: { requests: 5 } });
    expect(err?.code).toBe('E_PROFILE_VALUE_RANGE');
    expect(err?.message).toContain('/confirm/requests 5 is not what a smoke run would take (it would take requests 2)');
    expect(await refusal({ confirm: { requests: 1, pauseMs: 1000 } })).toBeUndefined();
    expect(await refusal({ confirm: { requests: 0 } })).toBeUndefined();
  });

  it('leaves confirm alone in a run profile that confirms nothing (it is for the profile’s smoke runs)', async () => {
    expect(await refusal({ confirm: { requests: 5, pauseMs: 30_000 } }, 'conformance')).toBeUndefined();
  });
});
