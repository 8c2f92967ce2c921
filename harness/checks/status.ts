import type { Check } from './scope.js';
import { quote, requireResponse, violation } from './scope.js';

/** The response status is one of the expected statuses. */
export const expectStatus: Check<number | readonly number[]> = (exchange, statuses, scope) => {
  const response = requireResponse(exchange, scope);
  const allowed = typeof statuses === 'number' ? [statuses] : statuses;
  if (allowed.includes(response.status)) return;
  throw violation(
    scope,
    exchange,
    'unexpected status',
    `status ${allowed.join(' or ')}`,
    `status ${response.status} with body ${quote(response.body)}`,
  );
};
