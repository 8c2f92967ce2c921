/**
 * Helpers for checks that provoke 429s on purpose (section 8). Deliberate bursts bypass the
 * client's pacing, so the client does not know the tokens they spent: a check records when the
 * key it drained is full again (`drained`), and the next check that needs that key's whole
 * burst waits for it (`untilFull`) instead of every check waiting out a worst case.
 */
import { sharedBudgets, TIER_RATES, tierOfRole, type Tier } from '../../harness/client/index.js';
import { configWarning } from '../../harness/errors.js';
import { SkipCheck, type ApiRequest, type CheckContext, type Exchange } from '../../harness/suite/index.js';

/** Slack for clocks and the time the request takes to arrive. */
const MARGIN_MS = 100;

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The tier the profile gives a key role (the contract's default tier is low). */
export function tierOf(t: CheckContext, role: string): Tier {
  return tierOfRole(t.config.profile.keys, role);
}

/**
 * Per key variable: when (Date.now ms) the bucket a deliberate burst drained is full again. One worker runs the suite,
 * so this is the run's.
 */
const fullAt = new Map<string, number>();

const envOf = (t: CheckContext, role: string): string => t.config.profile.keys[role]?.env ?? role;

/** Records that `role`'s key bucket was drained just now: the contract's refill of its whole burst brings it back. */
export function drained(t: CheckContext, role: string): void {
  const tier = tierOf(t, role);
  const env = envOf(t, role);
  fullAt.set(env, Math.max(fullAt.get(env) ?? 0, Date.now() + refillMs(tier, TIER_RATES[tier].burst) + MARGIN_MS));
}

/**
 * Waits until `role`'s key bucket is full: after the refill of any recorded burst and of the client's own paced
 * requests on it.
 */
export async function untilFull(t: CheckContext, role: string): Promise<void> {
  const recorded = (fullAt.get(envOf(t, role)) ?? 0) - Date.now();
  const paced = sharedBudgets.fullIn({ bucket: envOf(t, role), tier: tierOf(t, role) });
  const wait = Math.max(recorded, paced);
  if (wait > 0) await sleep(wait);
}

/** Milliseconds the contract's refill takes to bring back `tokens` tokens of a tier. */
export function refillMs(tier: Tier, tokens: number): number {
  return Math.ceil((tokens * 1000) / TIER_RATES[tier].perSecond);
}

/** Status of an exchange, or undefined when there was no response. */
export const statusOf = (ex: Exchange): number | undefined => ex.response?.status;

/** The 429s among exchanges. */
export const limitedOf = (exs: readonly Exchange[]): Exchange[] => exs.filter((ex) => statusOf(ex) === 429);

/** Waits until the client's view of the stage has room for `n` requests at once (see RateBudgets.stageRoomIn). */
export async function untilStageHolds(n: number): Promise<void> {
  const wait = sharedBudgets.stageRoomIn(n);
  if (wait > 0) await sleep(wait);
}

/** The most requests one key of any tier lets through at once: the widest tier's burst. */
const WIDEST_BURST = Math.max(...Object.values(TIER_RATES).map((rate) => rate.burst));

const TIERS = Object.keys(TIER_RATES) as Tier[];

/**
 * The tiers that let exactly `passed` requests of one key through at once: their burst, and no
 * more than what refilled at their rate while the requests arrived (`elapsedMs`).
 */
export function tiersLetting(passed: number, elapsedMs: number): Tier[] {
  return TIERS.filter((tier) => {
    const { burst, perSecond } = TIER_RATES[tier];
    return passed >= burst && passed <= burst + Math.floor((elapsedMs / 1000) * perSecond);
  });
}

/**
 * After `sent` requests of one key at once that all passed: as many more at once as the widest
 * tier could still let through, to see how far above its declared tier the key goes. Not against
 * the embedded server, whose profile declares its keys' tiers (an answer above one is its fault).
 */
export async function burstBeyond(t: CheckContext, ping: () => ApiRequest, sent: number): Promise<Exchange[]> {
  const more = WIDEST_BURST + 1 - sent;
  if (t.config.embedded || more <= 0) return [];
  await untilStageHolds(more);
  return t.sendConcurrently(Array.from({ length: more }, ping));
}

/** Per key variable of the run: the tier a check measured where the profile declares another. */
const offTier = new Map<string, SkipCheck>();

/** The skip of a key another check of the run found at another tier than declared, if any. */
export const knownOffTier = (t: CheckContext, role: string): SkipCheck | undefined =>
  offTier.get(`${t.config.runId} ${envOf(t, role)}`);

const rateWords = (tier: Tier): string => `${TIER_RATES[tier].perSecond}/s, burst ${TIER_RATES[tier].burst}`;

/**
 * A key that lets exactly another tier's burst through is a key of that tier: the profile
 * declares the wrong one. The check skips with a configuration warning naming both tiers,
 * never a failure of the target, except against the embedded reference server, whose profile
 * is its own (there a key off its tier is the server's fault). Undefined when `passed` fits
 * the declared tier, or no tier (then the check's expectations judge it).
 */
export function declaredTierMismatch(
  t: CheckContext,
  role: string,
  passed: number,
  elapsedMs: number,
): SkipCheck | undefined {
  const declared = tierOf(t, role);
  const seen = tiersLetting(passed, elapsedMs);
  if (t.config.embedded || seen.length === 0 || seen.includes(declared)) return undefined;
  const measured = seen[0]!;
  const skip = new SkipCheck(
    `the key's real tier in the target profile (${role}: declared ${declared}, measured ${measured})`,
    configWarning(
      'W_KEY_TIER',
      `key role ${role} is declared tier ${declared} (${rateWords(declared)}) but let ${passed} requests at once ` +
        `through: a key of tier ${measured} (${rateWords(measured)}); the checks that measure its tier skip`,
      { roles: [role] },
    ),
  );
  offTier.set(`${t.config.runId} ${envOf(t, role)}`, skip);
  return skip;
}
