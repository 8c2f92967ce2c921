/**
 * Rate limits (section 8): the low tier's refill and the stage limit every caller shares (the
 * low tier's burst and its 429 are ping's check of what every operation owes, suites/owed/rate.ts).
 * Bursts are sent unpaced on purpose; a check that drains a key records it, and one that
 * needs a key's whole burst waits until it is full (rate-buckets.ts). The monthly quota (RATE-MONTHLY-QUOTA) cannot
 * be observed within a run.
 */
import { sharedBudgets, STAGE_RATE, TIER_RATES } from '../../harness/client/index.js';
import {
  SkipCheck,
  STAGE_BURST_NEED,
  stageBurstPlan,
  verify,
  waitAfter429,
  type ApiRequest,
  type CheckContext,
  type Exchange,
} from '../../harness/suite/index.js';
import {
  burstBeyond,
  declaredTierMismatch,
  drained,
  knownOffTier,
  limitedOf,
  refillMs,
  sleep,
  statusOf,
  tierOf,
  untilFull,
} from './rate-buckets.js';

/** The cheapest ungated route: every key may call it, so only the limits can refuse it. */
const ping = (role: string): ApiRequest => ({ method: 'GET', path: '/v1/ping', role, unpaced: true });

/** The role whose tier is exercised: the smallest burst, so the fewest requests. */
const LOW = 'tierLow';
/** A wait under this share of two tokens' refill leaves room for one request, not two. */
const TWO_TOKENS_SHARE = 0.9;

/** Sends unpaced requests (at most burst + 1) until one is refused. */
async function provoke429(t: CheckContext, role: string, burst: number): Promise<Exchange[]> {
  const sent: Exchange[] = [];
  for (let i = 0; i <= burst; i++) {
    sent.push(await t.send(ping(role)));
    if (statusOf(sent.at(-1)!) === 429) break;
  }
  return sent;
}

verify(
  'after a 429 the low tier recovers once its bucket refills at the tier rate, and no faster than that rate',
  ['RATE-RECOVERY', 'RATE-429-TIER'],
  async (t) => {
    const role = t.role(LOW);
    const tier = tierOf(t, role);
    const known = knownOffTier(t, role);
    if (known) throw known;
    const started = Date.now();
    const sent = await provoke429(t, role, TIER_RATES[tier].burst);
    const limited = sent.at(-1)!;
    const beyond = statusOf(limited) === 200 ? await burstBeyond(t, () => ping(role), sent.length) : [];
    const through = [...sent, ...beyond].filter((ex) => statusOf(ex) === 200).length;
    const offTier = declaredTierMismatch(t, role, through, Date.now() - started);
    if (offTier) {
      drained(t, role);
      throw offTier;
    }
    t.expect.rules('RATE-429-TIER').status(limited, 429);
    // The contract's refill (or Retry-After when it asks for more), bounded: a target that
    // refills slower than its tier stays limited here.
    const wait = waitAfter429(limited, tier);
    await sleep(wait);
    try {
      // Two at once: one token is back, so one passes (the stated rate) and the other does not
      // (no faster rate), unless the wait was long enough to refill two.
      const probes = await t.sendConcurrently([ping(role), ping(role)]);
      const passed = probes.filter((ex) => statusOf(ex) === 200).length;
      t.expect.rules('RATE-RECOVERY').that(probes[0]!, {
        holds: passed >= 1,
        title: 'not recovered at the tier rate',
        expected: `one of two requests passes ${wait} ms after a 429 (tier ${tier}: ${TIER_RATES[tier].perSecond}/s)`,
        observed: () => `statuses ${probes.map(statusOf).join(', ')}`,
      });
      if (wait < refillMs(tier, 2) * TWO_TOKENS_SHARE)
        t.expect.rules('RATE-429-TIER').that(probes[1]!, {
          holds: passed <= 1,
          title: 'refilled faster than the tier rate',
          expected:
            `one of two requests refused ${wait} ms after a 429: one token back ` +
            `at ${TIER_RATES[tier].perSecond}/s`,
          observed: () => `statuses ${probes.map(statusOf).join(', ')}`,
        });
    } finally {
      // The probes spent tokens the client's budget does not know of: the next check that needs this key's burst waits
      // for them.
      drained(t, role);
    }
  },
  { needs: { roles: [LOW], distinctKeys: ['approved', LOW] }, timeoutMs: 15_000 },
);

/** The stage burst's roles and requests (harness/suite/stage-keys.ts); the check declares the need, so it is met. */
function stageRoles(t: CheckContext): { role: string; count: number }[] {
  const plan = stageBurstPlan(t.config.profile.keys, (role) => t.target.hasRole(role));
  if (!plan) throw new SkipCheck(STAGE_BURST_NEED);
  return plan;
}

verify(
  'bursts from several keys, each within its own tier, together above the stage limit get 429',
  ['RATE-STAGE-LIMIT'],
  async (t) => {
    const plan = stageRoles(t);
    // A key another check drained would refuse for itself: the 429 must be the stage's.
    for (const { role } of plan) await untilFull(t, role);
    const requests = plan.flatMap(({ role, count }) => Array.from({ length: count }, () => ping(role)));
    try {
      const exchanges = await t.sendConcurrently(requests);
      const limited = limitedOf(exchanges);
      t.expect.that(exchanges[exchanges.length - 1]!, {
        holds: limited.length > 0,
        title: 'no 429 above the stage limit',
        expected:
          `at least one 429 among ${requests.length} concurrent requests (stage ` +
          `burst ${STAGE_RATE.burst}), each key within its own burst ` +
          `(${plan.map((p) => `${p.role} ${p.count}`).join(', ')})`,
        observed: () => `statuses ${summarise(exchanges)}`,
      });
    } finally {
      // The stage bucket is shared by every key, `approved` included: the client's requests start again from an empty
      // one.
      sharedBudgets.stageDrained();
    }
  },
  { needs: { stageBurst: true }, timeoutMs: 20_000 },
);

function summarise(exchanges: readonly Exchange[]): string {
  const counts = new Map<string, number>();
  for (const ex of exchanges) {
    const key = String(statusOf(ex) ?? ex.error ?? 'no response');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([s, n]) => `${s} × ${n}`).join(', ');
}
