/**
 * One more try for a paced request the target refused with 429. The run paces every key to its
 * tier and to the stage, so such a 429 comes from limits the run did not set out to test: other
 * callers on the stage (section 8: its limit is shared across callers), or a bucket an earlier
 * run left low. A 429 is neither processed nor stored (section 8), so the same request goes
 * once more after the wait the target asks for (bounded): the check then judges the target's
 * answer to it, not its limiter. Deliberate bursts (`unpaced`) and races (`together`) keep their
 * 429s: the rate-limit checks are about them. Both exchanges stay in the check's finding.
 */
import { headerOf } from '../checks/scope.js';
import { retryAfterMs, TIER_RATES, type ApiRequest, type Tier } from '../client/index.js';
import { configWarning, type ConfigWarning } from '../errors.js';
import type { Exchange } from '../model.js';

/** Longest wait after a 429, whatever Retry-After asks (a check's time is bounded). */
export const LIMITED_RETRY_MAX_WAIT_MS = 2_000;
/** Slack for clocks and the time the next request takes to arrive. */
const MARGIN_MS = 100;

/**
 * How long to wait after a 429 before one request of this tier must succeed: Retry-After when
 * it asks for more than the tier's refill of one token, bounded by LIMITED_RETRY_MAX_WAIT_MS (a
 * target that asks for longer than the contract's refill is then probed at the contract's pace).
 * The rate-limit checks wait this long too before they probe the recovery.
 */
export function waitAfter429(limited: Exchange, tier: Tier): number {
  const header = limited.response ? headerOf(limited.response.headers, 'retry-after') : undefined;
  const oneToken = Math.ceil(1000 / TIER_RATES[tier].perSecond);
  return Math.min(LIMITED_RETRY_MAX_WAIT_MS, Math.max(retryAfterMs(header) ?? 0, oneToken) + MARGIN_MS);
}

/** Milliseconds to wait before retrying `ex`, or undefined when it is not retried. */
export function limitedRetryWait(req: ApiRequest, ex: Exchange, tier: Tier): number | undefined {
  if (ex.response?.status !== 429 || req.unpaced || req.together) return undefined;
  return waitAfter429(ex, tier);
}

/**
 * Paced requests of one key answered 429 before the run warns that its declared tier is too
 * high: one or two are other callers on the stage; more are a key paced faster than its tier.
 */
export const PACED_429S_WARNED = 3;

/** Per run and key role: paced requests answered 429 so far (one worker runs the run's checks). */
const paced429s = new Map<string, number>();

/**
 * Counts a paced request of `role` answered 429; the count that reaches PACED_429S_WARNED gives
 * the run's W_KEY_TIER warning, naming the tier declared and what the answers show of the real one.
 */
export function pacedLimited(runId: string, role: string, tier: Tier): ConfigWarning | undefined {
  const key = `${runId} ${role}`;
  const count = (paced429s.get(key) ?? 0) + 1;
  paced429s.set(key, count);
  if (count !== PACED_429S_WARNED) return undefined;
  const { perSecond, burst } = TIER_RATES[tier];
  return configWarning(
    'W_KEY_TIER',
    `key role ${role} is declared tier ${tier} (${perSecond}/s, burst ${burst}), and ${count} requests paced to ` +
      `it were answered 429: its real tier is lower than ${tier} (or other callers share the stage); each was sent ` +
      'once more',
    { roles: [role] },
  );
}
