import type { Check } from './scope.js';
import { headerOf, quote, requireResponse, violation } from './scope.js';

/** delta-seconds (RFC 9110 §10.2.3): a non-negative integer. */
const DELTA_SECONDS = /^\d+$/;
/** IMF-fixdate, the HTTP-date form senders must generate (RFC 9110 §5.6.7). */
const IMF_FIXDATE = /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/;

/** The response carries a usable `Retry-After`: delta-seconds or an HTTP-date. */
export const expectRetryAfter: Check<void> = (exchange, _expectation, scope) => {
  const response = requireResponse(exchange, scope);
  const value = headerOf(response.headers, 'retry-after');
  const expected = 'Retry-After: <seconds> or <HTTP-date>';
  if (value === undefined) throw violation(scope, exchange, 'missing Retry-After', expected, 'no Retry-After header');
  const trimmed = value.trim();
  if (DELTA_SECONDS.test(trimmed) || (IMF_FIXDATE.test(trimmed) && !Number.isNaN(Date.parse(trimmed)))) return;
  throw violation(scope, exchange, 'unusable Retry-After', expected, `Retry-After: "${quote(value)}"`);
};
