/**
 * Evidence a provider can check, end to end through the CLI: certification evidence signed
 * with an Ed25519 key from the environment, `verify` (digest, signature, trusted key, summary),
 * a tampered file caught even with its digest recomputed, a bad key refused unseen before the
 * run, and the shards of one run merged into one complete, signed file.
 */
import { generateKeyPairSync } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SIGNING_KEY_ENV } from '../../engine/signing-key.js';
import { withDigest } from '../../reports/digest.js';
import type { Evidence } from '../../reports/evidence.js';
import { runCli, scratch, saveEnv } from './cli.js';

const tmp = scratch('evidence');
const keys = generateKeyPairSync('ed25519');
const other = generateKeyPairSync('ed25519');
const restoreEnv = saveEnv([SIGNING_KEY_ENV]);
const pem = (k: typeof keys.privateKey) => k.export({ type: 'pkcs8', format: 'pem' }).toString();
const publicPem = (path: string, k: typeof keys) => {
  writeFileSync(path, k.publicKey.export({ type: 'spki', format: 'pem' }).toString());
  return path;
};
const readEvidence = (path: string) =>
  JSON.parse(readFileSync(path, 'utf8')) as Evidence & { signature?: { keyId: string } };
const certify = (dir: string, ...more: string[]) =>
  runCli(['run', '--profile', 'certification', '--family', 'utility', '--runs', '1', '--report-dir', dir, ...more]);

let signedDir = '';
beforeAll(async () => {
  process.env[SIGNING_KEY_ENV] = pem(keys.privateKey);
  signedDir = tmp.path('signed');
  const result = await certify(signedDir, '--rule', 'PING-200');
  expect(result.code).toBe(0);
}, 120_000);
afterEach(() => {
  process.env[SIGNING_KEY_ENV] = pem(keys.privateKey);
});
afterAll(() => {
  restoreEnv();
  tmp.dispose();
});

describe('signed evidence and verify', () => {
  it('verifies against the trusted public key and the summary', async () => {
    const evidence = readEvidence(join(signedDir, 'evidence.json'));
    expect(evidence.signature).toMatchObject({
      algorithm: 'Ed25519',
      keyId: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
    });
    const result = await runCli([
      'verify',
      join(signedDir, 'evidence.json'),
      '--public-key',
      publicPem(tmp.path('pub.pem'), keys),
      '--summary',
      join(signedDir, 'summary.json'),
    ]);
    expect(result.out).toMatch(
      /^ok {3}digest: .+\nok {3}signature: Ed25519 by sha256:[0-9a-f]+: .+by the trusted key\nok {3}summary: .+\n$/,
    );
    expect(result.code).toBe(0);
  });

  it('catches a verdict edited with the digest recomputed', async () => {
    const evidence = readEvidence(join(signedDir, 'evidence.json'));
    const edited = withDigest({ ...evidence, outcome: 'failed' as const });
    const path = tmp.path('edited.json');
    writeFileSync(path, JSON.stringify(edited));
    const result = await runCli(['verify', path]);
    expect(result.out).toContain('ok   digest');
    expect(result.out).toContain('FAIL signature: the signature does not match the content');
    expect(result.code).toBe(1);
  });

  it('refuses a signature by a key other than the trusted one', async () => {
    const result = await runCli([
      'verify',
      join(signedDir, 'evidence.json'),
      '--public-key',
      publicPem(tmp.path('other.pem'), other),
    ]);
    expect(result.out).toMatch(/FAIL signature: signed by sha256:\w+, not by the trusted key/);
    expect(result.code).toBe(1);
  });

  it('says unsigned evidence is not signed, and the run says how to sign it', async () => {
    delete process.env[SIGNING_KEY_ENV];
    const dir = tmp.path('unsigned');
    const run = await certify(dir, '--rule', 'PING-200');
    expect(run.out).toContain(`evidence.json is unsigned: set ${SIGNING_KEY_ENV}`);
    const result = await runCli(['verify', join(dir, 'evidence.json')]);
    expect(result.out).toContain('FAIL signature: the document is not signed');
    expect(result.code).toBe(1);
  }, 120_000);

  it('refuses a signing key that is not Ed25519 before the run, without showing it', async () => {
    const canary = 'SIGNINGCANARY0123456789abcdef';
    process.env[SIGNING_KEY_ENV] = canary;
    const result = await certify(tmp.path('bad-key'), '--rule', 'PING-200');
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/^E_SIGNING_KEY_INVALID: .+\n {2}fix: .+/);
    expect(result.err + result.out).not.toContain(canary);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    process.env[SIGNING_KEY_ENV] = rsa;
    expect((await certify(tmp.path('rsa-key'), '--rule', 'PING-200')).err).toMatch(
      /^E_SIGNING_KEY_INVALID: .+ holds a rsa key/,
    );
  });
});

describe('merge-evidence', () => {
  it('merges every shard of a run into one complete, signed evidence file', async () => {
    const shards = ['1/2', '2/2'];
    for (const [i, shard] of shards.entries())
      expect((await certify(tmp.path(`shard-${i + 1}`), '--seed', '5', '--shard', shard)).code).toBe(0);
    const inputs = shards.map((_, i) => join(tmp.path(`shard-${i + 1}`), 'evidence.json'));
    const parts = inputs.map(readEvidence);
    const out = tmp.path('merged.json');
    const result = await runCli(['merge-evidence', ...inputs, '--out', out]);
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    const merged = readEvidence(out);
    expect(merged.scope).toMatchObject({ complete: false, partial: ['families utility of 8'] });
    expect(merged.scope.shard).toBeUndefined();
    expect(merged.requestIds).toHaveLength(parts[0]!.requestIds.length + parts[1]!.requestIds.length);
    expect(merged.rules.map((r) => r.id)).toEqual([...new Set(parts.flatMap((p) => p.rules.map((r) => r.id)))].sort());
    expect(merged.mergedFrom?.map((m) => m.shard)).toEqual(shards);
    expect((await runCli(['verify', out, '--public-key', publicPem(tmp.path('pub2.pem'), keys)])).code).toBe(0);

    const one = await runCli(['merge-evidence', inputs[0]!, '--out', tmp.path('one.json')]);
    expect(one.code).toBe(0);
    expect(readEvidence(tmp.path('one.json')).scope.partial).toContain('shards 1 of 2');

    const twice = await runCli(['merge-evidence', inputs[0]!, inputs[0]!, '--out', tmp.path('twice.json')]);
    expect(twice.err).toMatch(/^E_EVIDENCE_MISMATCH: a shard is given twice/);
    expect(twice.code).toBe(2);
  }, 240_000);

  it('refuses a shard whose signature fails', async () => {
    const evidence = readEvidence(join(signedDir, 'evidence.json'));
    const path = tmp.path('tampered-shard.json');
    writeFileSync(
      path,
      JSON.stringify(withDigest({ ...evidence, counts: { ...evidence.counts, failed: 0, passed: 99 } })),
    );
    const result = await runCli(['merge-evidence', path, '--out', tmp.path('never.json')]);
    expect(result.err).toContain('FAIL');
    expect(result.code).toBe(1);
  });
});
