/**
 * A local TLS terminator for end-to-end tests: an https server on 127.0.0.1 whose certificate
 * (for IP 127.0.0.1, self-signed, valid one day) is made by `openssl` at test time, so no key
 * is ever committed. The certificate doubles as the private CA a profile's caFile names.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import type { Server as HttpServer } from 'node:http';
import { createServer } from 'node:https';
import { join } from 'node:path';
import { listenOnLoopback } from '../../harness/client/test-server.js';
import type { Handler, LocalServer, Received } from './listen.js';

export interface Certificate {
  certFile: string;
  keyFile: string;
}

/** Whether this machine can make a certificate (the tests that need one are skipped without). */
export function hasOpenssl(): boolean {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export function selfSignedCertificate(dir: string): Certificate {
  const certFile = join(dir, 'ca.pem');
  const keyFile = join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  return { certFile, keyFile };
}

export async function listenTls(cert: Certificate, handler: Handler): Promise<LocalServer> {
  const received: Received[] = [];
  const server = createServer({ cert: readFileSync(cert.certFile), key: readFileSync(cert.keyFile) }, (req, res) => {
    received.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers });
    req.resume();
    handler(req, res, () => {});
  });
  // An https.Server is a net.Server with the same listen and connection events.
  const listening = await listenOnLoopback(server as unknown as HttpServer);
  return { ...listening, url: listening.url.replace('http:', 'https:'), received };
}

/** A chain a private CA vouches for: the root (`caFile`), an intermediate, and the certificate for 127.0.0.1. */
export interface CertificateChain extends Certificate {
  /** The root alone: what a profile's caFile names. */
  caFile: string;
}

/**
 * A root, an intermediate and a server certificate for IP 127.0.0.1 (sent with its intermediate),
 * each valid the days given: an intermediate that expires before the server's own certificate
 * is what a leaf-only reading misses.
 */
export function certificateChain(
  dir: string,
  days: { root: number; intermediate: number; leaf: number },
): CertificateChain {
  const path = (name: string) => join(dir, name);
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  const run = (args: string[]) => execFileSync('openssl', args, { stdio: 'ignore' });
  writeFileSync(path('ca.ext'), 'basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\n');
  writeFileSync(path('leaf.ext'), 'subjectAltName=IP:127.0.0.1\n');
  run([
    'req',
    '-x509',
    ...ec,
    '-keyout',
    path('root.key'),
    '-out',
    path('root.pem'),
    '-days',
    String(days.root),
    '-subj',
    '/CN=Test Root',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  ]);
  run(['req', ...ec, '-keyout', path('int.key'), '-out', path('int.csr'), '-subj', '/CN=Test Intermediate']);
  run([
    'x509',
    '-req',
    '-in',
    path('int.csr'),
    '-CA',
    path('root.pem'),
    '-CAkey',
    path('root.key'),
    '-CAcreateserial',
    '-out',
    path('int.pem'),
    '-days',
    String(days.intermediate),
    '-extfile',
    path('ca.ext'),
  ]);
  run(['req', ...ec, '-keyout', path('leaf.key'), '-out', path('leaf.csr'), '-subj', '/CN=127.0.0.1']);
  run([
    'x509',
    '-req',
    '-in',
    path('leaf.csr'),
    '-CA',
    path('int.pem'),
    '-CAkey',
    path('int.key'),
    '-CAcreateserial',
    '-out',
    path('leaf.pem'),
    '-days',
    String(days.leaf),
    '-extfile',
    path('leaf.ext'),
  ]);
  writeFileSync(path('chain.pem'), readFileSync(path('leaf.pem'), 'utf8') + readFileSync(path('int.pem'), 'utf8'));
  return { certFile: path('chain.pem'), keyFile: path('leaf.key'), caFile: path('root.pem') };
}
