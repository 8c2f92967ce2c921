/**
 * Tamper evidence for reports: a sha256 over canonical JSON (keys sorted, no whitespace,
 * undefined members dropped), so the same content always gives the same digest.
 */
import { createHash } from 'node:crypto';

/** JSON with object keys sorted at every depth; arrays keep their order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => (item === undefined ? null : sortKeys(item)));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const member = (value as Record<string, unknown>)[key];
    if (member !== undefined) out[key] = sortKeys(member);
  }
  return out;
}

/**
 * `sha256:<hex>` of the canonical JSON of `document` without its `digest` and `signature` members (the signature covers
 * the digest).
 */
export function documentDigest(document: object): string {
  const { digest: _ignored, signature: _signature, ...rest } = document as Record<string, unknown>;
  return `sha256:${createHash('sha256').update(canonicalJson(rest)).digest('hex')}`;
}

/** The same document with its `digest` member set. */
export function withDigest<T extends object>(document: T): T & { digest: string } {
  return { ...document, digest: documentDigest(document) };
}

/** True when the document's `digest` matches its content (it was not edited). */
export function verifyDigest(document: object): boolean {
  const claimed = (document as { digest?: unknown }).digest;
  return typeof claimed === 'string' && claimed === documentDigest(document);
}
