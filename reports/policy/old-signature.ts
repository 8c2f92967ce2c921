/**
 * The signature of the former evidence format (`partner-conformance.evidence/1`): an Ed25519
 * signature of this project's making over the canonical JSON of evidence.json without its
 * `signature` member, the public key carried beside it. Read, never written: such a file is
 * checked for integrity only (reports/policy/).
 */
import { createHash, createPublicKey, verify, type KeyObject } from 'node:crypto';
import { canonicalJson } from '../digest.js';

interface OldSignature {
  algorithm: 'Ed25519';
  /** The signer's public key, SPKI DER in base64. */
  publicKey: string;
  /** `sha256:<hex>` of that DER. */
  keyId: string;
  /** The signature of the canonical JSON of the document without `signature`, base64. */
  value: string;
}

export type OldSignatureCheck = { ok: true; publicKey: KeyObject } | { ok: false; reason: string };

const spkiDigest = (key: KeyObject) =>
  `sha256:${createHash('sha256')
    .update(key.export({ type: 'spki', format: 'der' }))
    .digest('hex')}`;

/** Checks the document's own signature with the public key it carries: not changed since that key signed it. */
export function checkOldSignature(document: object): OldSignatureCheck {
  const signature = (document as { signature?: Partial<OldSignature> }).signature;
  if (!signature) return { ok: false, reason: 'the document is not signed' };
  if (
    signature.algorithm !== 'Ed25519' ||
    typeof signature.publicKey !== 'string' ||
    typeof signature.value !== 'string'
  )
    return { ok: false, reason: 'the signature is not an Ed25519 signature of the former format' };
  let publicKey: KeyObject;
  try {
    publicKey = createPublicKey({ key: Buffer.from(signature.publicKey, 'base64'), format: 'der', type: 'spki' });
  } catch {
    return { ok: false, reason: 'the public key in the signature cannot be read' };
  }
  if (signature.keyId !== spkiDigest(publicKey))
    return { ok: false, reason: 'the keyId does not match the public key' };
  const { signature: _ignored, ...rest } = document as Record<string, unknown>;
  if (!verify(null, Buffer.from(canonicalJson(rest)), publicKey, Buffer.from(signature.value, 'base64')))
    return { ok: false, reason: 'the signature does not match the content: the document was changed after signing' };
  return { ok: true, publicKey };
}
