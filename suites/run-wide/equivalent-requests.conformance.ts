/**
 * Requests that mean the same answer alike: drawn per run from the reads the run's checks sent
 * and got a 2xx for (this folder runs after every other: engine/suite-order.ts), each written
 * another way (query parameters in another order, header names in another case, unreserved
 * characters percent-encoded, date-times at another offset: harness/suite/equivalent.ts) and
 * held to the answer of its canonical form. Where that answer may have moved on since (a list
 * the run grew), the canonical form is sent again; where two sends of it differ anyway
 * (per-request values), only what they agree on is compared.
 */
import fc from 'fast-check';
import { apiPathOf } from '../../harness/client/request-target.js';
import {
  answerDifferences,
  beyondNoise,
  rewritten,
  type Rewriting,
  type RewritingKind,
} from '../../harness/suite/equivalent.js';
import { SkipCheck, type CheckContext, type Exchange, verifyProperty } from '../../harness/suite/index.js';
import type { Family } from '../../harness/model.js';
import { FAMILY_KEYS } from '../../harness/suite/family-keys.js';
import { OPERATIONS } from '../operations.js';
import { sideEffectGetsOf } from '../../harness/target.js';

const RULE = 'EDGE-EQUIVALENT-REQUESTS';
/** Labels of this check's own requests: never drawn again. */
const LABEL = 'written another way';

/** A read of the run: its target (path and query as sent), key role, answer and the family of its operation. */
interface Read {
  target: string;
  role: string;
  ex: Exchange;
  family?: Family;
}

/** The family an exchange's operation (`GET /v1/reference/counties`) belongs to, by the operations table. */
const familyOf = (ex: Exchange): Family | undefined => OPERATIONS.find((op) => op.route === ex.operation)?.family;

/** `GET /v1/enrollments/{enrollment_id}` as a pattern over request paths. */
const templatePattern = (template: string): RegExp =>
  new RegExp(`^${template.replace(/^GET /, '').replace(/\{[^}]+\}/g, '[^/]+')}$`);

/**
 * The run's reads to draw from: GETs of the /v1 interface a check sent with a family's key and
 * got a 2xx for, none with side effects, one per key role and target (sorted, so a seed draws the same ones
 * again whatever the number of polls before it).
 */
function readsOf(t: CheckContext): Read[] {
  const { profile } = t.config;
  // The keys the families' checks send with (another account's or a tier's serve checks of their own).
  const carriers = new Set(['approved', ...Object.values(FAMILY_KEYS).map((k) => k.role)]);
  const v1 = new URL(profile.baseUrl).origin;
  const effects = sideEffectGetsOf([t.target.contract]).map(templatePattern);
  const byTarget = new Map<string, Read>();
  for (const ex of t.target.client.exchanges()) {
    const status = ex.response?.status ?? 0;
    if (ex.request.method !== 'GET' || status < 200 || status > 299 || ex.label?.includes(LABEL)) continue;
    if (!ex.role || !carriers.has(ex.role)) continue;
    if (new URL(ex.request.url).origin !== v1) continue;
    const target = apiPathOf(profile, 'v1', ex.request.url);
    const path = target.split('?')[0]!;
    if (!path.startsWith('/v1/') || effects.some((e) => e.test(path))) continue;
    // The latest answer to the key: the least time for what it shows to have moved on since.
    const family = familyOf(ex);
    byTarget.set(`${ex.role} ${target}`, { target, role: ex.role, ex, ...(family ? { family } : {}) });
  }
  return [...byTarget.keys()].sort().map((k) => byTarget.get(k)!);
}

/** Each way of writing a request, drawn or (rarely) left out of a run; shrinks towards leaving it out. */
const REWRITINGS: Record<RewritingKind, fc.Arbitrary<Rewriting>> = {
  order: fc.array(fc.nat({ max: 9 }), { minLength: 2, maxLength: 8 }).map((keys) => ({ kind: 'order', keys })),
  case: fc.constantFrom('upper', 'title', 'alternating').map((style) => ({ kind: 'case', style })),
  encode: fc
    .record({ every: fc.integer({ min: 1, max: 3 }), upperHex: fc.boolean() })
    .map((e) => ({ kind: 'encode', ...e })),
  // Whole quarter hours from UTC-12:00 to UTC+14:00, the offsets in use.
  offset: fc.integer({ min: -48, max: 56 }).map((q) => ({ kind: 'offset', minutes: q * 15 })),
};

/** Per way of writing: which of the reads it fits (a number taken modulo their count) and how. */
type Draw = Record<RewritingKind, { pick: number; rewriting: Rewriting } | undefined>;

const draws = (): fc.Arbitrary<Draw> =>
  fc.record(
    Object.fromEntries(
      Object.entries(REWRITINGS).map(([kind, rewriting]) => [
        kind,
        fc.option(fc.record({ pick: fc.nat(), rewriting }), { nil: undefined, freq: 8 }),
      ]),
    ) as { [K in RewritingKind]: fc.Arbitrary<Draw[K]> },
  );

/**
 * Where `variant` and the canonical answer `canonical` differ beyond what two sends of the same
 * request differ in anyway (`noise`).
 */
const beyond = (variant: Exchange, canonical: Exchange, noise: readonly string[]): string[] =>
  beyondNoise(answerDifferences(variant, canonical), noise);

/**
 * Holds the answer of `read` written per `rewriting` to its canonical answer: the run's, else
 * one sent now. Where neither is alike, both forms are sent again, in turn: an answer that moved
 * on once between two sends (a list catching up) leaves one pair alike, and what the two fresh
 * canonical answers differ in (per-request values) is no difference.
 */
async function expectAlike(t: CheckContext, read: Read, rewriting: Rewriting): Promise<void> {
  const other = rewritten(read.target, rewriting)!;
  const send = (canonical: boolean, label: string) =>
    t.send({
      method: 'GET',
      path: canonical ? read.target : other.target,
      role: read.role,
      // Sent for the read's family: a run of that family sends it again (what the run-wide checks find reproduces).
      ...(read.family ? { source: { check: '', family: read.family } } : {}),
      ...(!canonical && other.headerCase ? { headerCase: other.headerCase } : {}),
      label: `${label} ${canonical ? `(the canonical form, beside one ${LABEL})` : `${LABEL} (${rewriting.kind})`}`,
    });
  const variant = await send(false, read.ex.label ?? read.target);
  let left = beyond(variant, read.ex, []);
  if (left.length > 0) {
    const canonical = await send(true, 'now');
    left = beyond(variant, canonical, []);
    if (left.length > 0) {
      const [variantAgain, canonicalAgain] = [await send(false, 'again'), await send(true, 'again')];
      const noise = answerDifferences(canonical, canonicalAgain);
      const again = beyond(variantAgain, canonicalAgain, noise);
      left = again.length > 0 ? beyond(variant, canonical, noise) : [];
    }
  }
  t.expect.that(variant, {
    holds: left.length === 0,
    title: 'the same request written another way answers differently',
    expected: `the answer of ${read.target} (${read.role}), the request it means the same as`,
    observed: () =>
      `${variant.request.url} (${rewriting.kind}${other.headerCase ? `: header names ${other.headerCase}` : ''}) ` +
      `answered ${variant.response?.status ?? variant.error}, differing at ${left.join(', ')}: ` +
      (variant.response?.body ?? '').slice(0, 300),
  });
}

verifyProperty(
  'a read of the run written another way (parameters reordered, header names in another case, characters ' +
    'percent-encoded, a date-time at another offset) answers as it did',
  [RULE],
  () => draws(),
  async (t, draw) => {
    // The same reads each run: this check's own requests are never among them.
    const reads = readsOf(t);
    if (reads.length === 0) throw new SkipCheck('reads the run sent and got a 2xx for, to write another way');
    for (const chosen of Object.values(draw)) {
      const fitting = chosen ? reads.filter((r) => rewritten(r.target, chosen.rewriting) !== undefined) : [];
      if (chosen && fitting.length > 0) await expectAlike(t, fitting[chosen.pick % fitting.length]!, chosen.rewriting);
    }
  },
  {
    // A run sends up to four requests (and both forms again where an answer differs): the profile's
    // sequence runs, at most six (certification stays within its budget of about 900 requests).
    sequenceShare: 1,
    maxRuns: 6,
    drawsFromRun: true,
  },
);
