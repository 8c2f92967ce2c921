/** The https target's certificate as the run saw it, and the warning before it expires. */

export interface TlsCertificate {
  /** The host whose certificate it is (the base URL's). */
  host: string;
  /** When it expires (ISO 8601). */
  validTo: string;
  /** Days from the run's start to its expiry (negative once expired). */
  daysLeft: number;
  /** The run warns below this many days (the target profile's `tlsExpiryWarningDays`, else 14). */
  warnDays: number;
  subject?: string;
  issuer?: string;
}

/** Days before expiry under which a run warns when the target profile does not say. */
export const DEFAULT_TLS_WARNING_DAYS = 14;

const expiresSoon = (tls: TlsCertificate) => tls.daysLeft < tls.warnDays;

/** `! W_TLS_EXPIRES_SOON: the certificate of host expires in 9.5 days (…), under the warning threshold of 14`. */
export function tlsWarningLine(tls: TlsCertificate): string | undefined {
  if (!expiresSoon(tls)) return undefined;
  const when =
    tls.daysLeft < 0 ? `expired ${(-tls.daysLeft).toFixed(1)} days ago` : `expires in ${tls.daysLeft.toFixed(1)} days`;
  return (
    `W_TLS_EXPIRES_SOON: the TLS certificate of ${tls.host} ${when} (${tls.validTo}), under the ` +
    `warning threshold of ${tls.warnDays} days; renew it before clients refuse the handshake`
  );
}
