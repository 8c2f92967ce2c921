import { REDACTED } from '../client/redact.js';
import type { Check } from './scope.js';
import { requireResponse, violation } from './scope.js';

/**
 * The response does not carry the API key back. The client replaces every key value it
 * records with the redaction marker, so an echoed key shows up as that marker in the response.
 */
export const expectKeyNotEchoed: Check<void> = (exchange, _expectation, scope) => {
  const response = requireResponse(exchange, scope);
  const header = Object.entries(response.headers).find(([, value]) => value.includes(REDACTED));
  if (header)
    throw violation(
      scope,
      exchange,
      'API key echoed in a header',
      'no response header carrying the key',
      `header ${header[0]} carries it`,
    );
  if (response.body.includes(REDACTED))
    throw violation(scope, exchange, 'API key echoed in the body', 'a body without the key', 'the body carries it');
};
