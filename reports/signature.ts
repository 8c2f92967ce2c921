/**
 * Ed25519 signatures over a report's canonical JSON (everything but the `signature` member).
 * The public key travels in the document, so anyone can check the bytes were not changed after
 * signing; only a public key the reader already trusts (`verify --public-key`) says who signed.
 */
import { createHash, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { canonicalJson } from './digest.js';

export interface Signature {
  algorithm: 'Ed25519';
  /** The signer's public key, SPKI DER in base64. */
  publicKey: string;
  /** `sha256:<hex>` of that DER: what a reader compares with the fingerprint it was given. */
  keyId: string;
  /** The signature of the canonical JSON of the document without `signature`, base64. */
  value: string;
}

function payload(document: object): Buffer {
  const { signature: _ignored, ...rest } = document as Record<string, unknown>;
  return Buffer.from(canonicalJson(rest));
}

function keyIdOf(publicKey: KeyObject): string {
  return `sha256:${createHash('sha256')
    .update(publicKey.export({ type: 'spki', format: 'der' }))
    .digest('hex')}`;
}

/** The document with its `signature` set by `privateKey` (an Ed25519 private key). */
export function signDocument<T extends object>(document: T, privateKey: KeyObject): T & { signature: Signature } {
  const publicKey = createPublicKey(privateKey);
  const signature: Signature = {
    algorithm: 'Ed25519',
    publicKey: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
    keyId: keyIdOf(publicKey),
    value: sign(null, payload(document), privateKey).toString('base64'),
  };
  return { ...document, signature };
}

export type SignatureCheck = { ok: true; keyId: string } | { ok: false; reason: string };

/** Checks the document's own signature with the public key it carries; `trusted`, when given, must be that key. */
export function checkSignature(document: object, trusted?: KeyObject): SignatureCheck {
  const signature = (document as { signature?: Partial<Signature> }).signature;
  if (!signature) return { ok: false, reason: 'the document is not signed' };
  if (
    signature.algorithm !== 'Ed25519' ||
    typeof signature.publicKey !== 'string' ||
    typeof signature.value !== 'string'
  ) {
    return { ok: false, reason: 'the signature is not an Ed25519 signature of this format' };
  }
  let publicKey: KeyObject;
  try {
    publicKey = createPublicKey({ key: Buffer.from(signature.publicKey, 'base64'), format: 'der', type: 'spki' });
  } catch {
    return { ok: false, reason: 'the public key in the signature cannot be read' };
  }
  const keyId = keyIdOf(publicKey);
  if (signature.keyId !== keyId) return { ok: false, reason: 'the keyId does not match the public key' };
  if (trusted && keyIdOf(trusted) !== keyId)
    return { ok: false, reason: `signed by ${keyId}, not by the trusted key ${keyIdOf(trusted)}` };
  if (!verify(null, payload(document), publicKey, Buffer.from(signature.value, 'base64')))
    return { ok: false, reason: 'the signature does not match the content: the document was changed after signing' };
  return { ok: true, keyId };
}
