/**
 * A baseline held to the run before any request: each entry must be able to match a failure of
 * the run (an operation of its documents, a rule of that operation's family, a rule a run can
 * reach), and the file must be of the document version the run judges against.
 */
import { describe, expect, it } from 'vitest';
import { loadContract } from '../../harness/contract/index.js';
import { ConfigError } from '../../harness/errors.js';
import { DEFAULT_SPEC, PROVIDER_SPEC } from '../../harness/paths.js';
import { loadRulesOnce } from '../../harness/rules.js';
import { companions } from '../../harness/run-documents.js';
import { checkBaseline } from './check.js';
import type { BaselineEntry } from './file.js';

const catalogue = loadRulesOnce().rules;

async function refused(
  entries: BaselineEntry[],
  spec = DEFAULT_SPEC,
  recorded?: string,
): Promise<ConfigError | undefined> {
  const contract = await loadContract(spec);
  try {
    const baseline = { file: 'b.json', entries, ...(recorded ? { spec: { version: recorded } } : {}) };
    checkBaseline(baseline, [contract, ...(await companions())], catalogue, contract.version);
    return undefined;
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
}

describe('checkBaseline', () => {
  it('takes rules on operations of the run’s documents, an unknown route’s method, the older ICHRA’s too', async () => {
    expect(
      await refused([
        { rule: 'PING-SCHEMA', operation: 'GET /v1/ping' },
        { rule: 'SCHEMA-RESPONSE-VALID', operation: 'GET /v1/reference/providers' },
        { rule: 'EDGE-UNKNOWN-ROUTE-404', operation: 'GET (no operation)' },
        { rule: 'SCHEMA-RESPONSE-VALID', operation: 'GET /api/v1/plans/{hios_id}' },
      ]),
    ).toBeUndefined();
  });

  it('refuses an operation the documents do not have, with the closest one', async () => {
    const err = await refused([{ rule: 'PING-SCHEMA', operation: 'GET /v1/pings' }]);
    expect(err?.code).toBe('E_BASELINE_UNKNOWN');
    expect(err?.message).toContain(
      'operation "GET /v1/pings" is none of the run\'s documents\' (did you mean "GET /v1/ping"?)',
    );
  });

  it('refuses a rule on an operation of a family it is no rule of (ours and the provider’s document)', async () => {
    const entry = { rule: 'ENR-CANCEL-202', operation: 'GET /v1/ping' };
    for (const spec of [DEFAULT_SPEC, PROVIDER_SPEC]) {
      const err = await refused([entry], spec);
      expect(err?.code, spec).toBe('E_BASELINE_UNKNOWN');
      expect(err?.message).toContain('rule ENR-CANCEL-202 (of enrollments) is judged on no utility operation');
    }
  });

  it('refuses a rule no run can reach: it never fails, so the entry accepts nothing', async () => {
    const err = await refused([{ rule: 'RATE-MONTHLY-QUOTA', operation: 'GET /v1/ping' }]);
    expect(err?.message).toContain('rule RATE-MONTHLY-QUOTA no run can reach');
  });

  it('refuses a baseline recorded against another version of the document (E_BASELINE_SPEC)', async () => {
    const version = (await loadContract(DEFAULT_SPEC)).version;
    expect(await refused([], DEFAULT_SPEC, version)).toBeUndefined();
    const err = await refused([], DEFAULT_SPEC, '0.0.9');
    expect(err?.code).toBe('E_BASELINE_SPEC');
    expect(err?.message).toContain(
      `recorded against version 0.0.9 of the document; this run judges against version ${version}`,
    );
  });
});
