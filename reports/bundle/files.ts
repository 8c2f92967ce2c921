/**
 * A bundle on disk: a folder of files and the manifest of their digests, signed (`manifest.jws`, a
 * compact JWS whose payload is the manifest's RFC 8785 bytes) or, without a signing key, plain
 * (`manifest.json`, the same bytes). What a provider receives, and what `verify` and
 * `merge-evidence` open.
 */
import type { KeyObject } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { copyFile, link, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { checkJws, signPayload, type JwsCheck, type TrustedKey } from './jws.js';
import { BUNDLE_FORMAT, isBundleName, manifestBytes, manifestOf, sha256Hex, type Manifest } from './manifest.js';

/** The folder of a run's bundle, inside its report folder. */
export const BUNDLE_DIR = 'bundle';
export const SIGNED_MANIFEST = 'manifest.jws';
export const PLAIN_MANIFEST = 'manifest.json';

/** A file of a bundle: its bytes, and the file they were read from, when there is one. */
export type BundleInput = [name: string, bytes: Uint8Array, from?: string];

/** The file `from` at `to`: a hard link where the file system allows (evidence runs to tens of MB), else a copy. */
async function place(from: string, to: string): Promise<void> {
  try {
    await link(from, to);
  } catch {
    await copyFile(from, to);
  }
}

/** Writes `files` and their manifest into `dir`, signed when `key` is given; returns the manifest's file name. */
export async function writeBundle(
  dir: string,
  runId: string,
  evidence: string,
  files: readonly BundleInput[],
  key?: KeyObject,
): Promise<string> {
  for (const [name, bytes, from] of files) {
    await mkdir(dirname(join(dir, name)), { recursive: true });
    if (from) await place(from, join(dir, name));
    else await writeFile(join(dir, name), bytes);
  }
  const payload = manifestBytes(
    manifestOf(
      runId,
      evidence,
      files.map(([name, bytes]) => [name, bytes]),
    ),
  );
  if (!key) {
    await writeFile(join(dir, PLAIN_MANIFEST), payload);
    return PLAIN_MANIFEST;
  }
  await writeFile(join(dir, SIGNED_MANIFEST), `${await signPayload(payload, key)}\n`);
  return SIGNED_MANIFEST;
}

/** The folder given, or the bundle inside a report folder; undefined when neither holds a manifest. */
export function bundleDirOf(path: string): string | undefined {
  const holds = (dir: string) => existsSync(join(dir, SIGNED_MANIFEST)) || existsSync(join(dir, PLAIN_MANIFEST));
  if (holds(path)) return path;
  if (holds(join(path, BUNDLE_DIR))) return join(path, BUNDLE_DIR);
  return undefined;
}

/** One file of the manifest as found in the bundle. */
interface BundleFile {
  name: string;
  /** Its bytes when present and matching the manifest's sha256 and size. */
  bytes?: Uint8Array;
  /** Why not, when it does not. */
  problem?: string;
}

/** A bundle as opened: its signature (absent: unsigned), its manifest, and each file checked against it. */
export interface OpenedBundle {
  dir: string;
  signature?: JwsCheck;
  /** Absent when the manifest cannot be read (a broken signature, a malformed file). */
  manifest?: Manifest;
  /** Why the manifest cannot be read. */
  problem?: string;
  files: BundleFile[];
}

function manifestFrom(bytes: Uint8Array): Manifest | string {
  let value: Partial<Manifest>;
  try {
    value = JSON.parse(new TextDecoder().decode(bytes)) as Partial<Manifest>;
  } catch {
    return 'the manifest is not JSON';
  }
  if (value?.format !== BUNDLE_FORMAT) return `the manifest is not of the format ${BUNDLE_FORMAT}`;
  if (!Array.isArray(value.files) || !value.files.every((f) => isBundleName(f?.name)))
    return 'the manifest names a file outside the bundle, or none';
  if (!isBundleName(value.evidence)) return 'the manifest names no evidence file';
  return value as Manifest;
}

function checkFile(dir: string, entry: Manifest['files'][number]): BundleFile {
  const path = join(dir, entry.name);
  if (!existsSync(path)) return { name: entry.name, problem: 'missing' };
  const bytes = readFileSync(path);
  if (bytes.length !== entry.bytes || sha256Hex(bytes) !== entry.sha256)
    return { name: entry.name, problem: 'changed: its sha256 is not the one the manifest gives' };
  return { name: entry.name, bytes };
}

/** Opens the bundle in `dir`: its signature checked (against `trusted` keys, when given), each file against it. */
export async function openBundle(dir: string, trusted?: readonly TrustedKey[]): Promise<OpenedBundle> {
  let payload: Uint8Array;
  let signature: JwsCheck | undefined;
  if (existsSync(join(dir, SIGNED_MANIFEST))) {
    signature = await checkJws(readFileSync(join(dir, SIGNED_MANIFEST), 'utf8').trim(), trusted);
    if (!signature.ok) return { dir, signature, problem: 'its signature does not hold', files: [] };
    payload = signature.payload;
  } else payload = readFileSync(join(dir, PLAIN_MANIFEST));
  const manifest = manifestFrom(payload);
  if (typeof manifest === 'string') return { dir, ...(signature ? { signature } : {}), problem: manifest, files: [] };
  return {
    dir,
    ...(signature ? { signature } : {}),
    manifest,
    files: manifest.files.map((entry) => checkFile(dir, entry)),
  };
}
