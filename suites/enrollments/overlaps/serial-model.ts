/**
 * What one request of an overlap may answer, one at a time from a state (harness/suite/serial.ts
 * searches the orders): a create is its key's first call (a new application of its own), a
 * replay of that call verbatim, or, while that call is still in flight, 409
 * idempotency_in_progress (section 8); an action on an application is what the model of
 * section 3 predicts from the state the order has reached (state-model/model.ts), and an
 * accepted one leaves an outcome that shows later, at any point of the order.
 */
import { errorCodes } from '../../../harness/checks/index.js';
import { answeredBefore, type Misfit, type SerialModel, type Step } from '../../../harness/suite/serial.js';
import type { Exchange } from '../../../harness/suite/index.js';
import { applicationIdOf, outstandingErrors } from '../application-reader.js';
import { statusOf } from '../applications.js';
import { ANY_REFUSAL } from '../observe.js';
import type { Start } from '../requests.js';
import {
  cancelPrediction,
  submitPrediction,
  terminatePrediction,
  traitsOf,
  updatePrediction,
  type ModelApp,
  type Prediction,
} from '../state-model/model.js';
import type { OverlapOp } from './overlap.js';
import type { PolicyStatus } from '../../../harness/model.js';

/** An outcome accepted and not shown yet, with the rule that says it shows. */
interface Outcome {
  status: PolicyStatus;
  rule: string;
}

/** What a first submission to the carrier of the overlaps' applications (planFull) shows later. */
const FIRST_SUBMISSION: Outcome = { status: 'pending_effectuation', rule: 'ENR-SUBMIT-ASYNC-OUTCOME' };

export interface SubjectModel {
  id: string;
  app: ModelApp;
  /** Outcomes accepted and still to show, in the order accepted. */
  pending: Outcome[];
}

export interface OverlapState {
  /** Per Idempotency-Key: the request that made its application, that application, and which body it sent. */
  keys: Array<{ creator: number; id: string; other: boolean } | undefined>;
  subjects: SubjectModel[];
}

/**
 * The subject as its read before the overlap shows it: the model of section 3 from there. A
 * submitted one still showing draft has its submission's outcome to come.
 */
export function subjectFrom(id: string, body: unknown, start: Start, submitted: boolean): SubjectModel {
  const status = (statusOf({ response: { json: body } } as Exchange) ?? 'draft') as PolicyStatus;
  return {
    id,
    pending: submitted && status === 'draft' ? [FIRST_SUBMISSION] : [],
    app: {
      plan: 'planFull',
      start,
      sep: false,
      status,
      statusRule: 'ENR-READ-200',
      hasErrors: outstandingErrors(body) > 0,
      submitted,
      changed: false,
      known: true,
    },
  };
}

const REPLAY = 'idempotent-replay';
const isReplay = (ex: Exchange): boolean => ex.response?.headers[REPLAY]?.toLowerCase() === 'true';
const statusText = (ex: Exchange): string =>
  ex.response ? `${ex.response.status} ${ex.response.body.slice(0, 160)}` : `no answer (${ex.error})`;
const refusedWith = (ex: Exchange, status: number, code: string): boolean =>
  ex.response?.status === status && errorCodes(ex).includes(code);
const misfit = (rule: string, expected: string, ex: Exchange): { misfit: Misfit } => ({
  misfit: { rule, expected, observed: statusText(ex) },
});

/** The first call of its key: a new application of its own, not flagged as a replay. */
function created(state: OverlapState, op: OverlapOp, index: number, other: boolean): Step<OverlapState> {
  const { ex } = op;
  const status = ex.response?.status;
  if (status !== 200 && status !== 201)
    return misfit('ENR-CREATE-SUCCESS', 'the first call of its key: 200 or 201 with a new application', ex);
  if (isReplay(ex))
    return misfit('IDEMP-FIRST-NO-REPLAY-HEADER', 'the first call of its key, without Idempotent-Replay', ex);
  const id = applicationIdOf(ex.response?.json);
  const taken = new Set([...state.subjects.map((s) => s.id), ...state.keys.flatMap((k) => (k ? [k.id] : []))]);
  if (id === undefined || taken.has(id))
    return misfit('ENR-CREATE-SUCCESS', 'an application of its own (an id no other create or application has)', ex);
  const keys = [...state.keys];
  keys[(op.request as { key: number }).key] = { creator: index, id, other };
  return { next: [{ ...state, keys }] };
}

/**
 * Why a later call of a key is not the first call's answer verbatim (a replay), 409 while that
 * call runs, or 422 for another body; undefined when it is one of them.
 */
function againMisfit(first: OverlapOp, op: OverlapOp, sameBody: boolean): { misfit: Misfit } | undefined {
  const { ex } = op;
  const inFlight = !answeredBefore(first, op);
  if (inFlight && refusedWith(ex, 409, 'idempotency_in_progress')) return undefined;
  if (!sameBody)
    return refusedWith(ex, 422, 'idempotency_mismatch')
      ? undefined
      : misfit(
          inFlight ? 'IDEMP-IN-PROGRESS-409' : 'IDEMP-MISMATCH-422',
          `422 idempotency_mismatch${inFlight ? ' or, while the first call runs, 409 idempotency_in_progress' : ''}`,
          ex,
        );
  const original = first.ex.response!;
  if (ex.response?.status === original.status && ex.response.body === original.body && isReplay(ex)) return undefined;
  if (inFlight)
    return misfit(
      'IDEMP-IN-PROGRESS-409',
      `409 idempotency_in_progress while the first call runs, or its answer replayed (${original.status})`,
      ex,
    );
  const rule =
    ex.response?.status !== original.status
      ? 'IDEMP-REPLAY-STATUS'
      : ex.response.body !== original.body
        ? 'IDEMP-REPLAY-BODY-VERBATIM'
        : 'IDEMP-REPLAY-HEADER';
  return misfit(rule, `the first answer replayed: ${original.status}, verbatim, with Idempotent-Replay: true`, ex);
}

/** Whether the answer is one the prediction allows (its statuses, and the code it names). */
function predicted(p: Prediction, ex: Exchange): boolean {
  const status = ex.response?.status;
  if (status === undefined) return false;
  if (p.rule === undefined) return status < 500;
  if (p.anyRefusal) return ANY_REFUSAL.includes(status);
  return p.statuses.includes(status) && (p.code === undefined || errorCodes(ex).includes(p.code));
}

const OUTCOMES = {
  cancel: { status: 'cancelled', rule: 'ENR-CANCEL-OUTCOME' },
  terminate: { status: 'terminated', rule: 'ENR-TERMINATE-OUTCOME' },
} as const satisfies Record<string, Outcome>;

const PREDICT = {
  submit: submitPrediction,
  cancel: cancelPrediction,
  terminate: terminatePrediction,
  update: updatePrediction,
} as const;

/** The subject after an accepted write, or why the answer is not the one the state allows. */
function written(subject: SubjectModel, kind: keyof typeof PREDICT, ex: Exchange): SubjectModel | { misfit: Misfit } {
  const { app } = subject;
  if (!app.known) return (ex.response?.status ?? 500) < 500 ? subject : misfit('EDGE-NO-5XX', 'no 5xx', ex);
  const p = PREDICT[kind](app);
  if (!predicted(p, ex))
    return misfit(p.rule ?? 'EDGE-NO-5XX', `${p.statuses.join(' or ')} for a ${kind} from ${app.status}`, ex);
  const status = ex.response!.status;
  if (status < 200 || status > 299) return subject;
  const next: SubjectModel = { ...subject, app: { ...app }, pending: [...subject.pending] };
  if (p.rule === undefined) next.app.known = false;
  else if (kind === 'update') return updated(next, ex);
  else if (kind === 'submit') submittedNow(next);
  else next.pending.push(OUTCOMES[kind]);
  return next;
}

/** A first submission shows its carrier's outcome later; a resubmission's processing is not described. */
function submittedNow(subject: SubjectModel): void {
  const { app } = subject;
  if (app.submitted) app.resubmitted = true;
  else
    subject.pending.push({
      status: traitsOf(app).submission,
      rule: traitsOf(app).submission === 'submission_failed' ? 'ENR-SUBMIT-FAILED-OUTCOME' : 'ENR-SUBMIT-ASYNC-OUTCOME',
    });
  app.submitted = true;
  app.changed = false;
}

/** An accepted PUT: the applicant is whole again, a change since the last submission, the status as it was. */
function updated(subject: SubjectModel, ex: Exchange): SubjectModel | { misfit: Misfit } {
  const shown = statusOf(ex);
  if (shown !== undefined && shown !== subject.app.status)
    return misfit('ENR-UPDATE-KEEPS-POLICY-STATUS', `policy_status ${subject.app.status} in the PUT's answer`, ex);
  subject.app.hasErrors = false;
  if (subject.app.submitted) subject.app.changed = true;
  return subject;
}

/** A read shows the state the order has reached; a settled read also shows every accepted outcome. */
function readStep(subject: SubjectModel, op: OverlapOp): SubjectModel | { misfit: Misfit } {
  const { ex } = op;
  if (ex.response?.status !== 200) return misfit('ENR-READ-200', '200 with the application', ex);
  if (!subject.app.known) return subject;
  const waiting = subject.pending[0];
  if (op.settled && waiting) return misfit(waiting.rule, `policy_status ${waiting.status} within asyncTimeoutMs`, ex);
  const shown = statusOf(ex);
  return shown === subject.app.status
    ? subject
    : misfit(subject.app.statusRule, `policy_status ${subject.app.status}`, ex);
}

function withSubject(state: OverlapState, index: number, next: SubjectModel | { misfit: Misfit }): Step<OverlapState> {
  if ('misfit' in next) return next;
  const subjects = [...state.subjects];
  subjects[index] = next;
  return { next: [{ ...state, subjects }] };
}

/** A subject moved on by what may show on its own: its next accepted outcome, or effectuation of a policy due. */
function showsLater(subject: SubjectModel): SubjectModel[] {
  const [first, ...rest] = subject.pending;
  if (first)
    return [{ ...subject, pending: rest, app: { ...subject.app, status: first.status, statusRule: first.rule } }];
  const due = subject.app.known && subject.app.start === 'today' && subject.app.status === 'pending_effectuation';
  return due ? [{ ...subject, app: { ...subject.app, status: 'effectuated', statusRule: 'ENR-EFFECTUATION' } }] : [];
}

/** The model over the requests `ops` (a create's answer is held to the answer of its key's first call). */
export function overlapModel(ops: readonly OverlapOp[]): SerialModel<OverlapState, OverlapOp> {
  return {
    step(state, op, index) {
      const { request } = op;
      if (request.kind === 'create') {
        const key = state.keys[request.key];
        if (!key) return created(state, op, index, request.other);
        return againMisfit(ops[key.creator]!, op, key.other === request.other) ?? { next: [state] };
      }
      const subject = state.subjects[request.subject]!;
      if (request.kind === 'read') return withSubject(state, request.subject, readStep(subject, op));
      return withSubject(state, request.subject, written(subject, request.kind, op.ex));
    },
    later: (state) =>
      state.subjects.flatMap((subject, i) =>
        showsLater(subject).map((moved) => ({
          ...state,
          subjects: state.subjects.map((s, j) => (j === i ? moved : s)),
        })),
      ),
  };
}
