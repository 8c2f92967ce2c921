/**
 * Names of the behaviour changes the core checks with `faulty(name)`. The faults that switch
 * them on live in reference/core/faults.ts and the family fault tables.
 */
import type { Gate } from '../types.js';

export const CORE_FLAGS = {
  invalidKeyAccepted: 'invalid-key-accepted',
  rateLimitTierIgnored: 'rate-limit-ignored-tier',
  rateLimitStageIgnored: 'rate-limit-stage-ignored',
  bodySizeUnlimited: 'body-size-unlimited',
  contentTypeIgnored: 'content-type-not-checked',
  malformedJson500: 'malformed-json-500',
  idempotencyNotScopedByKey: 'idempotency-not-scoped-by-key',
  idempotencyMismatchIgnored: 'idempotency-mismatch-ignored',
  idempotencyInProgressIgnored: 'idempotency-in-progress-ignored',
  idempotencyStores429: 'idempotency-stores-429',
  idempotency5xxNotStored: 'idempotency-5xx-not-stored',
  idempotencyKeyFormatUnchecked: 'idempotency-key-format-unchecked',
  idempotencyKeyRequiredIgnored: 'idempotency-key-required-ignored',
  idempotencyKeyMax128: 'idempotency-key-max-128',
  unknownRoute403: 'unknown-route-403',
  rateLimitBurstShort: 'rate-limit-burst-short',
  rateLimitSlowRefill: 'rate-limit-slow-refill',
  enrollmentsInvalidJsonUnified: 'enrollments-invalid-json-unified',
  docsContentTypeIgnored: 'enr-docs-text-plain-accepted',
  medicareKeyFromAuthorization: 'medicare-key-from-authorization-only',
} as const;

/** A gate the core stops checking when this flag is on. */
export const GATE_IGNORED_FLAG: Record<Gate, string> = {
  enrollment_sessions: 'sessions-gate-ignored',
  policy_status: 'policy-status-gate-ignored',
  direct_enrollment: 'direct-enrollment-gate-ignored',
};
