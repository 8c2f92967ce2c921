/**
 * The certification bundle a provider can check, end to end through the CLI: a certification run
 * signed with an Ed25519 key from the environment writes bundle/ (evidence, summary, report and a
 * JWS over their manifest), naming no folder of the machine; `verify` holds it to the
 * certification policy and refuses a partial, embedded, FAILED, fault or variant run, an edited
 * bundle and an unsigned one, each by its clause; without a trusted key it is integrity only, never
 * verified; only a bundle that meets every clause, signed by a trusted key, is VERIFIED. openssl,
 * jq and sha256sum check the bundle as docs/verify-bundle.md says. The former evidence format
 * stays readable, for integrity only. Mistakes of the command are exit 2 before any check.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNING_KEY_ENV } from '../../engine/signing-key.js';
import { PROJECT_ROOT, PROVIDER_SPEC } from '../../harness/paths.js';
import { referenceKeyEnv, startReferenceServer } from '../../reference/server.js';
import { withDigest } from '../../reports/digest.js';
import type { Evidence } from '../../reports/evidence.js';
import { bundleOf, changed, newKeys } from '../../reports/testing/certified.js';
import { referenceProfileAt, runCli, saveEnv, scratch } from './cli.js';

const tmp = scratch('evidence-bundle');
const keys = newKeys();
const other = newKeys();
const restoreEnv = saveEnv([SIGNING_KEY_ENV, ...Object.keys(referenceKeyEnv())]);
const pem = (k: typeof keys.privateKey) => k.export({ type: 'pkcs8', format: 'pem' }).toString();
const publicPem = (name: string, k: typeof keys) => {
  const path = tmp.path(name);
  writeFileSync(path, k.publicKey.export({ type: 'spki', format: 'pem' }).toString());
  return path;
};
/** A certification run of one rule: a few seconds against the embedded server. */
const certify = (dir: string, ...more: string[]) =>
  runCli(['run', '--profile', 'certification', '--rule', 'PING-200', '--runs', '1', '--report-dir', dir, ...more]);
const verify = (...argv: string[]) => runCli(['verify', ...argv]);
const failedClauses = (out: string) => [...out.matchAll(/^FAIL (P_\w+)/gm)].map((m) => m[1]);

let reference: { url: string; close(): Promise<void> };
let trusted = '';
/** A signed run with property checks, whose spec is a copy of the provider's document in a scratch folder. */
const signed = () => tmp.path('signed');

beforeAll(async () => {
  process.env[SIGNING_KEY_ENV] = pem(keys.privateKey);
  Object.assign(process.env, referenceKeyEnv());
  reference = await startReferenceServer({ port: 0 });
  trusted = publicPem('trusted.pem', keys);
  copyFileSync(PROVIDER_SPEC, tmp.path('provider-copy.json'));
  // QUOTES-HOMOGENEOUS brings the family's property check of generated households.
  const copy = tmp.path('provider-copy.json');
  const run = await certify(signed(), '--family', 'quotes', '--rule', 'QUOTES-HOMOGENEOUS', '--spec', copy);
  expect(run.code, run.err).toBe(0);
}, 300_000);
afterAll(async () => {
  restoreEnv();
  await reference?.close();
  tmp.dispose();
});

describe('the bundle of a certification run', () => {
  it('holds evidence, summary and report with their manifest signed as a JWS, and names no local folder', () => {
    const jws = readFileSync(join(signed(), 'bundle', 'manifest.jws'), 'utf8').trim();
    const [header, payload] = jws.split('.');
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toMatchObject({ alg: 'EdDSA' });
    const manifest = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { files: Array<{ name: string }> };
    expect(manifest.files.map((f) => f.name)).toEqual(['evidence.json', 'report.html', 'summary.json']);
    for (const name of ['evidence.json', 'summary.json', 'report.html'])
      expect(readFileSync(join(signed(), 'bundle', name))).toEqual(readFileSync(join(signed(), name)));
    const evidence = readFileSync(join(signed(), 'bundle', 'evidence.json'), 'utf8');
    for (const local of [tmp.dir, PROJECT_ROOT, process.cwd()]) expect(evidence).not.toContain(local);
    expect((JSON.parse(evidence) as Evidence).spec.source).toBe('provider-copy.json');
  });

  it('records per property the runs it made', () => {
    const evidence = JSON.parse(readFileSync(join(signed(), 'evidence.json'), 'utf8')) as Evidence;
    const runs = evidence.rules.flatMap((r) => r.checks).filter((c) => c.runs);
    expect(runs.length).toBeGreaterThan(0);
    for (const check of runs) expect(check.runs).toEqual({ planned: 1, executed: 1 });
  });

  it('checks with openssl, jq and sha256sum as docs/verify-bundle.md shows, and fails when a file changed', () => {
    const tools = ['openssl', 'jq', 'sha256sum', 'base64'].filter(
      (tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0,
    );
    if (tools.length > 0) return void console.warn(`skipped: ${tools.join(', ')} not on the PATH`);
    const doc = readFileSync(join(PROJECT_ROOT, 'docs', 'verify-bundle.md'), 'utf8');
    const script = /\*\*openssl\*\*[\s\S]*?```sh\n([\s\S]*?)```/.exec(doc)![1]!;
    const copy = tmp.path('by-hand');
    cpSync(join(signed(), 'bundle'), copy, { recursive: true });
    copyFileSync(trusted, join(copy, 'partner.pub.pem'));
    const run = () => spawnSync('bash', ['-e', '-c', script], { cwd: copy, encoding: 'utf8' });
    const good = run();
    expect(good.stdout, good.stderr).toContain('Signature Verified Successfully');
    expect(good.stdout).toMatch(/evidence.json: OK\nreport.html: OK\nsummary.json: OK/);
    expect(good.status).toBe(0);
    copyFileSync(publicPem('other.pem', other), join(copy, 'partner.pub.pem'));
    expect(run().status).not.toBe(0);
    copyFileSync(trusted, join(copy, 'partner.pub.pem'));
    writeFileSync(join(copy, 'report.html'), '<html>all green</html>');
    const changedRun = run();
    expect(changedRun.stdout).toContain('report.html: FAILED');
    expect(changedRun.status).not.toBe(0);
  });
});

describe('verify, the certification policy', () => {
  it('refuses a partial run against the embedded server by those clauses, even signed by the trusted key', async () => {
    const result = await verify(join(signed(), 'bundle'), '--public-key', trusted);
    expect(failedClauses(result.out)).toEqual(['P_COMPLETE', 'P_REMOTE_TARGET']);
    expect(result.out).toMatch(/^ok {3}P_SPEC_PINNED +spec digest sha256:\w+, the provider's document/m);
    expect(result.out).toMatch(/^Result: REFUSED by policy certification: P_COMPLETE, P_REMOTE_TARGET\n$/m);
    expect(result.code).toBe(1);
  });

  it('without a trusted key says integrity only, never verified', async () => {
    const result = await verify(join(signed(), 'bundle'));
    expect(failedClauses(result.out)).toContain('P_TRUSTED_KEY');
    expect(result.out).toContain('integrity only');
    expect(result.out).not.toMatch(/verified/i);
    expect(result.code).toBe(1);
    const integrity = await verify(signed(), '--policy', 'integrity');
    expect(integrity.out).toMatch(/^Result: INTEGRITY ONLY: the files are whole and signed by the key /m);
    expect(integrity.out).not.toMatch(/verified/i);
    expect(integrity.code).toBe(0);
  });

  it('verifies only a bundle that meets every clause, signed by a trusted key', async () => {
    const dir = await bundleOf(
      changed((e) => Object.assign(e, { spec: { ...e.spec, digest: `sha256:${'ab'.repeat(32)}` } })),
      keys.privateKey,
    );
    const pinned = ['--spec-digest', `sha256:${'ab'.repeat(32)}`];
    const result = await verify(dir, '--public-key', trusted, ...pinned);
    expect(result.out).toMatch(/^Result: VERIFIED: meets policy certification, signed by the trusted key \S+\n$/m);
    expect(failedClauses(result.out)).toEqual([]);
    expect(result.code).toBe(0);
    const jwks = tmp.path('trusted.jwks');
    writeFileSync(jwks, JSON.stringify({ keys: [other.publicKey.export({ format: 'jwk' })] }));
    const untrusted = await verify(dir, '--trusted-keys', jwks, ...pinned);
    expect(failedClauses(untrusted.out)).toEqual(['P_TRUSTED_KEY']);
    expect(untrusted.code).toBe(1);
    // The provider's own document is the default pin: this bundle's spec is another.
    expect(failedClauses((await verify(dir, '--public-key', trusted)).out)).toEqual(['P_SPEC_PINNED']);
    expect(failedClauses((await verify(dir, '--public-key', trusted, '--spec', PROVIDER_SPEC)).out)).toEqual([
      'P_SPEC_PINNED',
    ]);
  });

  it('refuses a FAILED run with a fault, and a run with a variant, each by its clause', async () => {
    const faulty = await certify(tmp.path('fault'), '--fault', 'ping-404', '--spec', PROVIDER_SPEC);
    expect(faulty.code).toBe(1);
    const byFault = await verify(tmp.path('fault'), '--public-key', trusted);
    expect(failedClauses(byFault.out)).toEqual(['P_COMPLETE', 'P_PASSED', 'P_REMOTE_TARGET', 'P_NO_FAULT']);
    const variant = await certify(
      tmp.path('variant'),
      '--variant',
      'extra-members-everywhere',
      '--spec',
      PROVIDER_SPEC,
    );
    expect(variant.code).toBe(0);
    const byVariant = await verify(tmp.path('variant'), '--public-key', trusted);
    expect(failedClauses(byVariant.out)).toEqual(['P_COMPLETE', 'P_REMOTE_TARGET', 'P_NO_VARIANT']);
  }, 120_000);

  it("holds a run against a served target to every clause but completeness, on the provider's document", async () => {
    const profile = referenceProfileAt(tmp.path('served.json'), reference.url, { name: 'served' });
    const run = await certify(tmp.path('served'), '--target', profile, '--spec', PROVIDER_SPEC);
    expect(run.code, run.err).toBe(0);
    const result = await verify(tmp.path('served'), '--public-key', trusted);
    expect(failedClauses(result.out)).toEqual(['P_COMPLETE']);
    expect(result.out).toMatch(/^FAIL P_COMPLETE +families utility of 8; rules PING-200; 1 runs per property/m);
  }, 120_000);

  it('catches an evidence edited in the bundle, its digest recomputed', async () => {
    const copy = tmp.path('edited');
    cpSync(join(signed(), 'bundle'), copy, { recursive: true });
    const evidence = JSON.parse(readFileSync(join(copy, 'evidence.json'), 'utf8')) as Evidence;
    const { digest: _digest, ...rest } = { ...evidence, target: { ...evidence.target, embedded: false } };
    writeFileSync(join(copy, 'evidence.json'), JSON.stringify(withDigest(rest), null, 2));
    const result = await verify(copy, '--public-key', trusted);
    expect(result.out).toMatch(/^FAIL P_INTACT +evidence.json: changed: its sha256 is not the one the manifest gives/m);
    expect(result.code).toBe(1);
  });

  it('refuses an unsigned bundle, and says how the run signs it', async () => {
    delete process.env[SIGNING_KEY_ENV];
    const run = await certify(tmp.path('unsigned'));
    expect(run.out).toContain(
      `The bundle (evidence.json, summary.json, report.html) is unsigned: set ${SIGNING_KEY_ENV}`,
    );
    const result = await verify(tmp.path('unsigned'), '--public-key', trusted);
    expect(result.out).toMatch(/^FAIL P_SIGNED +the bundle is unsigned/m);
    expect(result.code).toBe(1);
    process.env[SIGNING_KEY_ENV] = pem(keys.privateKey);
  }, 120_000);

  it('reads the former evidence format for integrity only', async () => {
    const old = join(PROJECT_ROOT, 'test/fixtures/evidence-v1/evidence.json');
    const oldKey = join(PROJECT_ROOT, 'test/fixtures/evidence-v1/signing.pub.pem');
    const refused = await verify(old, '--public-key', oldKey);
    expect(refused.out).toMatch(/^FAIL P_FORMAT +old format \(partner-conformance.evidence\/1\): integrity only/m);
    expect(refused.out).toMatch(/; old format: integrity only\n$/);
    expect(refused.code).toBe(1);
    const integrity = await verify(old, '--policy', 'integrity', '--public-key', oldKey);
    expect(integrity.out).toMatch(
      /^Result: OLD FORMAT: INTEGRITY ONLY: the files are whole and signed by the trusted/m,
    );
    expect(integrity.code).toBe(0);
  });
});

describe('verify: mistakes of the command are exit 2 before any check', () => {
  it('a policy the evidence of its run profile can never meet', async () => {
    const dir = await bundleOf(
      changed((e) => Object.assign(e, { runProfile: 'conformance' })),
      keys.privateKey,
    );
    const result = await verify(dir, '--policy', 'certification', '--public-key', trusted);
    expect(result.err).toMatch(/^E_POLICY_PROFILE: policy certification holds only evidence of a certification run/);
    expect(result.err).toMatch(/\n {2}fix: .+/);
    expect(result.out).toBe('');
    expect(result.code).toBe(2);
    expect((await verify(dir, '--policy', 'integrity')).code).toBe(0);
  });

  it.each([
    [['--policy', 'gold'], /^E_POLICY_UNKNOWN: --policy gold is not a policy/],
    [['--spec-digest', 'sha256:beef'], /^E_SPEC_DIGEST_INVALID: /],
    [['--spec-digest', `sha256:${'ab'.repeat(32)}`, '--spec', PROVIDER_SPEC], /^E_FLAGS_CONFLICT: /],
    [['--public-key', join(PROJECT_ROOT, 'package.json')], /^E_PUBLIC_KEY_INVALID: /],
  ])('%j', async (flags, error) => {
    const result = await verify(join(signed(), 'bundle'), ...flags);
    expect(result.err).toMatch(error);
    expect(result.out).toBe('');
    expect(result.code).toBe(2);
  });

  it('a path that holds no bundle', async () => {
    const result = await verify(tmp.dir);
    expect(result.err).toMatch(/^E_EVIDENCE_UNREADABLE: .+ holds no bundle/);
    expect(result.code).toBe(2);
  });

  it('a signing key that is not Ed25519 is refused before the run, without showing it', async () => {
    const canary = 'SIGNINGCANARY0123456789abcdef';
    process.env[SIGNING_KEY_ENV] = canary;
    const result = await certify(tmp.path('bad-key'));
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/^E_SIGNING_KEY_INVALID: .+\n {2}fix: .+/);
    expect(result.err + result.out).not.toContain(canary);
    process.env[SIGNING_KEY_ENV] = pem(keys.privateKey);
  });
});
