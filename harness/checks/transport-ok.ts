import type { Check } from './scope.js';
import { requireResponse } from './scope.js';

/** The request got an HTTP response at all (no timeout, refusal or reset). */
export const expectTransportOk: Check<void> = (exchange, _expectation, scope) => {
  requireResponse(exchange, scope);
};
