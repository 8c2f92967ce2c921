/**
 * The evidence signing key: an Ed25519 private key (PKCS#8, PEM or base64 DER) in the
 * environment variable below, read once before the first request. Its value is never shown.
 */
import { createPrivateKey, type KeyObject } from 'node:crypto';
import { ConfigError } from '../harness/errors.js';

export const SIGNING_KEY_ENV = 'PARTNER_CONFORMANCE_SIGNING_KEY';

/** The key, or undefined when the variable is unset or empty (evidence is then unsigned). */
export function signingKeyFromEnv(env: NodeJS.ProcessEnv = process.env): KeyObject | undefined {
  const raw = env[SIGNING_KEY_ENV];
  if (raw === undefined || raw.trim() === '') return undefined;
  let key: KeyObject;
  try {
    key = raw.includes('-----BEGIN')
      ? createPrivateKey(raw)
      : createPrivateKey({ key: Buffer.from(raw.trim(), 'base64'), format: 'der', type: 'pkcs8' });
  } catch {
    throw new ConfigError(
      'E_SIGNING_KEY_INVALID',
      `${SIGNING_KEY_ENV} does not hold a private key (PKCS#8 PEM or base64 DER)`,
    );
  }
  if (key.asymmetricKeyType !== 'ed25519')
    throw new ConfigError(
      'E_SIGNING_KEY_INVALID',
      `${SIGNING_KEY_ENV} holds a ${key.asymmetricKeyType ?? 'non-asymmetric'} key, not Ed25519`,
    );
  return key;
}
