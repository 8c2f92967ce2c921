/** The suite's HTTP client (undici): keys per role, rate budgets, request cap, recording with redaction, read-only enforcement. */
export { createClient, DEFAULT_MAX_BODY_BYTES, DEFAULT_TIMEOUT_MS } from './client.js';
export type { ApiFamily, ApiRequest, Client, ClientOptions, Together } from './types.js';
export { asRace, sendConcurrently } from './race.js';
export { BUDGET_TIMEOUT, BudgetTimeout, MissingKeyRole, RequestCapExceeded } from './errors.js';
export { KeyRing, keyValues, requireKeys } from './keys.js';
export { redact, REDACTED } from './redact.js';
export {
  RateBudgets,
  sharedBudgets,
  STAGE_RATE,
  TIER_RATES,
  tierOfRole,
  TokenBucket,
  type Tier,
} from './rate-budget.js';
export { IDEMPOTENCY_KEY_FORMAT, newIdempotencyKey } from './idempotency.js';
export { retryAfterMs } from './retry-after.js';
export { apiPathOf, KEY_HEADER } from './request-target.js';
export { deadline } from './interceptors/deadline.js';
export { pacing } from './interceptors/pacing.js';
export { readOnlyGuard, hasSideEffects } from './interceptors/read-only.js';
export { recorder } from './interceptors/record.js';
export { JOURNAL_FILE, journalIn, JournalWriter, readJournal, startJournal } from './journal.js';
export { requestCap, type RequestCapOptions } from './interceptors/request-cap.js';
