/**
 * Judgements of what the run has seen (timeline.ts), each a pure function a check calls and a
 * test can feed: a status that moved without a change section 3 describes, next_actions that
 * offer what the state refuses, and a list row that disagrees with the latest answer of its
 * application.
 */
import {
  applicationIdOf,
  applicationMember,
  nextActionPaths,
  outstandingErrors,
  type Json,
} from '../application-reader.js';
import type { Exchange } from '../../../harness/suite/index.js';
import type { PlanFixture } from '../requests.js';
import { refusedOffers, type ModelApp } from '../state-model/model.js';
import { endedAt, sentAt } from '../../../harness/suite/run-history.js';
import type { AppHistory, Seen, WriteKind } from './timeline.js';
import { POLICY_STATUSES, type PolicyStatus } from '../../../harness/model.js';

const accepted = (app: AppHistory, kind: WriteKind, before: number) =>
  app.sent.filter((s) => s.kind === kind && s.outcome === 'accepted' && s.at < before);

/**
 * The changes of status section 3 describes, each with the write that must have been accepted
 * before the later answer (none: it happens on its own).
 */
const MOVES: ReadonlyArray<{ from: PolicyStatus; to: PolicyStatus; after?: WriteKind }> = [
  { from: 'draft', to: 'pending_effectuation', after: 'submit' },
  { from: 'draft', to: 'submission_failed', after: 'submit' },
  { from: 'pending_effectuation', to: 'effectuated' },
  { from: 'pending_effectuation', to: 'cancelled', after: 'cancel' },
  { from: 'effectuated', to: 'terminated', after: 'terminate' },
];

/** Whether `to` follows `from` through moves whose writes were accepted before `before` (chains included). */
function reachable(app: AppHistory, from: PolicyStatus, to: PolicyStatus, before: number): boolean {
  const open = MOVES.filter((m) => m.after === undefined || accepted(app, m.after, before).length > 0);
  const reached = new Set<PolicyStatus>([from]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const m of open)
      if (reached.has(m.from) && !reached.has(m.to)) {
        reached.add(m.to);
        grew = true;
      }
  }
  return reached.has(to);
}

/** Two answers of one application in a row whose statuses no described change joins. */
export interface Drift {
  from: Seen;
  to: Seen;
}

/**
 * The first change between consecutive answers that section 3 does not describe. Not judged
 * after a write of unknown outcome, nor after an accepted resubmission (its processing is not
 * described: the model stops predicting such an application too).
 */
export function statusDrift(app: AppHistory): Drift | undefined {
  const shown = app.seen.filter((s) => s.status !== undefined);
  for (let i = 1; i < shown.length; i++) {
    const [from, to] = [shown[i - 1]!, shown[i]!];
    if (from.status === to.status) continue;
    const unknown = app.sent.some((s) => s.at < to.at && s.outcome === 'unknown');
    const resubmitted = accepted(app, 'submit', to.at).length > 1;
    if (unknown || resubmitted) return undefined;
    if (!reachable(app, from.status!, to.status!, to.at)) return { from, to };
  }
  return undefined;
}

/**
 * The model's view of an application as an answer showed it: its status and outstanding errors
 * from the answer, submitted and changed from the writes accepted before it, the carrier from
 * its plan. Undefined when the answer shows no status or a write before it has an unknown outcome.
 */
export function modelAt(app: AppHistory, seen: Seen, plan: PlanFixture): ModelApp | undefined {
  if (seen.status === undefined || app.sent.some((s) => s.at < seen.at && s.outcome === 'unknown')) return undefined;
  // A PUT's own answer shows the application with its change.
  const through = seen.at + 1;
  const submits = accepted(app, 'submit', through);
  const last = submits.at(-1)?.at ?? -1;
  return {
    plan,
    start: 'today',
    sep: false,
    status: seen.status,
    statusRule: 'ENR-OUTCOME-STAYS',
    hasErrors: outstandingErrors(seen.body) > 0,
    submitted: submits.length > 0,
    changed: accepted(app, 'update', through).some((s) => s.at > last),
    known: true,
    ...(submits.length > 1 ? { resubmitted: true } : {}),
  };
}

/** The actions an answer offers whose section-3 precondition fails in the state it shows (by route suffix). */
export const offeredRefusals = (model: ModelApp, body: unknown): string[] =>
  refusedOffers(model, nextActionPaths(body));

/**
 * Members a list row and the application's answers both name (the document's ApplicationListItem
 * and ApplicationResponse) that only a change moves; policy_status and updated_at also move on
 * their own and are judged elsewhere. Each with how two values are compared.
 */
const SHARED_MEMBERS: ReadonlyArray<{ name: string; same(a: unknown, b: unknown): boolean }> = [
  { name: 'external_id', same: (a, b) => a === b },
  { name: 'plan_hios_id', same: (a, b) => a === b },
  // A string in rows, an integer on the read (the document).
  { name: 'plan_year', same: (a, b) => String(a) === String(b) },
  { name: 'created_at', same: (a, b) => sameInstant(a, b) },
];

/** Digits of the fraction of a second an instant is written with (0 to 3 count). */
const fractionDigits = (text: string): number => Math.min(3, /\.(\d+)/.exec(text)?.[1]?.length ?? 0);

/** One instant, though one place may write it more coarsely (whole seconds): compared at the coarser precision. */
function sameInstant(a: unknown, b: unknown): boolean {
  const [x, y] = [Date.parse(String(a)), Date.parse(String(b))];
  if (Number.isNaN(x) || Number.isNaN(y)) return a === b;
  const unit = 10 ** (3 - Math.min(fractionDigits(String(a)), fractionDigits(String(b))));
  return Math.floor(x / unit) === Math.floor(y / unit);
}

/** A member of an answer: at the top level (the document), else in the echoed application data. */
const memberOf = (body: Json, name: string): unknown => body[name] ?? applicationMember(body, name);

/** The policy status a body shows, when it is one of the six. */
const statusShown = (body: Json): PolicyStatus | undefined =>
  (POLICY_STATUSES as readonly unknown[]).includes(body.policy_status) ? body.policy_status : undefined;

/** Members where a row and an answer of the same application disagree: `name: row value / answer value`. */
export function rowDisagreements(row: Json, answer: Json): string[] {
  const out: string[] = [];
  if (applicationIdOf(row) !== applicationIdOf(answer)) out.push('application id');
  for (const { name, same } of SHARED_MEMBERS) {
    const [inRow, inAnswer] = [row[name], memberOf(answer, name)];
    if (inRow == null || inAnswer == null || same(inRow, inAnswer)) continue;
    out.push(`${name}: ${JSON.stringify(inRow)} in the row, ${JSON.stringify(inAnswer)} on the application`);
  }
  return out;
}

/** A row's updated_at before the one an answer showed (at the coarser precision of the two, give or take a unit). */
function updatedBefore(row: Json, answer: Json): string[] {
  const [shown, read] = [row.updated_at, memberOf(answer, 'updated_at')];
  const [x, y] = [Date.parse(String(shown)), Date.parse(String(read))];
  if (Number.isNaN(x) || Number.isNaN(y)) return [];
  const unit = 10 ** (3 - Math.min(fractionDigits(String(shown)), fractionDigits(String(read))));
  return x < y - unit
    ? [`updated_at: ${JSON.stringify(shown)} in the row, before ${JSON.stringify(read)} that the application showed`]
    : [];
}

/** A row's policy_status that no change section 3 describes leads to from the status an answer showed. */
function statusBehind(app: AppHistory, row: Json, answer: Seen, at: number): string[] {
  const shown = statusShown(row);
  // After an accepted resubmission the processing is not described (as statusDrift).
  if (shown === undefined || answer.status === undefined || accepted(app, 'submit', at).length > 1) return [];
  return reachable(app, answer.status, shown, at)
    ? []
    : [`policy_status ${shown} in the row, which nothing accepted leads to from ${answer.status}`];
}

/** What a row is held to (`base`, the oldest answer it may still show; `latest`), and where it disagrees. */
export type RowJudgement = { skip: string } | { base: Seen; latest: Seen; problems: string[] };

/**
 * A list row against the answers of its application its own account saw before the list was
 * sent: after the asynchronous window (`windowMs`, the profile's asyncTimeoutMs) it shows what the
 * latest of them shows (members only a change moves, updated_at no earlier, a status that
 * nothing accepted leads away from); within the window it may still show an earlier one. Not
 * judged after a write of unknown outcome, nor while a PUT sent after the latest answer is unread.
 */
export function rowAgainstHistory(
  app: AppHistory,
  row: Json,
  at: number,
  list: Exchange,
  windowMs: number,
): RowJudgement {
  const listed = sentAt(list);
  if (listed === undefined) return { skip: 'rows of lists the journal gives no time for' };
  if (app.sent.some((s) => s.at < at && s.outcome === 'unknown'))
    return { skip: 'rows after a write of unknown outcome' };
  const before = app.seen.filter((s) => s.at < at && (endedAt(s.ex) ?? Infinity) <= listed);
  const latest = before.at(-1);
  if (!latest) return { skip: 'rows of applications no answer showed before' };
  if (app.sent.some((s) => s.kind === 'update' && s.outcome === 'accepted' && s.at > latest.at && s.at < at))
    return { skip: 'rows listed after a PUT whose answer showed no application' };
  // The oldest answer the row may still show: the latest one the window has passed since, else the first.
  const settled = before.findLast((s) => endedAt(s.ex)! <= listed - windowMs);
  const shown = before.slice(settled ? before.indexOf(settled) : 0);
  const base = shown[0]!;
  const members = shown.some((s) => rowDisagreements(row, s.body).length === 0)
    ? []
    : rowDisagreements(row, latest.body);
  return {
    base,
    latest,
    problems: [...members, ...updatedBefore(row, base.body), ...statusBehind(app, row, base, at)],
  };
}
