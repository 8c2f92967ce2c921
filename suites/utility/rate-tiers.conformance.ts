/**
 * Every tier the profile has a key for keeps its stated rate and burst (section 8), both ways:
 * not looser (one request above the burst, or above the rate, is refused) and not stricter (the
 * burst passes, and a request passes once a token has refilled at the stated rate). The low tier
 * is measured by rate-limits.conformance.ts; each other tier here, cheapest first, as far as the
 * run profile's `tierRequests` budget reaches (harness/run-profiles.ts): certification measures
 * what conformance cannot afford.
 */
import { sharedBudgets, TIER_RATES, type Tier } from '../../harness/client/index.js';
import { runProfile } from '../../harness/run-profiles.js';
import {
  tiersToMeasure,
  verify,
  type ApiRequest,
  type CheckContext,
  type Exchange,
} from '../../harness/suite/index.js';
import {
  burstBeyond,
  declaredTierMismatch,
  drained,
  knownOffTier,
  sleep,
  statusOf,
  untilFull,
  untilStageHolds,
} from './rate-buckets.js';

const ping = (role: string, label: string): ApiRequest => ({
  method: 'GET',
  path: '/v1/ping',
  role,
  unpaced: true,
  label,
});

/** The wait after the burst, in tokens of the tier's refill: one back, and room to spare below two. */
const REFILL_TOKENS = 1.2;

const passedOf = (exchanges: readonly Exchange[]): number => exchanges.filter((ex) => statusOf(ex) === 200).length;
const statuses = (exchanges: readonly Exchange[]): string => exchanges.map((ex) => statusOf(ex) ?? 'none').join(', ');

/**
 * One tier: its burst and one more at once, then two at once after one token's refill. A key
 * that lets exactly another tier's burst through is skipped with W_KEY_TIER (rate-buckets.ts).
 */
async function measureTier(t: CheckContext, role: string, tier: Tier): Promise<void> {
  const known = knownOffTier(t, role);
  if (known) throw known;
  const { burst, perSecond } = TIER_RATES[tier];
  const what = `tier ${tier} (${perSecond}/s, burst ${burst}) of role ${role}`;
  // A full key bucket, and a stage with room for them all: only the key's own limit may refuse.
  await untilFull(t, role);
  await untilStageHolds(burst + 3);
  try {
    const started = Date.now();
    const burstExchanges = await t.sendConcurrently(
      Array.from({ length: burst + 1 }, (_, i) => ping(role, `${tier} burst ${i + 1}/${burst + 1}`)),
    );
    // Tokens that came back while the burst arrived are not a looser tier.
    const refilled = Math.floor(((Date.now() - started) / 1000) * perSecond);
    const passed = passedOf(burstExchanges);
    const beyond =
      passed === burst + 1 ? await burstBeyond(t, () => ping(role, `${tier} beyond the burst`), passed) : [];
    const offTier = declaredTierMismatch(t, role, passed + passedOf(beyond), Date.now() - started);
    if (offTier) throw offTier;
    t.expect.rules('RATE-BURST-ALLOWED').that(burstExchanges[0]!, {
      holds: passed >= burst,
      title: 'the stated burst is refused',
      expected: `at least ${burst} of ${burst + 1} requests at once pass (${what})`,
      observed: () => `${passed} passed: ${statuses(burstExchanges)}`,
    });
    t.expect.rules('RATE-429-TIER').that(burstExchanges.at(-1)!, {
      holds: passed <= burst + refilled,
      title: 'a burst above the tier passes',
      expected: `at most ${burst + refilled} of ${burst + 1} requests at once pass (${what})`,
      observed: () => `${passed} passed: ${statuses(burstExchanges)}`,
    });
    await sleep((REFILL_TOKENS * 1000) / perSecond);
    const probes = await t.sendConcurrently([ping(role, `${tier} after one token`), ping(role, `${tier} one more`)]);
    const recovered = passedOf(probes);
    // Tokens back by the time the probes were answered: a stall of this process (a busy machine)
    // lets more refill than the planned wait, and that is not a looser rate.
    const back = Math.floor(((Date.now() - started) / 1000) * perSecond);
    const allowed = Math.max(1, burst + back - passed);
    t.expect.rules('RATE-RECOVERY').that(probes[0]!, {
      holds: recovered >= 1,
      title: 'the stated rate is refused',
      expected:
        `one of two requests passes ${Math.round((REFILL_TOKENS * 1000) / perSecond)} ms after the ` +
        `burst (${what})`,
      observed: () => `statuses ${statuses(probes)}`,
    });
    t.expect.rules('RATE-429-TIER').that(probes[1]!, {
      holds: recovered <= allowed,
      title: 'a rate above the tier passes',
      expected:
        `at most ${allowed} of two requests pass ${Math.round((REFILL_TOKENS * 1000) / perSecond)} ` +
        `ms after the burst: ${back} token(s) back since it began (${what})`,
      observed: () => `statuses ${statuses(probes)}`,
    });
  } finally {
    drained(t, role);
    // The burst spent stage tokens the client did not reserve: the run paces on from an empty stage.
    sharedBudgets.stageDrained();
  }
}

verify(
  'every other tier the profile has a key for lets its stated burst through and refuses one more, and ' +
    'refills at its stated rate and no faster',
  ['RATE-BURST-ALLOWED', 'RATE-429-TIER', 'RATE-RECOVERY'],
  async (t) => {
    const budget = runProfile(t.config.runProfile).tierRequests ?? 0;
    for (const { role, tier } of tiersToMeasure(t.config.profile.keys, (r) => t.target.hasRole(r), budget))
      await measureTier(t, role, tier);
  },
  { needs: { otherTier: true }, timeoutMs: 30_000 },
);
