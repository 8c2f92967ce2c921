/**
 * Client-side rate budgets: one token bucket per API key, paced to the key's tier, plus the
 * stage limit every caller shares (contract section 8). Buckets are keyed by the name of the
 * key's environment variable, never by the key value.
 */
import type { KeyRef } from '../run-config.js';

export type Tier = KeyRef['tier'];

/** The tier a profile gives a key role; the contract's default tier (low) for a role it does not list. */
export function tierOfRole(keys: Readonly<Record<string, KeyRef>>, role: string): Tier {
  return Object.hasOwn(keys, role) ? keys[role]!.tier : 'low';
}

export interface Rate {
  perSecond: number;
  burst: number;
}

/** Contract section 8, "Tiers per API key". */
export const TIER_RATES: Record<Tier, Rate> = {
  low: { perSecond: 1, burst: 2 },
  medium: { perSecond: 5, burst: 10 },
  high: { perSecond: 10, burst: 20 },
};

/** Contract section 8, "Shared limit across callers on the stage". */
export const STAGE_RATE: Rate = { perSecond: 20, burst: 30 };

/**
 * Safety margin of the client's pacing against the target's limits. The client times a request
 * when it leaves; the target times it when it arrives, and network and event-loop jitter can
 * bring two requests closer together on arrival than they were on departure. Pacing at exactly
 * the stated rate and burst then provokes 429s the suite did not ask for, so the client keeps
 * one token of the burst in reserve and spaces requests slightly wider than the rate.
 */
export interface PacingMargin {
  intervalFactor: number;
  burstReserve: number;
}
export const PACING_MARGIN: PacingMargin = { intervalFactor: 1.08, burstReserve: 1 };
/** Pacing at exactly the stated limits (tests of the bucket arithmetic). */
export const EXACT_PACING: PacingMargin = { intervalFactor: 1, burstReserve: 0 };

/**
 * A token bucket in its GCRA form: one number, the theoretical arrival time (`tat`) of the
 * next request. A request conforms at `t` when `t >= tat - (burst - 1) * interval`.
 * `margin` defaults to PACING_MARGIN; tests of the exact arithmetic pass a zero margin.
 */
export class TokenBucket {
  #tat = -Infinity;
  readonly interval: number;
  readonly tolerance: number;
  constructor(
    readonly rate: Rate,
    margin: PacingMargin = PACING_MARGIN,
  ) {
    this.interval = (1000 / rate.perSecond) * margin.intervalFactor;
    const burst = Math.max(1, rate.burst - margin.burstReserve);
    this.tolerance = (burst - 1) * this.interval;
  }
  /** Earliest time at or after `now` that a request conforms. */
  earliest(now: number): number {
    return Math.max(now, this.#tat - this.tolerance);
  }
  /**
   * Earliest time at or after `now` that `n` requests conform at one instant. A race may use the
   * whole burst (no reserve): it is rare, and it waits until the bucket is full enough.
   */
  earliestTogether(now: number, n: number): number {
    if (n > this.rate.burst) return Infinity;
    return Math.max(now, this.#tat + (n - 1) * this.interval - (this.rate.burst - 1) * this.interval);
  }
  /** Milliseconds from `now` until every token is back (the theoretical arrival time reached). */
  fullIn(now: number): number {
    return Math.max(0, this.#tat - now);
  }
  /** Spends one token for a request sent at `at`. */
  take(at: number): void {
    this.#tat = Math.max(this.#tat, at) + this.interval;
  }
  /** No request before `until`, and then one at a time: the bucket is treated as empty then. */
  pauseUntil(until: number): void {
    this.#tat = Math.max(this.#tat, until + this.tolerance);
  }
}

/** Identifies one key's budget: the env var name of the key, or a pseudo-key such as `(no key)`. */
export interface BudgetRef {
  bucket: string;
  tier: Tier;
}

export class RateBudgets {
  readonly #buckets = new Map<string, TokenBucket>();
  readonly #stage: TokenBucket;

  /** `now` is a monotonic clock in ms (injectable for tests); `stage` defaults to STAGE_RATE. */
  constructor(
    readonly now: () => number = () => performance.now(),
    stage: Rate = STAGE_RATE,
    readonly margin: PacingMargin = PACING_MARGIN,
  ) {
    this.#stage = new TokenBucket(stage, margin);
  }

  /** The bucket of a key; the first tier seen for a key wins (one key has one tier). */
  #bucket(ref: BudgetRef): TokenBucket {
    let bucket = this.#buckets.get(ref.bucket);
    if (!bucket) {
      bucket = new TokenBucket(TIER_RATES[ref.tier], this.margin);
      this.#buckets.set(ref.bucket, bucket);
    }
    return bucket;
  }

  /**
   * Reserves the next slot for one request on this key and on the stage. Returns the wait in ms
   * before sending, or `null` (reserving nothing) when the wait would exceed `maxWaitMs`.
   */
  reserve(ref: BudgetRef, maxWaitMs: number): number | null {
    const now = this.now();
    const key = this.#bucket(ref);
    const at = Math.max(key.earliest(now), this.#stage.earliest(now));
    if (at - now > maxWaitMs) return null;
    key.take(at);
    this.#stage.take(at);
    return at - now;
  }

  /**
   * Reserves `n` slots at one instant on this key and on the stage (a race). Returns the wait in
   * ms, or `null` when it would exceed `maxWaitMs` or `n` exceeds a burst.
   */
  reserveTogether(ref: BudgetRef, n: number, maxWaitMs: number): number | null {
    const now = this.now();
    const key = this.#bucket(ref);
    const at = Math.max(key.earliestTogether(now, n), this.#stage.earliestTogether(now, n));
    if (at - now > maxWaitMs) return null;
    for (let i = 0; i < n; i++) {
      key.take(at);
      this.#stage.take(at);
    }
    return at - now;
  }

  /** The most requests of this key that can leave at one instant (its burst, bounded by the stage's). */
  burstOf(ref: BudgetRef): number {
    return Math.min(this.#bucket(ref).rate.burst, this.#stage.rate.burst);
  }

  /** How long a request on this key would wait now, without reserving (for diagnostics). */
  waitFor(ref: BudgetRef): number {
    const now = this.now();
    return Math.max(this.#bucket(ref).earliest(now), this.#stage.earliest(now)) - now;
  }

  /**
   * How long until this key's bucket is full again by what the client sent on it (0 for a key
   * not used lately): a deliberate burst that needs the whole burst waits this long first.
   */
  fullIn(ref: BudgetRef): number {
    return this.#bucket(ref).fullIn(this.now());
  }

  /**
   * How long until `n` requests (at most the stage's burst) could leave together on the stage, by
   * what the client sent: a deliberate burst of one key waits this long, so that only the key's
   * own limit can refuse it.
   */
  stageRoomIn(n: number): number {
    const now = this.now();
    return Math.max(0, this.#stage.earliestTogether(now, Math.min(n, this.#stage.rate.burst)) - now);
  }

  /**
   * A deliberate burst emptied the stage's bucket just now: every key's next request waits for
   * one token to come back, and the rest follow at the stage's pace (no wait for a full refill).
   */
  stageDrained(): void {
    this.#stage.pauseUntil(this.now() + this.#stage.interval);
  }

  /** After a 429 with `Retry-After`: this key sends nothing for `ms`. */
  pause(ref: BudgetRef, ms: number): void {
    this.#bucket(ref).pauseUntil(this.now() + ms);
  }
}

/**
 * The run-wide budgets. The conformance suites run in one vitest worker process
 * (`isolate: false`, a single fork), so this process-wide singleton is the budget of the whole
 * run and every client shares it. Running suites in several workers would multiply the rate.
 */
export const sharedBudgets = new RateBudgets();
