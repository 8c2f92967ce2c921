/**
 * One overlap, sent and judged: its applications found or made and read, its requests released
 * as drawn, the answers held to a serial explanation (serial-model.ts); then each application
 * it wrote to is read until what was accepted shows (within asyncTimeoutMs), and that read is
 * held to the explanation too.
 */
import { timeOf, sendReleased } from '../../../harness/suite/release.js';
import { explainSerially, overlapped, type SerialVerdict } from '../../../harness/suite/serial.js';
import type { ApiRequest, CheckContext, Exchange } from '../../../harness/suite/index.js';
import { statusOf } from '../applications.js';
import {
  actionRequest,
  createBody,
  createRequest,
  primaryApplicant,
  readRequest,
  updateBody,
  updateRequest,
} from '../requests.js';
import {
  describeRequest,
  keysUsed,
  subjectsActedOn,
  type Overlap,
  type OverlapOp,
  type OverlapRequest,
} from './overlap.js';
import { overlapModel, subjectFrom, type OverlapState } from './serial-model.js';
import { subjectsFor, type Subject } from './subjects.js';

const ACTIONS = { submit: 'submissions', cancel: 'cancellations', terminate: 'terminations' } as const;

/** A key's Idempotency-Key and its two bodies (the second only for a mismatch). */
interface KeyBodies {
  key: string;
  bodies: [Record<string, unknown>, Record<string, unknown>];
}

function keyBodies(t: CheckContext, overlap: Overlap): Map<number, KeyBodies> {
  return new Map(
    keysUsed(overlap.requests).map((k) => {
      // Without the fixture a create is as fast as the target makes it: the gaps still land around it.
      const slowId = overlap.slow[k] ? t.target.fixture('slowExternalId') : undefined;
      const slow = slowId === undefined ? {} : { external_id: String(slowId) };
      const body = createBody(t, t.fixture<string>('planFull'), { start: 'future', extra: slow });
      const other = { ...body, applicants: { primary: primaryApplicant('5555550199') } };
      return [k, { key: t.idempotencyKey(`overlap-${k}`), bodies: [body, other] }];
    }),
  );
}

/** The request `r` sends (its subject an index into `subjects`). */
function requestOf(r: OverlapRequest, keys: Map<number, KeyBodies>, subjects: Subject[], n: number): ApiRequest {
  const label = `overlap #${n + 1}: ${describeRequest(r)}`;
  if (r.kind === 'create') {
    const { key, bodies } = keys.get(r.key)!;
    return createRequest(bodies[r.other ? 1 : 0], { idempotencyKey: key, label });
  }
  const { id, request } = subjects[r.subject]!;
  if (r.kind === 'read') return readRequest(id, { label });
  if (r.kind === 'update')
    return updateRequest(id, updateBody(request, primaryApplicant(`55502${String(n).padStart(5, '0')}`)), { label });
  return actionRequest(id, ACTIONS[r.kind], { label });
}

/** The requests with their subjects renumbered to the applications acted on, in order. */
function renumbered(requests: readonly OverlapRequest[]): OverlapRequest[] {
  const acted = subjectsActedOn(requests);
  return requests.map((r) => (r.kind === 'create' ? r : { ...r, subject: acted.indexOf(r.subject) }));
}

/** The overlap's requests in the order sent, each with when it was in flight and what it got. */
function timeline(ops: readonly OverlapOp[]): string {
  const t0 = Math.min(...ops.map((o) => o.start));
  const status = (ex: Exchange) =>
    ex.response
      ? `${ex.response.status}${ex.response.headers['idempotent-replay'] === 'true' ? ' (replay)' : ''}`
      : String(ex.error);
  return ops
    .map((o, i) => ({ o, i }))
    .sort((a, b) => a.o.start - b.o.start)
    .map(
      ({ o, i }) =>
        `#${i + 1} ${describeRequest(o.request)}${o.settled ? ' (after)' : ''}: ` +
        `${Math.round(o.start - t0)}-${Math.round(o.end - t0)} ms, ${status(o.ex)}`,
    )
    .join('; ');
}

/** The explanation holds, or the check fails on the rule the closest order breaks. */
function expectExplained(t: CheckContext, ops: readonly OverlapOp[], verdict: SerialVerdict<OverlapState>): void {
  if (verdict.explained) return;
  const { order, at, misfit } = verdict;
  const after = order.length ? ` after ${order.map((i) => `#${i + 1}`).join(', ')}` : ' first';
  t.expect.rules(misfit.rule).that(ops[at]!.ex, {
    holds: false,
    title: 'no order of the overlapping requests, one at a time, gives these answers',
    expected: `#${at + 1} (${describeRequest(ops[at]!.request)})${after}: ${misfit.expected}`,
    observed: () => `#${at + 1}: ${misfit.observed}; the requests: ${timeline(ops)}`,
  });
}

/** The rules an explained answer was held to, by what it was. */
function rulesHeld(op: OverlapOp): string[] {
  const status = op.ex.response?.status ?? 0;
  if (op.request.kind === 'read') return ['ENR-READ-200', 'EDGE-NO-5XX'];
  if (op.request.kind !== 'create') return ['EDGE-NO-5XX'];
  if (status === 409) return ['IDEMP-IN-PROGRESS-409'];
  if (status === 422) return ['IDEMP-MISMATCH-422'];
  if (op.ex.response?.headers['idempotent-replay'] === 'true')
    return ['IDEMP-REPLAY-STATUS', 'IDEMP-REPLAY-BODY-VERBATIM', 'IDEMP-REPLAY-HEADER'];
  return ['ENR-CREATE-SUCCESS', 'IDEMP-FIRST-NO-REPLAY-HEADER'];
}

/** Reads each application the overlap wrote to until it shows a status every accepted outcome may end in. */
async function settledReads(
  t: CheckContext,
  ops: readonly OverlapOp[],
  subjects: readonly Subject[],
  finals: readonly OverlapState[],
): Promise<OverlapOp[]> {
  const written = new Set(
    ops.flatMap((o) => (o.request.kind === 'create' || o.request.kind === 'read' ? [] : [o.request.subject])),
  );
  const reads: OverlapOp[] = [];
  for (const subject of [...written].sort()) {
    const ends = finals.map((s) => s.subjects[subject]!).filter((s) => s.pending.length === 0);
    const allowed = new Set(ends.map((s) => (s.app.known ? s.app.status : undefined)));
    const request: OverlapRequest = { kind: 'read', subject };
    const ex = await t.poll(
      {
        ...readRequest(subjects[subject]!.id),
        label: `read application #${subject + 1} until the overlap's outcomes show`,
      },
      (e) => e.response?.status === 200 && (allowed.has(undefined) || allowed.has(statusOf(e) as never)),
    );
    reads.push({ request, ex, ...timeOf(ex), settled: true });
  }
  return reads;
}

/** Sends one overlap and holds its answers to a serial explanation; says whether any two were in flight together. */
export async function checkOverlap(t: CheckContext, overlap: Overlap): Promise<{ reached: boolean }> {
  const acted = subjectsActedOn(overlap.requests);
  const subjects = await subjectsFor(
    t,
    acted.map((i) => overlap.subjects[i]!),
  );
  const requests = renumbered(overlap.requests);
  const keys = keyBodies(t, overlap);
  const exchanges = await sendReleased(
    t,
    requests.map((r, n) => requestOf(r, keys, subjects, n)),
    overlap,
  );
  const ops: OverlapOp[] = requests.map((request, n) => ({ request, ex: exchanges[n]!, ...timeOf(exchanges[n]!) }));
  const initial: OverlapState = {
    keys: [],
    subjects: subjects.map((s, i) =>
      subjectFrom(s.id, s.read.response?.json, s.start, overlap.subjects[acted[i]!] !== 'draft'),
    ),
  };
  const first = explainSerially(ops, initial, overlapModel(ops));
  expectExplained(t, ops, first);
  if (!first.explained) return { reached: true };
  const all = [...ops, ...(await settledReads(t, ops, subjects, first.finals))];
  expectExplained(t, all, explainSerially(all, initial, overlapModel(all)));
  for (const op of all)
    t.expect.rules(...rulesHeld(op)).that(op.ex, {
      holds: true,
      title: 'explained',
      expected: 'an answer some serial order gives',
      observed: 'one',
    });
  return { reached: overlapped(ops) };
}
