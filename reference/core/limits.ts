/**
 * The numbers of section 8, in one table, plus the reference server's own choices where the
 * contract leaves a limit open.
 */
import type { Account } from '../types.js';

export interface BucketSpec {
  /** Tokens added per second. */
  rate: number;
  /** Bucket capacity. */
  burst: number;
}

/** Requests per second / burst per key tier (section 8). */
export const TIER_LIMITS: Record<Account['tier'], BucketSpec> = {
  low: { rate: 1, burst: 2 },
  medium: { rate: 5, burst: 10 },
  high: { rate: 10, burst: 20 },
};

/** Shared limit across every caller on the stage (section 8). */
export const STAGE_LIMIT: BucketSpec = { rate: 20, burst: 30 };

/**
 * Largest accepted request body. The contract lists 413 but not the threshold; 1 MiB is the
 * reference server's choice (documented in reference/README.md).
 */
export const MAX_BODY_BYTES = 1024 * 1024;

/** Bodies beyond this are not drained: the server answers and closes the connection. */
export const DRAIN_LIMIT_BYTES = 16 * MAX_BODY_BYTES;

/** Idempotency-Key format, retention and store bound (section 8; the bound is ours). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{1,255}$/;
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;
export const IDEMPOTENCY_STORE_CAP = 10_000;
/** How long a key is held in flight under the fault `idempotencyLeaseShort`. */
export const SHORT_LEASE_MS = 30;
/** How long a key is kept under the fault `idempotencyRetentionShort`. */
export const SHORT_RETENTION_MS = 8_000;

/** Fixture prefixes on `external_id` of idempotent creates (slow enough to race; stored 500). */
export const SLOW_EXTERNAL_ID_PREFIX = 'slow-';
export const SLOW_DELAY_MS = 300;
export const FAIL_5XX_EXTERNAL_ID_PREFIX = 'fail-5xx-';
