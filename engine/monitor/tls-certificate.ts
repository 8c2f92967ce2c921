/**
 * The https target's certificate, read from the run's own first connection to the base URL's
 * host (undici's `undici:client:connected` diagnostics channel gives the TLS socket, through a
 * proxy's tunnel too): no connection of its own, no request counted against the budget.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { TLSSocket } from 'node:tls';
import { DEFAULT_TLS_WARNING_DAYS, type TlsCertificate } from '../../reports/monitor/tls.js';

const CHANNEL = 'undici:client:connected';
const DAY_MS = 86_400_000;

interface Connected {
  connectParams: { hostname: string; protocol: string; port: string | number };
  socket: Partial<TLSSocket>;
}

export interface CertificateWatch {
  /** Stops watching; the certificate seen, if an https connection to the host was made. */
  stop(): TlsCertificate | undefined;
}

const NOTHING: CertificateWatch = { stop: () => undefined };

/** Watches connections to `baseUrl`'s host from now until `stop()`; nothing for a plain-http target. */
export function watchCertificate(
  baseUrl: string,
  warnDays = DEFAULT_TLS_WARNING_DAYS,
  now: () => number = Date.now,
): CertificateWatch {
  const url = new URL(baseUrl);
  if (url.protocol !== 'https:') return NOTHING;
  const port = url.port || '443';
  const started = now();
  let seen: TlsCertificate | undefined;
  const onConnected = (message: unknown) => {
    const { connectParams, socket } = message as Connected;
    if (seen || connectParams.protocol !== 'https:' || connectParams.hostname !== url.hostname) return;
    if (String(connectParams.port || '443') !== port) return;
    const cert = socket.getPeerCertificate?.();
    if (!cert?.valid_to) return;
    const validTo = Date.parse(cert.valid_to);
    if (Number.isNaN(validTo)) return;
    seen = {
      host: url.host,
      validTo: new Date(validTo).toISOString(),
      daysLeft: Math.round(((validTo - started) / DAY_MS) * 10) / 10,
      warnDays,
      ...(cert.subject?.CN ? { subject: String(cert.subject.CN) } : {}),
      ...(cert.issuer?.CN ? { issuer: String(cert.issuer.CN) } : {}),
    };
  };
  subscribe(CHANNEL, onConnected);
  return {
    stop() {
      unsubscribe(CHANNEL, onConnected);
      return seen;
    },
  };
}
