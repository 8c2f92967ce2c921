/**
 * The keys a provider trusts, from `verify --public-key <key.pem>` (one Ed25519 public key in
 * PEM, as `openssl pkey -pubout` writes it) or `--trusted-keys <file>` (a JWK set, one JWK, or
 * PEM public keys one after another). Never a key taken from the bundle itself.
 */
import { createPublicKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { ConfigError } from '../harness/errors.js';
import { trustedKeyOf, type TrustedKey } from '../reports/bundle/jws.js';

const PEM_KEY = /-----BEGIN PUBLIC KEY-----[\s\S]+?-----END PUBLIC KEY-----/g;

function readText(path: string, flag: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (err) {
    throw new ConfigError(
      'E_PUBLIC_KEY_INVALID',
      `${flag} ${path} cannot be read (${(err as NodeJS.ErrnoException).code})`,
    );
  }
}

function ed25519(make: () => KeyObject, flag: string, path: string): KeyObject {
  let key: KeyObject | undefined;
  try {
    key = make();
  } catch {
    // reported below
  }
  if (key?.asymmetricKeyType !== 'ed25519')
    throw new ConfigError('E_PUBLIC_KEY_INVALID', `${flag} ${path} holds a key that is not an Ed25519 public key`);
  return key;
}

function keysOfFile(path: string): KeyObject[] {
  const text = readText(path, '--trusted-keys');
  if (text.trim().startsWith('{')) {
    let value: { keys?: unknown };
    try {
      value = JSON.parse(text) as { keys?: unknown };
    } catch {
      throw new ConfigError('E_PUBLIC_KEY_INVALID', `--trusted-keys ${path} is not JSON (a JWK set or one JWK)`);
    }
    const jwks = Array.isArray(value.keys) ? value.keys : [value];
    // A private JWK given by mistake is read for its public half only.
    return jwks.map((jwk) =>
      ed25519(
        () => createPublicKey({ key: jwk as import('node:crypto').JsonWebKey, format: 'jwk' }),
        '--trusted-keys',
        path,
      ),
    );
  }
  const pems = text.match(PEM_KEY) ?? [];
  if (pems.length === 0)
    throw new ConfigError('E_PUBLIC_KEY_INVALID', `--trusted-keys ${path} holds no JWK set and no PEM public key`);
  return pems.map((pem) => ed25519(() => createPublicKey(pem), '--trusted-keys', path));
}

/** The trusted keys the flags give; undefined when they give none. */
export async function trustedKeysOf(publicKey?: string, keysFile?: string): Promise<TrustedKey[] | undefined> {
  const keys = [
    ...(publicKey !== undefined
      ? [ed25519(() => createPublicKey(readText(publicKey, '--public-key')), '--public-key', publicKey)]
      : []),
    ...(keysFile !== undefined ? keysOfFile(keysFile) : []),
  ];
  return keys.length > 0 ? Promise.all(keys.map(trustedKeyOf)) : undefined;
}
