/**
 * Bounded polling for asynchronous outcomes (section 3: poll the application read until
 * `policy_status` shows the outcome). Bounded in time and in count, so a target that never
 * settles costs a known number of requests, and the last exchange shows where it stopped.
 */
import type { Exchange } from '../model.js';

export interface PollOptions {
  /** Give up after this long; default the target's `asyncTimeoutMs`. */
  timeoutMs?: number;
  /** Pause between reads; default a tenth of the timeout, within 50 ms .. 1 s. */
  intervalMs?: number;
}

/** Wait before the first read of a poll. */
export const FIRST_READ_AFTER_MS = 100;

/** Most reads a poll makes, whatever the timeout and interval. */
export const MAX_POLL_ATTEMPTS = 40;

export function pollInterval(timeoutMs: number, intervalMs?: number): number {
  return intervalMs ?? Math.min(1_000, Math.max(50, Math.round(timeoutMs / 10)));
}

export interface PollDeps {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const realClock: PollDeps = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** Sends `read` until `until` holds, the time is up or the attempts run out; returns the last exchange. */
export async function pollUntil(
  read: () => Promise<Exchange>,
  until: (ex: Exchange) => boolean,
  timeoutMs: number,
  intervalMs: number,
  deps: PollDeps = realClock,
): Promise<Exchange> {
  const start = deps.now();
  // The outcome is asynchronous: a read at the instant the request returned would all but
  // always miss it, so the first read waits a moment (at most one interval).
  await deps.sleep(Math.min(FIRST_READ_AFTER_MS, intervalMs));
  for (let attempt = 1; ; attempt += 1) {
    const ex = await read();
    if (until(ex)) return ex;
    const elapsed = deps.now() - start;
    if (attempt >= MAX_POLL_ATTEMPTS || elapsed + intervalMs > timeoutMs) return ex;
    await deps.sleep(intervalMs);
  }
}
