/**
 * A bundle's manifest: each file it holds by name, sha256 and size. Its bytes are the RFC 8785
 * canonical JSON of the manifest (through `canonicalize`, the scheme's reference implementation),
 * so whoever signs it and whoever checks it hash the same bytes, whatever tool wrote them.
 */
import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';

export const BUNDLE_FORMAT = 'partner-conformance.bundle/1';

interface ManifestFile {
  /** Its path inside the bundle, with forward slashes. */
  name: string;
  /** Lowercase hex sha256 of its bytes (what `sha256sum` prints). */
  sha256: string;
  bytes: number;
}

export interface Manifest {
  format: typeof BUNDLE_FORMAT;
  runId: string;
  /** The file of the bundle that is the evidence; the others are what it ties together. */
  evidence: string;
  files: ManifestFile[];
}

export const sha256Hex = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

export function manifestOf(runId: string, evidence: string, files: ReadonlyArray<[string, Uint8Array]>): Manifest {
  return {
    format: BUNDLE_FORMAT,
    runId,
    evidence,
    files: files
      .map(([name, bytes]) => ({ name, sha256: sha256Hex(bytes), bytes: bytes.length }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
}

/** The manifest's RFC 8785 canonical JSON, as bytes: what the signature covers. */
export function manifestBytes(manifest: Manifest): Uint8Array {
  return new TextEncoder().encode(canonicalize(manifest)!);
}

/** A name a bundle may hold: relative, forward slashes, no `..` (a manifest must not point outside it). */
export function isBundleName(name: unknown): name is string {
  return (
    typeof name === 'string' &&
    /^[\w.-]+(\/[\w.-]+)*$/.test(name) &&
    !name.split('/').some((part) => part === '..' || part === '.')
  );
}
