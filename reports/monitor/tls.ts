/** The certificate chain of an https host of the profile as the run read it, and the warning before it expires. */

export interface TlsCertificate {
  /** The host whose chain it is (the base URL's, the older ICHRA's, the Medicare's). */
  host: string;
  /** When the first certificate of the chain expires (ISO 8601; blackbox_exporter's earliest expiry). */
  validTo: string;
  /** Days from the run's start to that expiry (negative once expired). */
  daysLeft: number;
  /** The run warns below this many days (the target profile's `tlsExpiryWarningDays`, else 14). */
  warnDays: number;
  /** The certificate that expires first: its subject and issuer (common names). */
  subject?: string;
  issuer?: string;
  /** The chain as the host sent it and the run's CAs completed it, the host's own certificate first. */
  chain?: Array<{ subject?: string; issuer?: string; validTo: string }>;
  /** Why the chain does not verify against the CAs the run trusts (the checks then fail its handshake). */
  untrusted?: string;
}

/** Days before expiry under which a run warns when the target profile does not say. */
export const DEFAULT_TLS_WARNING_DAYS = 14;

const expiresSoon = (tls: TlsCertificate) => tls.daysLeft < tls.warnDays;

/** ` ("R3", an intermediate of its chain)` when the certificate that expires first is not the host's own. */
function whichOf(tls: TlsCertificate): string {
  const own = tls.chain?.[0];
  if (!own || (own.validTo === tls.validTo && own.subject === tls.subject)) return '';
  const index = tls.chain!.findIndex((c) => c.validTo === tls.validTo && c.subject === tls.subject);
  const role = index === tls.chain!.length - 1 && tls.chain!.length > 1 ? 'the root' : 'an intermediate';
  return ` (${tls.subject ? `"${tls.subject}", ` : ''}${role} of its chain)`;
}

/**
 * `! W_TLS_EXPIRES_SOON: the TLS certificate of host ("R3", an intermediate of its chain) expires in 9.5 days (…),
 * under the warning threshold of 14`.
 */
export function tlsWarningLine(tls: TlsCertificate): string | undefined {
  if (!expiresSoon(tls)) return undefined;
  const when =
    tls.daysLeft < 0 ? `expired ${(-tls.daysLeft).toFixed(1)} days ago` : `expires in ${tls.daysLeft.toFixed(1)} days`;
  return (
    `W_TLS_EXPIRES_SOON: the TLS certificate of ${tls.host}${whichOf(tls)} ${when} (${tls.validTo}), under the ` +
    `warning threshold of ${tls.warnDays} days; renew it before clients refuse the handshake`
  );
}
