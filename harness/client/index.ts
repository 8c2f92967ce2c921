/**
 * The suite's HTTP client (undici): keys per role, rate budgets, request cap, recording with redaction, read-only
 * enforcement.
 */
export { createClient, DEFAULT_TIMEOUT_MS } from './client.js';
export type { ApiRequest, Client, HeaderCase } from './types.js';
export { sendConcurrently, sendReleased, type Release } from './race.js';
export { unansweredOr5xx } from './errors.js';
export {
  RateBudgets,
  sharedBudgets,
  STAGE_RATE,
  TIER_RATES,
  tierOfRole,
  type Tier,
} from './rate-budget.js';
export { newIdempotencyKey } from './idempotency.js';
export { retryAfterMs } from './retry-after.js';
export type { RequestCapOptions } from './interceptors/request-cap.js';
