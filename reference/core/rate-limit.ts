/**
 * Token buckets on the injectable clock: one per API key (sized by its tier) and one shared by
 * every caller (the stage limit). A request passes only when both buckets have a token, and it
 * takes from both only then, so a request refused by one bucket does not drain the other.
 */
import type { Account } from '../types.js';
import { STAGE_LIMIT, TIER_LIMITS, type BucketSpec } from './limits.js';

class TokenBucket {
  private tokens: number;
  private last: number;
  constructor(
    readonly spec: BucketSpec,
    now: number,
  ) {
    this.tokens = spec.burst;
    this.last = now;
  }
  /** Refill for the time passed; a clock that steps back adds nothing. */
  refill(now: number): void {
    if (now > this.last) {
      this.tokens = Math.min(this.spec.burst, this.tokens + ((now - this.last) / 1000) * this.spec.rate);
      this.last = now;
    }
  }
  has(): boolean {
    return this.tokens >= 1;
  }
  take(): void {
    this.tokens -= 1;
  }
  /** Whole seconds until one token is back (at least 1). */
  retryAfterSeconds(): number {
    return Math.max(1, Math.ceil((1 - this.tokens) / this.spec.rate));
  }
}

export type Refusal = { scope: 'key' | 'stage'; retryAfter: number; limit: BucketSpec };

export interface RateLimiterOptions {
  /** Size every key's bucket by this tier instead of its own (fault: tiers ignored). */
  tierOverride?: Account['tier'];
  /** Tier per account id, in place of the account's own (a sandbox started for pacing runs). */
  accountTiers?: Readonly<Record<string, Account['tier']>>;
  /** Skip the shared stage bucket (fault: stage limit ignored). */
  noStage?: boolean;
  /** Added to every key bucket's burst (fault: burst one short). */
  burstDelta?: number;
  /** Multiplies every key bucket's refill rate (fault: slow recovery). */
  refillScale?: number;
  /** One tier's limits in place of the contract's (faults of one tier, looser or stricter than stated). */
  tierLimits?: Partial<Readonly<Record<Account['tier'], BucketSpec>>>;
}

export class RateLimiter {
  private readonly keys = new Map<string, TokenBucket>();
  private stage: TokenBucket | undefined;

  constructor(private readonly options: RateLimiterOptions = {}) {}

  /** Take a token for this account, or say which bucket refused and when to retry. */
  take(account: Account, now: number): Refusal | undefined {
    const tier = this.options.tierOverride ?? this.options.accountTiers?.[account.id] ?? account.tier;
    let key = this.keys.get(account.id);
    if (!key) {
      const spec = this.options.tierLimits?.[tier] ?? TIER_LIMITS[tier];
      key = new TokenBucket(
        { rate: spec.rate * (this.options.refillScale ?? 1), burst: spec.burst + (this.options.burstDelta ?? 0) },
        now,
      );
      this.keys.set(account.id, key);
    }
    key.refill(now);
    if (!key.has()) return { scope: 'key', retryAfter: key.retryAfterSeconds(), limit: key.spec };
    if (!this.options.noStage) {
      this.stage ??= new TokenBucket(STAGE_LIMIT, now);
      this.stage.refill(now);
      if (!this.stage.has()) return { scope: 'stage', retryAfter: this.stage.retryAfterSeconds(), limit: STAGE_LIMIT };
      this.stage.take();
    }
    key.take();
    return undefined;
  }
}
