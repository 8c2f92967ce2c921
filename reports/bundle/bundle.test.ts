/**
 * The signed bundle: a manifest of every file's sha256 as RFC 8785 JSON, signed as a compact JWS
 * (EdDSA) that plain node:crypto checks as well as `jose`; a changed, missing or added-to file, an
 * edited manifest and a manifest that points outside the bundle are each caught.
 */
import { createPublicKey, type KeyObject, verify } from 'node:crypto';
import { readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import canonicalize from 'canonicalize';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleOf, certifiedEvidence, newKeys } from '../testing/certified.js';
import { openBundle, PLAIN_MANIFEST, SIGNED_MANIFEST } from './files.js';
import { keyIdOf, signPayload, trustedKeyOf } from './jws.js';
import { isBundleName, manifestBytes, manifestOf } from './manifest.js';

const keys = newKeys();
const other = newKeys();
const dirs: string[] = [];
/** `null`: unsigned. */
const bundle = async (key: KeyObject | null = keys.privateKey) => {
  const dir = await bundleOf(certifiedEvidence(), key ?? undefined);
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const b64url = (part: string) => Buffer.from(part, 'base64url');
const partsOf = (dir: string) => readFileSync(join(dir, SIGNED_MANIFEST), 'utf8').trim().split('.');

describe('the manifest', () => {
  it('lists every file by name, sha256 and size, as RFC 8785 canonical JSON', () => {
    const manifest = manifestOf('run-1', 'b.json', [
      ['b.json', new TextEncoder().encode('{}')],
      ['a.html', new TextEncoder().encode('x')],
    ]);
    expect(manifest.files).toEqual([
      { name: 'a.html', sha256: '2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881', bytes: 1 },
      { name: 'b.json', sha256: '44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a', bytes: 2 },
    ]);
    const text = new TextDecoder().decode(manifestBytes(manifest));
    expect(text).toBe(canonicalize(JSON.parse(text)));
    expect(text.startsWith('{"evidence":"b.json","files":[{"bytes":1,"name":"a.html"')).toBe(true);
  });

  it('names only files inside the bundle', () => {
    for (const name of ['evidence.json', 'shard-2/summary.json']) expect(isBundleName(name)).toBe(true);
    for (const name of ['../evidence.json', '/etc/passwd', 'a/../../b', './x', 'a\\b', '', 7])
      expect(isBundleName(name)).toBe(false);
  });
});

describe('the signed bundle', () => {
  it('opens whole, signed by the key its kid names (RFC 7638), trusted only when that key is', async () => {
    const dir = await bundle();
    const kid = await keyIdOf(keys.publicKey);
    const opened = await openBundle(dir, [await trustedKeyOf(keys.publicKey)]);
    expect(opened.signature).toMatchObject({ ok: true, kid, trusted: true });
    expect(opened.files.map((f) => [f.name, f.problem])).toEqual([
      ['evidence.json', undefined],
      ['report.html', undefined],
      ['summary.json', undefined],
    ]);
    expect((await openBundle(dir, [await trustedKeyOf(other.publicKey)])).signature).toMatchObject({
      ok: true,
      trusted: false,
    });
    expect((await openBundle(dir)).signature).toEqual(expect.objectContaining({ ok: true, kid }));
    expect((await openBundle(dir)).signature).not.toHaveProperty('trusted');
  });

  it('is a standard compact JWS: EdDSA, its payload the manifest bytes, checked by node:crypto alone', async () => {
    const dir = await bundle();
    const [header, payload, signature] = partsOf(dir);
    const protectedHeader = JSON.parse(b64url(header!).toString()) as { alg: string; kid: string; jwk: object };
    expect(protectedHeader).toMatchObject({ alg: 'EdDSA', kid: await keyIdOf(keys.publicKey) });
    const signer = createPublicKey({ key: protectedHeader.jwk as import('node:crypto').JsonWebKey, format: 'jwk' });
    expect(signer.equals(keys.publicKey)).toBe(true);
    expect(verify(null, Buffer.from(`${header}.${payload}`), keys.publicKey, b64url(signature!))).toBe(true);
    const manifest = JSON.parse(b64url(payload!).toString()) as { files: Array<{ name: string; sha256: string }> };
    expect(manifest.files.map((f) => f.name)).toEqual(['evidence.json', 'report.html', 'summary.json']);
  });

  it('catches a changed file and a missing one', async () => {
    const dir = await bundle();
    writeFileSync(join(dir, 'report.html'), '<html>all green</html>\n');
    unlinkSync(join(dir, 'summary.json'));
    const opened = await openBundle(dir);
    expect(opened.signature?.ok).toBe(true);
    expect(opened.files.filter((f) => f.problem).map((f) => [f.name, f.problem])).toEqual([
      ['report.html', 'changed: its sha256 is not the one the manifest gives'],
      ['summary.json', 'missing'],
    ]);
  });

  it('catches a manifest edited after signing, even with its digests made to match', async () => {
    const dir = await bundle();
    const [header, payload, signature] = partsOf(dir);
    const manifest = JSON.parse(b64url(payload!).toString()) as { runId: string };
    manifest.runId = 'another-run';
    const edited = Buffer.from(JSON.stringify(manifest)).toString('base64url');
    writeFileSync(join(dir, SIGNED_MANIFEST), `${header}.${edited}.${signature}\n`);
    const opened = await openBundle(dir);
    expect(opened.signature).toMatchObject({ ok: false, reason: expect.stringMatching(/changed after signing/) });
    expect(opened.manifest).toBeUndefined();
  });

  it('refuses a key swapped in that the kid does not name, and a manifest pointing outside', async () => {
    const dir = await bundle();
    const [, payload] = partsOf(dir);
    const forged = await signPayload(b64url(payload!), other.privateKey);
    const [forgedHeader, , forgedSignature] = forged.split('.');
    const header = JSON.parse(b64url(forgedHeader!).toString()) as { kid: string };
    header.kid = await keyIdOf(keys.publicKey);
    const swapped = Buffer.from(JSON.stringify(header)).toString('base64url');
    writeFileSync(join(dir, SIGNED_MANIFEST), `${swapped}.${payload}.${forgedSignature}\n`);
    expect((await openBundle(dir)).signature).toMatchObject({ ok: false, reason: expect.stringMatching(/kid/) });

    const outside = manifestBytes({
      ...manifestOf('run-1', 'evidence.json', [['evidence.json', new Uint8Array()]]),
      files: [{ name: '../evidence.json', sha256: '00', bytes: 0 }],
    });
    writeFileSync(join(dir, SIGNED_MANIFEST), await signPayload(outside, keys.privateKey));
    expect((await openBundle(dir)).problem).toMatch(/outside the bundle/);
  });

  it('without a key: a plain manifest, the same bytes, and no signature', async () => {
    const dir = await bundle(null);
    expect(() => readFileSync(join(dir, SIGNED_MANIFEST))).toThrow();
    const opened = await openBundle(dir);
    expect(opened.signature).toBeUndefined();
    expect(opened.manifest?.files).toHaveLength(3);
    expect(readFileSync(join(dir, PLAIN_MANIFEST), 'utf8')).toBe(
      new TextDecoder().decode(manifestBytes(opened.manifest!)),
    );
  });
});
