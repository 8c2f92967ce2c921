/**
 * Sharded certification, end to end through the CLI: the first shard draws the seed and every
 * other shard needs it (exit 2 before any request without it); the shards' bundles merge into one
 * signed bundle (the merged evidence, each shard's files under shard-<i>/), which `verify` holds
 * to its policy; shards of different seeds, a shard given twice, a changed shard and one of the
 * former format are refused.
 */
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNING_KEY_ENV } from '../../engine/signing-key.js';
import { PROJECT_ROOT } from '../../harness/paths.js';
import { keyIdOf } from '../../reports/bundle/jws.js';
import type { Evidence } from '../../reports/evidence.js';
import { newKeys } from '../../reports/testing/certified.js';
import { runCli, saveEnv, scratch } from './cli.js';

const tmp = scratch('evidence-shards');
const keys = newKeys();
const restoreEnv = saveEnv([SIGNING_KEY_ENV]);
const shardRun = (name: string, shard: string, ...more: string[]) =>
  runCli([
    'run',
    ...['--profile', 'certification', '--family', 'utility', '--runs', '1', '--shard', shard],
    ...['--report-dir', tmp.path(name), ...more],
  ]);
const evidenceOf = (dir: string) => JSON.parse(readFileSync(join(dir, 'evidence.json'), 'utf8')) as Evidence;
const merge = (out: string, ...shards: string[]) =>
  runCli(['merge-evidence', ...shards.map((s) => tmp.path(s, 'bundle')), '--out', tmp.path(out)]);

let seed = 0;
beforeAll(async () => {
  process.env[SIGNING_KEY_ENV] = keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const first = await shardRun('shard-1', '1/2');
  expect(first.code, first.err).toBe(0);
  seed = evidenceOf(tmp.path('shard-1')).scope.seed;
  const second = await shardRun('shard-2', '2/2', '--seed', String(seed));
  expect(second.code, second.err).toBe(0);
}, 300_000);
afterAll(() => {
  restoreEnv();
  tmp.dispose();
});

describe('the shards of a certification run', () => {
  it('after the first, a shard needs the seed the first drew: exit 2 before any request', async () => {
    const result = await shardRun('no-seed', '2/2');
    expect(result.err).toMatch(/^E_SHARD_SEED: --shard 2\/2 of a certification run needs --seed/);
    expect(result.err).toMatch(/\n {2}fix: .*first shard drew/);
    expect(result.code).toBe(2);
    expect(existsSync(tmp.path('no-seed', 'summary.json'))).toBe(false);
  });

  it('merge into one signed bundle that verify holds to its policy', async () => {
    const result = await merge('merged', 'shard-1', 'shard-2');
    expect(result.err).toBe('');
    const kid = await keyIdOf(keys.publicKey);
    expect(result.out).toMatch(
      new RegExp(
        `^merged 2 shard\\(s\\) into .+: passed, partial \\(families utility of 8\\), signed by key ${kid}\\n$`,
      ),
    );
    expect(result.code).toBe(0);
    const merged = evidenceOf(tmp.path('merged'));
    expect(merged.scope.seed).toBe(seed);
    expect(merged.scope.shard).toBeUndefined();
    expect(merged.mergedFrom?.map((m) => [m.shard, m.kid])).toEqual([
      ['1/2', kid],
      ['2/2', kid],
    ]);
    for (const file of ['shard-1/summary.json', 'shard-2/report.html', 'shard-2/evidence.json'])
      expect(existsSync(tmp.path('merged', file))).toBe(true);
    const integrity = await runCli(['verify', tmp.path('merged'), '--policy', 'integrity']);
    expect(integrity.out).toMatch(/^ok {3}P_INTACT +\d+ files match the manifest/m);
    expect(integrity.code).toBe(0);
    const publicKey = tmp.path('key.pem');
    writeFileSync(publicKey, keys.publicKey.export({ type: 'spki', format: 'pem' }).toString());
    const certification = await runCli(['verify', tmp.path('merged'), '--public-key', publicKey]);
    expect([...certification.out.matchAll(/^FAIL (P_\w+)/gm)].map((m) => m[1])).toEqual([
      'P_COMPLETE',
      'P_REMOTE_TARGET',
      'P_SPEC_PINNED',
    ]);
    expect(certification.code).toBe(1);
  });

  it('of different seeds are refused, naming each', async () => {
    const other = await shardRun('shard-2-other-seed', '2/2', '--seed', String(seed + 1));
    expect(other.code).toBe(0);
    const result = await merge('never', 'shard-1', 'shard-2-other-seed');
    expect(result.err).toMatch(
      new RegExp(
        `^E_EVIDENCE_SEED: the shards were run with different seeds ` +
          `\\(shard 1/2: seed ${seed}, shard 2/2: seed ${seed + 1}\\)`,
      ),
    );
    expect(result.code).toBe(2);
    expect(existsSync(tmp.path('never'))).toBe(false);
  }, 120_000);

  it('refuses a shard given twice, a changed shard, one of the former format and an --out that is a file', async () => {
    const twice = await merge('twice', 'shard-1', 'shard-1');
    expect(twice.err).toMatch(/^E_EVIDENCE_MISMATCH: a shard is given twice/);
    expect(twice.code).toBe(2);

    cpSync(tmp.path('shard-2'), tmp.path('changed'), { recursive: true });
    writeFileSync(tmp.path('changed', 'bundle', 'report.html'), '<html>all green</html>');
    const changed = await merge('never', 'shard-1', 'changed');
    expect(changed.err).toMatch(
      /^FAIL .+changed.bundle: report.html: changed: its sha256 is not the one the manifest gives/m,
    );
    expect(changed.code).toBe(1);

    const old = join(PROJECT_ROOT, 'test/fixtures/evidence-v1/evidence.json');
    const former = await runCli(['merge-evidence', tmp.path('shard-1', 'bundle'), old, '--out', tmp.path('never')]);
    expect(former.err).toMatch(/^E_EVIDENCE_FORMAT: /);
    expect(former.code).toBe(2);

    writeFileSync(tmp.path('a-file.json'), '{}');
    const toFile = await runCli(['merge-evidence', tmp.path('shard-1', 'bundle'), '--out', tmp.path('a-file.json')]);
    expect(toFile.err).toMatch(/^E_USAGE: --out .+ is a file: the merged bundle is a folder/);
    expect(toFile.code).toBe(2);
  });
});
