/**
 * The certificate chain of every https host the profile names (the base URL's, the older
 * ICHRA's, the Medicare's), each read by a TLS handshake of its own (inside the proxy's CONNECT
 * tunnel when one carries the host, with the CAs the run trusts): no HTTP request, nothing
 * counted against the run's budget. The whole chain is judged, as blackbox_exporter's
 * `probe_ssl_earliest_cert_expiry` is: the certificate that expires first, and whether the chain
 * verifies. A host whose handshake fails is left out: the preflight and the checks that reach it
 * tell that outage.
 */
import type { PeerCertificate, TLSSocket } from 'node:tls';
import { connect as tlsConnect } from 'node:tls';
import type { Duplex } from 'node:stream';
import { Client } from 'undici';
import { trustedCas } from '../../harness/client/network.js';
import { proxyFor } from '../../harness/client/proxy-route.js';
import type { TargetProfile } from '../../harness/run-config.js';
import { DEFAULT_TLS_WARNING_DAYS, type TlsCertificate } from '../../reports/monitor/tls.js';

const DAY_MS = 86_400_000;
const DEFAULT_TIMEOUT_MS = 10_000;

/** The https URLs of the profile's hosts, one per host:port, the base URL's first. */
function httpsHosts(profile: Pick<TargetProfile, 'baseUrl' | 'legacyBaseUrl' | 'medicareBaseUrl'>): URL[] {
  const urls = [profile.baseUrl, profile.legacyBaseUrl, profile.medicareBaseUrl].flatMap((u) =>
    u ? [new URL(u)] : [],
  );
  const seen = new Set<string>();
  return urls.filter((u) => u.protocol === 'https:' && !seen.has(u.host) && seen.add(u.host));
}

/** The peer's chain, its own certificate first, each once (a self-signed root is its own issuer). */
function chainOf(peer: PeerCertificate & { issuerCertificate?: PeerCertificate }): PeerCertificate[] {
  const chain: PeerCertificate[] = [];
  let cert: (PeerCertificate & { issuerCertificate?: PeerCertificate }) | undefined = peer;
  while (cert?.valid_to && !chain.some((c) => c.fingerprint256 === cert!.fingerprint256)) {
    chain.push(cert);
    cert = cert.issuerCertificate;
  }
  return chain;
}

/** A socket to `url`'s host: inside the proxy's CONNECT tunnel when the environment routes it through one. */
async function tunnelTo(
  url: URL,
  ca: string[] | undefined,
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
): Promise<{ socket?: Duplex; close(): Promise<void> }> {
  const route = proxyFor(url, env);
  if (!route) return { close: async () => undefined };
  const proxy = new URL(route.url);
  const user = `${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`;
  const auth = proxy.username ? { 'proxy-authorization': `Basic ${Buffer.from(user).toString('base64')}` } : undefined;
  const client = new Client(proxy.origin, { connect: { timeout: timeoutMs, ...(ca ? { ca } : {}) } });
  const { socket, statusCode } = await client.connect({
    path: `${url.hostname}:${url.port || 443}`,
    ...(auth ? { headers: auth } : {}),
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (statusCode !== 200) throw new Error(`the proxy answered CONNECT with ${statusCode}`);
  return { socket, close: () => client.close() };
}

/** One handshake with `url`'s host: its chain, and why it does not verify, if it does not. */
async function handshake(
  url: URL,
  ca: string[] | undefined,
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
): Promise<{ chain: PeerCertificate[]; untrusted?: string }> {
  const tunnel = await tunnelTo(url, ca, env, timeoutMs);
  try {
    const tls: TLSSocket = tlsConnect({
      ...(tunnel.socket ? { socket: tunnel.socket } : { host: url.hostname, port: Number(url.port || 443) }),
      ...(/^[\d.]+$|:/.test(url.hostname) ? {} : { servername: url.hostname }),
      ...(ca ? { ca } : {}),
      rejectUnauthorized: false,
    });
    return await new Promise((resolve, reject) => {
      const timer = setTimeout(() => tls.destroy(new Error('no handshake within the request timeout')), timeoutMs);
      tls.once('secureConnect', () => {
        clearTimeout(timer);
        const chain = chainOf(tls.getPeerCertificate(true));
        const untrusted = tls.authorized ? undefined : String(tls.authorizationError ?? 'not trusted');
        tls.destroy();
        resolve({ chain, ...(untrusted ? { untrusted } : {}) });
      });
      tls.once('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
    });
  } finally {
    await tunnel.close();
  }
}

const cn = (name: PeerCertificate['subject'] | undefined) => (name?.CN ? String(name.CN) : undefined);

/** The chain judged at `started`: the certificate that expires first, and how far off that is. */
function judged(
  host: string,
  chain: PeerCertificate[],
  untrusted: string | undefined,
  warnDays: number,
  started: number,
): TlsCertificate {
  const links = chain.map((c) => ({
    ...(cn(c.subject) ? { subject: cn(c.subject) } : {}),
    ...(cn(c.issuer) ? { issuer: cn(c.issuer) } : {}),
    validTo: new Date(Date.parse(c.valid_to)).toISOString(),
  }));
  const first = [...links].sort((a, b) => Date.parse(a.validTo) - Date.parse(b.validTo))[0]!;
  return {
    host,
    validTo: first.validTo,
    daysLeft: Math.round(((Date.parse(first.validTo) - started) / DAY_MS) * 10) / 10,
    warnDays,
    ...(first.subject ? { subject: first.subject } : {}),
    ...(first.issuer ? { issuer: first.issuer } : {}),
    chain: links,
    ...(untrusted ? { untrusted } : {}),
  };
}

/** Reads the chain of every https host of the profile, at once; resolves with those it could read. */
export async function readCertificates(
  profile: Pick<
    TargetProfile,
    'baseUrl' | 'legacyBaseUrl' | 'medicareBaseUrl' | 'caFile' | 'requestTimeoutMs' | 'tlsExpiryWarningDays'
  >,
  env: NodeJS.ProcessEnv = process.env,
  now: () => number = Date.now,
): Promise<TlsCertificate[]> {
  const started = now();
  const warnDays = profile.tlsExpiryWarningDays ?? DEFAULT_TLS_WARNING_DAYS;
  const timeoutMs = profile.requestTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  const ca = trustedCas(profile.caFile, env);
  const read = await Promise.all(
    httpsHosts(profile).map((url) =>
      handshake(url, ca, env, timeoutMs).then(
        ({ chain, untrusted }) =>
          chain.length > 0 ? judged(url.host, chain, untrusted, warnDays, started) : undefined,
        () => undefined,
      ),
    ),
  );
  return read.filter((c): c is TlsCertificate => c !== undefined);
}
