/**
 * The bundle's signature: a JWS (RFC 7515, compact serialization) with EdDSA over Ed25519
 * (RFC 8037), through `jose`. Its payload is the manifest's RFC 8785 bytes; its protected header
 * names the key by its RFC 7638 thumbprint (`kid`) and carries the public key (`jwk`), so the
 * bundle can be checked whole without a key, and the signer told apart only with a key the reader
 * already trusts. Any JOSE library (Python's jwcrypto or PyJWT) or openssl can check it too.
 */
import { createPublicKey, type KeyObject } from 'node:crypto';
import {
  CompactSign,
  calculateJwkThumbprint,
  compactVerify,
  decodeProtectedHeader,
  EmbeddedJWK,
  exportJWK,
} from 'jose';

/** The one algorithm accepted: Ed25519 keys, as the signing key must be (engine/signing-key.ts). */
const ALGORITHMS = ['EdDSA'];

/** A key a reader trusts, by its RFC 7638 thumbprint. */
export interface TrustedKey {
  kid: string;
  key: KeyObject;
}

/** The RFC 7638 thumbprint (SHA-256, base64url) of an Ed25519 public key: what `kid` names. */
export async function keyIdOf(publicKey: KeyObject): Promise<string> {
  return calculateJwkThumbprint(await exportJWK(publicKey));
}

export async function trustedKeyOf(publicKey: KeyObject): Promise<TrustedKey> {
  return { kid: await keyIdOf(publicKey), key: publicKey };
}

/** The compact JWS of `payload`, signed with an Ed25519 private key. */
export async function signPayload(payload: Uint8Array, privateKey: KeyObject): Promise<string> {
  const jwk = await exportJWK(createPublicKey(privateKey));
  const kid = await calculateJwkThumbprint(jwk);
  return new CompactSign(payload).setProtectedHeader({ alg: 'EdDSA', kid, jwk }).sign(privateKey);
}

export type JwsCheck =
  | { ok: true; kid: string; payload: Uint8Array; trusted?: boolean }
  | { ok: false; reason: string; kid?: string };

/**
 * Checks `jws` with the public key its header carries (not changed since that key signed it) and
 * that `kid` is that key's thumbprint; with `trusted` keys given, whether the key is one of them
 * (checked again with the trusted key itself).
 */
export async function checkJws(jws: string, trusted?: readonly TrustedKey[]): Promise<JwsCheck> {
  let kid: string | undefined;
  try {
    const header = decodeProtectedHeader(jws);
    if (header.alg !== 'EdDSA') return { ok: false, reason: `its algorithm is ${String(header.alg)}, not EdDSA` };
    if (!header.jwk) return { ok: false, reason: 'its header carries no public key (jwk)' };
    kid = await calculateJwkThumbprint(header.jwk);
    if (header.kid !== kid) return { ok: false, reason: `its kid ${String(header.kid)} is not its key's thumbprint` };
  } catch (err) {
    return { ok: false, reason: `it is not a compact JWS (${(err as Error).message})` };
  }
  let payload: Uint8Array;
  try {
    ({ payload } = await compactVerify(jws, EmbeddedJWK, { algorithms: ALGORITHMS }));
  } catch {
    return { ok: false, kid, reason: 'the signature does not match the manifest: it was changed after signing' };
  }
  if (!trusted) return { ok: true, kid, payload };
  const match = trusted.find((t) => t.kid === kid);
  if (!match) return { ok: true, kid, payload, trusted: false };
  try {
    await compactVerify(jws, match.key, { algorithms: ALGORITHMS });
  } catch {
    return { ok: true, kid, payload, trusted: false };
  }
  return { ok: true, kid, payload, trusted: true };
}
