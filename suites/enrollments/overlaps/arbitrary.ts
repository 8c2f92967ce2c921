/**
 * Overlaps drawn, not scripted: a create and one or two duplicates of it, and one to three more
 * requests among a create with another key, the first key with another body, submissions,
 * cancellations, terminations, PUTs and reads of up to two applications (each needing a drawn
 * state); released in an order a fast-check scheduler draws, with a drawn gap before each.
 * Shrinking drops requests, moves them to the first application, and the gaps towards none:
 * the smallest interleaving that still fails.
 */
import fc from 'fast-check';
import type { Action, Overlap, OverlapRequest, SubjectState } from './overlap.js';

/** Requests beside a key's first call and its duplicates (at least one, at most three). */
const MAX_OTHERS = 3;
/** Duplicates of the first key's create (at least one: a duplicate in flight is the core of section 8). */
const MAX_DUPLICATES = 2;
/** Releases an overlap has at most: the first call, its duplicates and the others. */
const MAX_RELEASES = 1 + MAX_DUPLICATES + MAX_OTHERS;
/**
 * Gaps between two releases are whole steps of this many ms, up to MAX_GAP_STEPS: together about
 * the answer of a create on a staging, so a duplicate may land anywhere in the first call's
 * flight, before it and after it. Whole steps keep a shrunk gap a step away from the timing it
 * failed at, not a millisecond past it, so its seed and path fail again.
 */
const GAP_STEP_MS = 60;
const MAX_GAP_STEPS = 4;

const FIRST: OverlapRequest = { kind: 'create', key: 0, other: false };

/** The first application three times in four, so requests meet on one application as often as not. */
const SUBJECT = fc.nat({ max: 3 }).map((n) => (n < 3 ? 0 : 1));

/** Requests beside the first key's creates, with how often each is drawn. */
const OTHERS: ReadonlyArray<[weight: number, arb: fc.Arbitrary<OverlapRequest>]> = [
  [2, fc.constant({ kind: 'create', key: 1, other: false })],
  [1, fc.constant({ kind: 'create', key: 0, other: true })],
  ...(
    [
      ['submit', 3],
      ['cancel', 2],
      ['update', 2],
      ['read', 2],
      ['terminate', 1],
    ] as const
  ).map(([kind, weight]): [number, fc.Arbitrary<OverlapRequest>] => [
    weight,
    SUBJECT.map((subject): OverlapRequest => ({ kind: kind as Action, subject })),
  ]),
];

/** A draft is cheap to have; a pending or active policy takes a submission and its outcome. */
const SUBJECT_STATE: fc.Arbitrary<SubjectState> = fc.oneof(
  { weight: 3, arbitrary: fc.constant('draft' as const) },
  { weight: 2, arbitrary: fc.constant('pending_effectuation' as const) },
  { weight: 1, arbitrary: fc.constant('effectuated' as const) },
);

/** A first call kept in flight by the slow fixture three times in four; shrinks towards slow. */
const SLOW = fc.nat({ max: 3 }).map((n) => n < 3);

export function overlaps(): fc.Arbitrary<Overlap> {
  return fc
    .record({
      subjects: fc.tuple(SUBJECT_STATE, SUBJECT_STATE),
      slow: fc.tuple(SLOW, SLOW),
      duplicates: fc.integer({ min: 1, max: MAX_DUPLICATES }),
      others: fc.array(fc.oneof(...OTHERS.map(([weight, arbitrary]) => ({ weight, arbitrary }))), {
        minLength: 1,
        maxLength: MAX_OTHERS,
      }),
      // Unbiased, so a run's gaps spread over the whole range rather than cluster at its ends.
      gaps: fc.array(
        fc.noBias(
          fc.integer({ min: 0, max: MAX_GAP_STEPS }).map(
            (n) => n * GAP_STEP_MS,
            (ms) => Number(ms) / GAP_STEP_MS,
          ),
        ),
        { minLength: MAX_RELEASES, maxLength: MAX_RELEASES },
      ),
      scheduler: fc.scheduler(),
    })
    .map(({ duplicates, others, ...rest }) => ({
      ...rest,
      requests: [FIRST, ...Array.from({ length: duplicates }, () => FIRST), ...others],
    }));
}
