/**
 * A local TLS terminator for end-to-end tests: an https server on 127.0.0.1 whose certificate
 * (for IP 127.0.0.1, self-signed, valid one day) is made by `openssl` at test time, so no key
 * is ever committed. The certificate doubles as the private CA a profile's caFile names.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
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
