/**
 * A 429 on every operation (section 8: the limits' scope is every API route). The key is a
 * low-tier one approved for every gate, so a refusal can only be the limit's, and its bucket
 * empties with two requests: its burst of the operation's own valid request, let through, empties
 * it, and every operation sent before a token has come back must get 429 in the unified envelope.
 * The families' files of these checks run one after the other at the end of the run
 * (engine/suite-order.ts), so one burst serves every operation of an interface's key.
 */
import { TIER_RATES } from '../../harness/client/index.js';
import type { Family } from '../../harness/model.js';
import { needsOf, type ApiRequest, type CheckContext, type Exchange } from '../../harness/suite/index.js';
import {
  burstBeyond,
  declaredTierMismatch,
  drained,
  knownOffTier,
  refillMs,
  statusOf,
  tierOf,
  untilFull,
} from '../utility/rate-buckets.js';
import type { OperationEntry } from '../operations.js';
import { whereHeld } from './catalogue.js';
import type { Owed } from './types.js';

/** The low-tier key each family's operations are limited with; the Medicare interface takes only its own (5.1). */
const LOW_TIER_KEYS: Partial<Record<Family, string>> = { medicare: 'medicareTierLow' };
const keyOf = (op: OperationEntry): string => LOW_TIER_KEYS[op.family] ?? 'tierLow';

const [RETRY_AFTER, BURST_ALLOWED] = ['RATE-RETRY-AFTER', 'RATE-BURST-ALLOWED'];

/** Slack for the time a request takes to arrive: an answer within a token's refill less this had no token. */
const MARGIN_MS = 100;

/** When (Date.now) each key's bucket was last emptied from full: it holds less than a token for a refill's time. */
const emptiedAt = new Map<string, number>();

const names = (t: CheckContext, rule: string): boolean => t.rules.some((r) => r.id === rule);

/**
 * Empties `role`'s bucket from full with its burst of `req`, and answers the first of them refused, if one was: a
 * stage other callers share may refuse one of them (section 8), whose 429 is then the operation's answer to a
 * limit. A check naming RATE-BURST-ALLOWED (ping's, which the tier's burst is measured on) holds each to it instead.
 */
async function burstFromFull(t: CheckContext, role: string, req: ApiRequest): Promise<Exchange | undefined> {
  const { burst } = TIER_RATES[tierOf(t, role)];
  await untilFull(t, role);
  const start = Date.now();
  const within = await t.sendConcurrently(Array.from({ length: burst }, () => ({ ...req, label: 'the burst' })));
  drained(t, role);
  // A key that let exactly a lower tier's burst through is of that tier: the profile's mistake (W_KEY_TIER).
  const passed = within.filter((ex) => statusOf(ex) === 200).length;
  const offTier = passed < burst ? declaredTierMismatch(t, role, passed, Date.now() - start) : undefined;
  if (offTier) throw offTier;
  if (names(t, BURST_ALLOWED)) for (const ex of within) t.expect.rules(BURST_ALLOWED).that(ex, notLimited(ex));
  const refused = within.find((ex) => statusOf(ex) === 429);
  if (refused === undefined) emptiedAt.set(role, start);
  return refused;
}

/**
 * The answer after a whole burst let through: a key that lets more through than its declared
 * tier, exactly as far as another tier's burst, is of that tier (the profile's mistake,
 * W_KEY_TIER), never a 429 the operation owes; measured on a remote target only (rate-buckets.ts).
 */
async function afterTheBurst(t: CheckContext, role: string, req: ApiRequest): Promise<Exchange> {
  const start = Date.now();
  const answer = await t.send(req);
  if (statusOf(answer) !== 200) return answer;
  const { burst } = TIER_RATES[tierOf(t, role)];
  const beyond = await burstBeyond(t, () => ({ ...req, label: 'beyond the burst' }), burst + 1);
  const passed = burst + 1 + beyond.filter((ex) => statusOf(ex) === 200).length;
  const offTier = declaredTierMismatch(t, role, passed, Date.now() - start);
  if (offTier) throw offTier;
  return answer;
}

const notLimited = (ex: Exchange) => ({
  holds: ex.response !== undefined && statusOf(ex) !== 429,
  title: 'a request within the burst limited',
  expected: "every request of the tier's burst from a full bucket let through",
  observed: () => `status ${statusOf(ex) ?? ex.error}`,
});

/** The operation's answer with its key's bucket empty: sent at once after a recent burst, else after its own. */
async function limitedAnswer(t: CheckContext, op: OperationEntry): Promise<Exchange> {
  const role = t.role(keyOf(op));
  const known = knownOffTier(t, role);
  if (known) throw known;
  const tier = tierOf(t, role);
  const req: ApiRequest = { ...(await op.request(t)), role, unpaced: true, label: 'with the bucket empty' };
  const since = emptiedAt.get(role);
  if (since !== undefined && Date.now() - since < refillMs(tier, TIER_RATES[tier].burst)) {
    const ex = await t.send(req);
    // Answered before a token came back, it had none; a later answer other than 429 may have had one.
    if (statusOf(ex) === 429 || Date.now() - since < refillMs(tier, 1) - MARGIN_MS) return ex;
  }
  return (await burstFromFull(t, role, req)) ?? afterTheBurst(t, role, req);
}

export const RATE_LIMITED: Owed = {
  name: 'rateLimited',
  applies: (op) => whereHeld(op.family, ['RATE-429-TIER', 'RATE-429-ENVELOPE']),
  title: (op) => `${op.route} sent with its key's rate bucket empty gets 429 in the unified envelope`,
  needs: (op) => {
    const needs = needsOf([op]);
    return { ...needs, roles: [...(needs.roles ?? []), keyOf(op)], distinctKeys: ['approved', keyOf(op)] };
  },
  async run(t, op) {
    const ex = await limitedAnswer(t, op);
    t.expect.rules('RATE-429-TIER').status(ex, 429);
    t.expect.rules('RATE-429-ENVELOPE').unifiedEnvelope(ex);
    // Inferred, and a conforming 429 may lack it: held where a check names it (ping's), not warned on every operation.
    if (names(t, RETRY_AFTER)) t.expect.rules(RETRY_AFTER).retryAfter(ex);
  },
};
