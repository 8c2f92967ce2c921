/**
 * The serial explanation of overlapping direct-enrollment requests, on written histories: those
 * some order of the requests, one at a time, gives must pass; those none gives must fail,
 * naming the rule the closest order breaks.
 */
import { describe, expect, test } from 'vitest';
import type { Exchange } from '../../../harness/model.js';
import { explainSerially } from '../../../harness/suite/serial.js';
import type { OverlapOp, OverlapRequest } from './overlap.js';
import { overlapModel, subjectFrom, type OverlapState } from './serial-model.js';

function answer(status: number, json?: unknown, headers: Record<string, string> = {}): Exchange {
  const body = json === undefined ? '' : JSON.stringify(json);
  return {
    request: { method: 'POST', url: 'http://target/v1/enrollments', headers: {} },
    response: { status, headers, body, ...(json === undefined ? {} : { json }) },
    durationMs: 1,
  };
}

const app = (id: string, status = 'draft') => ({ application_id: id, policy_status: status, errors: [] });
const refused = (status: number, code: string) => answer(status, { errors: [{ code, message: code }] });
const replay = (of: Exchange) => answer(of.response!.status, of.response!.json, { 'idempotent-replay': 'true' });

const op = (request: OverlapRequest, ex: Exchange, start: number, end: number, settled = false): OverlapOp => ({
  request,
  ex,
  start,
  end,
  ...(settled ? { settled } : {}),
});
const create = (key = 0, other = false): OverlapRequest => ({ kind: 'create', key, other });
const on = (kind: 'submit' | 'cancel' | 'terminate' | 'update' | 'read', subject = 0): OverlapRequest => ({
  kind,
  subject,
});

const noSubjects: OverlapState = { keys: [], subjects: [] };
const withSubject = (status: string, start: 'today' | 'future' = 'future'): OverlapState => ({
  keys: [],
  subjects: [subjectFrom('enr_s', app('enr_s', status), start, status !== 'draft')],
});

const explain = (ops: OverlapOp[], initial: OverlapState = noSubjects) =>
  explainSerially(ops, initial, overlapModel(ops));
const ruleOf = (ops: OverlapOp[], initial?: OverlapState) => {
  const verdict = explain(ops, initial);
  return verdict.explained ? 'explained' : verdict.misfit.rule;
};

describe('creates and their duplicates (section 8)', () => {
  const first = answer(201, app('enr_1'));

  test('a duplicate in flight gets 409 idempotency_in_progress or the replay', () => {
    expect(ruleOf([op(create(), first, 0, 300), op(create(), refused(409, 'idempotency_in_progress'), 50, 60)])).toBe(
      'explained',
    );
    expect(ruleOf([op(create(), first, 0, 300), op(create(), replay(first), 50, 310)])).toBe('explained');
  });

  test('a duplicate sent after the first answered gets the replay, verbatim and flagged', () => {
    expect(ruleOf([op(create(), first, 0, 10), op(create(), replay(first), 20, 30)])).toBe('explained');
  });

  test('whichever duplicate the target ran first may be the one that created', () => {
    // The second sent answered with the application, the first sent with 409: the target ran them in the other order.
    expect(ruleOf([op(create(), refused(409, 'idempotency_in_progress'), 0, 20), op(create(), first, 5, 300)])).toBe(
      'explained',
    );
  });

  test('creates with two keys make two applications', () => {
    expect(ruleOf([op(create(0), first, 0, 300), op(create(1), answer(201, app('enr_2')), 10, 300)])).toBe('explained');
  });

  test('a duplicate in flight that makes a second application fails IDEMP-IN-PROGRESS-409', () => {
    expect(ruleOf([op(create(), first, 0, 300), op(create(), answer(201, app('enr_2')), 150, 400)])).toBe(
      'IDEMP-IN-PROGRESS-409',
    );
  });

  test('409 after the first call answered fails: it should have been the replay', () => {
    expect(ruleOf([op(create(), first, 0, 10), op(create(), refused(409, 'idempotency_in_progress'), 20, 30)])).toBe(
      'IDEMP-REPLAY-STATUS',
    );
  });

  test('a later duplicate with the first answer but no Idempotent-Replay fails IDEMP-REPLAY-HEADER', () => {
    expect(ruleOf([op(create(), first, 0, 10), op(create(), answer(201, app('enr_1')), 20, 30)])).toBe(
      'IDEMP-REPLAY-HEADER',
    );
  });

  test('two keys answered with one application fail ENR-CREATE-SUCCESS', () => {
    expect(ruleOf([op(create(0), first, 0, 300), op(create(1), answer(201, app('enr_1')), 10, 300)])).toBe(
      'ENR-CREATE-SUCCESS',
    );
  });

  test('the key with another body gets 422 idempotency_mismatch, or 409 while the first runs', () => {
    const mismatch = refused(422, 'idempotency_mismatch');
    expect(ruleOf([op(create(), first, 0, 10), op(create(0, true), mismatch, 20, 30)])).toBe('explained');
    const busy = refused(409, 'idempotency_in_progress');
    expect(ruleOf([op(create(), first, 0, 300), op(create(0, true), busy, 20, 30)])).toBe('explained');
    expect(ruleOf([op(create(), first, 0, 10), op(create(0, true), replay(first), 20, 30)])).toBe('IDEMP-MISMATCH-422');
  });
});

describe('actions on one application (section 3)', () => {
  const accepted = () => answer(202, { application_id: 'enr_s' });
  const notPending = () => refused(400, 'invalid_field_value');

  test('of two submissions in flight one is accepted and the other has no changes to send', () => {
    const ops = [op(on('submit'), accepted(), 0, 20), op(on('submit'), refused(422, 'no_changes'), 5, 25)];
    expect(ruleOf(ops, withSubject('draft'))).toBe('explained');
  });

  test('two submissions in flight both accepted fail ENR-SUBMIT-NO-CHANGES-422', () => {
    const ops = [op(on('submit'), accepted(), 0, 20), op(on('submit'), accepted(), 5, 25)];
    expect(ruleOf(ops, withSubject('draft'))).toBe('ENR-SUBMIT-NO-CHANGES-422');
  });

  test('a cancellation beside a submission is refused while the outcome is not shown, accepted once it is', () => {
    const refusedNow = [op(on('submit'), accepted(), 0, 20), op(on('cancel'), notPending(), 5, 25)];
    expect(ruleOf(refusedNow, withSubject('draft'))).toBe('explained');
    const acceptedLater = [op(on('submit'), accepted(), 0, 20), op(on('cancel'), accepted(), 5, 25)];
    expect(ruleOf(acceptedLater, withSubject('draft'))).toBe('explained');
  });

  test('a settled read must show every accepted outcome', () => {
    const shown = [
      op(on('submit'), accepted(), 0, 20),
      op(on('read'), answer(200, app('enr_s', 'pending_effectuation')), 100, 110, true),
    ];
    expect(ruleOf(shown, withSubject('draft'))).toBe('explained');
    const stuck = [op(on('submit'), accepted(), 0, 20), op(on('read'), answer(200, app('enr_s')), 100, 110, true)];
    expect(ruleOf(stuck, withSubject('draft'))).toBe('ENR-SUBMIT-ASYNC-OUTCOME');
  });

  test('a read in flight with a cancellation shows the status before or after it', () => {
    for (const status of ['pending_effectuation', 'cancelled'])
      expect(
        ruleOf(
          [op(on('cancel'), accepted(), 0, 20), op(on('read'), answer(200, app('enr_s', status)), 5, 25)],
          withSubject('pending_effectuation'),
        ),
      ).toBe('explained');
  });

  test('a read after one that showed the outcome cannot show the status before it', () => {
    const ops = [
      op(on('cancel'), accepted(), 0, 20),
      op(on('read'), answer(200, app('enr_s', 'cancelled')), 30, 40),
      op(on('read'), answer(200, app('enr_s', 'pending_effectuation')), 50, 60),
    ];
    expect(ruleOf(ops, withSubject('pending_effectuation'))).not.toBe('explained');
  });

  test('a cancellation and a termination are never both accepted', () => {
    const ops = [op(on('cancel'), accepted(), 0, 20), op(on('terminate'), accepted(), 5, 25)];
    expect(ruleOf(ops, withSubject('pending_effectuation', 'today'))).not.toBe('explained');
    const one = [op(on('cancel'), accepted(), 0, 20), op(on('terminate'), notPending(), 5, 25)];
    expect(ruleOf(one, withSubject('pending_effectuation', 'today'))).toBe('explained');
  });

  test('a change accepted beside a cancellation is tracked, or refused once the cancellation shows', () => {
    const put = (status: number) => (status === 200 ? answer(200, app('enr_s', 'pending_effectuation')) : notPending());
    for (const status of [200, 400])
      expect(
        ruleOf(
          [op(on('cancel'), accepted(), 0, 20), op(on('update'), put(status), 5, 25)],
          withSubject('pending_effectuation'),
        ),
      ).toBe('explained');
  });

  test('the finals of every explaining order are given, to poll the settled reads against', () => {
    const verdict = explain([op(on('cancel'), accepted(), 0, 20)], withSubject('pending_effectuation'));
    expect(verdict.explained && verdict.finals.map((s) => s.subjects[0]!.app.status).sort()).toEqual([
      'cancelled',
      'pending_effectuation',
    ]);
  });
});
