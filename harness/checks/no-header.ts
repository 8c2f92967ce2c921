import type { Check } from './scope.js';
import { headerOf, quote, requireResponse, violation } from './scope.js';

/** The response does not carry the header (e.g. `Idempotent-Replay` on a first call). */
export const expectNoHeader: Check<string> = (exchange, name, scope) => {
  const response = requireResponse(exchange, scope);
  const actual = headerOf(response.headers, name);
  if (actual !== undefined) {
    throw violation(scope, exchange, `unexpected header ${name}`, `no ${name} header`, `${name}: "${quote(actual)}"`);
  }
};
