import { describe, expect, test } from 'vitest';
import { accountsApartBy, type HistoryContext } from '../../../harness/suite/run-history.js';
import { application, create, list, read, Run, type Sent } from './journal.test-helpers.js';
import { capabilitiesStay, nextActionsOffered, rowsAgree, statusMoves } from './oracles.js';

const WINDOW = 1_000;
const t: HistoryContext = {
  accountsApart: accountsApartBy(() => true),
  fixture: (name) => (name === 'planFull' ? '12345CA0010001' : undefined),
  asyncTimeoutMs: WINDOW,
};
const verdicts = (run: Run, oracle = rowsAgree) => oracle.judge(run.entries, t).claims.map((c) => c.holds);
const act = (run: Run, suffix: string, status: number | undefined, o: Sent = {}) =>
  run.send('POST', `/v1/enrollments/enr_1/${suffix}`, status, {}, o);
const put = (run: Run, answer: unknown, o: Sent = {}) => run.send('PUT', '/v1/enrollments/enr_1', 200, answer, o);
const LATER = { updated_at: '2026-11-26T10:00:05.000Z' };

describe('a list row against the history of its application', () => {
  test("after the window, a row shows the latest answer's updated_at and a status it leads to", () => {
    const run = new Run();
    create(run, 'enr_1');
    put(run, application('enr_1', 'draft', LATER));
    run.wait(WINDOW);
    list(run, [application('enr_1', 'draft', LATER)]);
    list(run, [application('enr_1', 'draft', { updated_at: '2026-11-26T10:00:06Z' })]);
    // Whole seconds in the row, milliseconds on the read: one instant.
    list(run, [application('enr_1', 'draft', { updated_at: '2026-11-26T10:00:05Z' })]);
    list(run, [application('enr_1', 'draft')]);
    list(run, [application('enr_1', 'cancelled', LATER)]);
    expect(verdicts(run)).toEqual([true, true, true, false, false]);
    const [stale, behind] = rowsAgree.judge(run.entries, t).claims.slice(3);
    expect(stale!.observed()).toMatch(/updated_at: "2026-11-26T10:00:00.000Z" in the row, before/);
    expect(behind!.observed()).toMatch(/policy_status cancelled in the row, which nothing accepted leads to/);
  });

  test('within the window a row may still show the answer before a change', () => {
    const run = new Run();
    create(run, 'enr_1');
    run.wait(WINDOW);
    put(run, application('enr_1', 'draft', { ...LATER, external_id: 'changed' }));
    list(run, [application('enr_1', 'draft')]);
    run.wait(WINDOW);
    list(run, [application('enr_1', 'draft')]);
    expect(verdicts(run)).toEqual([true, false]);
  });

  test('a status moves on in a row by what was accepted before the list, never back', () => {
    const run = new Run();
    create(run, 'enr_1');
    act(run, 'submissions', 202);
    read(run, 'enr_1', 'pending_effectuation');
    run.wait(WINDOW);
    list(run, [application('enr_1', 'effectuated')]);
    list(run, [application('enr_1', 'draft')]);
    expect(verdicts(run)).toEqual([true, false]);
  });

  test('leaves out rows after a write of unknown outcome, an unread PUT, and rows of other keys', () => {
    const run = new Run();
    create(run, 'enr_1');
    run.wait(WINDOW);
    run.send('PUT', '/v1/enrollments/enr_1', 204, undefined, { text: '' });
    list(run, [application('enr_1', 'draft')]);
    list(run, [application('enr_1', 'draft')], { role: 'reader' });
    act(run, 'cancellations', undefined);
    run.wait(WINDOW);
    list(run, [application('enr_1', 'cancelled')]);
    const { claims, leftOut } = rowsAgree.judge(run.entries, t);
    expect(claims).toEqual([]);
    expect([...leftOut!.keys()]).toEqual([
      'rows listed after a PUT whose answer showed no application',
      'rows after a write of unknown outcome',
    ]);
  });
});

describe('statuses over the whole run', () => {
  test('a status left without a described change fails, whichever check read it', () => {
    const run = new Run();
    create(run, 'enr_1', { check: 'a state-model sequence' });
    act(run, 'submissions', 202);
    read(run, 'enr_1', 'effectuated');
    put(run, application('enr_1', 'effectuated'));
    read(run, 'enr_1', 'pending_effectuation', {}, { check: 'the closing lists' });
    const [claim] = statusMoves.judge(run.entries, t).claims;
    expect(claim!.holds).toBe(false);
    expect(claim!.entries.map((e) => e.check)).toEqual(['some check', 'the closing lists']);
  });

  test('judges applications of every key, each by its own answers', () => {
    const run = new Run();
    create(run, 'enr_1', { role: 'tierHigh' });
    read(run, 'enr_1', 'cancelled');
    read(run, 'enr_1', 'draft', {}, { role: 'tierHigh' });
    read(run, 'enr_1', 'cancelled', {}, { role: 'tierHigh' });
    expect(verdicts(run, statusMoves)).toEqual([false]);
  });
});

describe('next_actions over the whole run', () => {
  test('judges every answer of a known plan, and only the hrefs of another plan', () => {
    const cancel = { rel: 'cancel', href: '/v1/enrollments/enr_1/cancellations', method: 'POST' };
    const run = new Run();
    create(run, 'enr_1');
    read(run, 'enr_1', 'draft', { next_actions: [cancel] });
    read(run, 'enr_1', 'draft', { next_actions: [{ ...cancel, href: '/api/v1/applications/enr_1' }] });
    const { claims, leftOut } = nextActionsOffered.judge(run.entries, t);
    expect(claims.map((c) => `${c.rules[0]} ${c.holds}`)).toEqual([
      'ENR-CREATE-NEXT-ACTIONS-HREF true',
      'ENR-NEXT-ACTIONS-AVAILABLE true',
      'ENR-CREATE-NEXT-ACTIONS-HREF true',
      'ENR-NEXT-ACTIONS-AVAILABLE false',
      'ENR-CREATE-NEXT-ACTIONS-HREF false',
      'ENR-NEXT-ACTIONS-AVAILABLE true',
    ]);
    expect(leftOut!.size).toBe(0);
    const unknown = nextActionsOffered.judge(run.entries, { ...t, fixture: () => undefined });
    expect(unknown.claims.map((c) => c.rules[0])).toEqual(Array(3).fill('ENR-CREATE-NEXT-ACTIONS-HREF'));
  });
});

describe('bad input', () => {
  test('answers that are not JSON, cut bodies and exchanges without an answer crash no oracle', () => {
    const run = new Run();
    create(run, 'enr_1');
    run.send('GET', '/v1/enrollments/enr_1', 200, undefined, { text: '<html>ok</html>' });
    run.send('GET', '/v1/enrollments', 200, undefined, { text: '{"applications":[', truncated: true });
    run.send('POST', '/v1/enrollments', 201, undefined, { text: 'created', request: 'not json' });
    run.send('PUT', '/v1/enrollments/enr_1', undefined);
    for (const oracle of [statusMoves, rowsAgree, nextActionsOffered])
      expect(() => oracle.judge(run.entries, t)).not.toThrow();
    // The create's answer alone showed the application: its hrefs, and its actions (before the PUT of unknown outcome).
    expect(verdicts(run, nextActionsOffered)).toEqual([true, true]);
  });
});

describe("an application's carrier capabilities over the run", () => {
  const carrier = (cancel: boolean, extra: Record<string, unknown> = {}) => ({
    carrier: { supports_cancellation: cancel, supports_termination: true, ...extra },
  });

  test('hold when every answer states them alike, whatever the status; a state flag is not one', () => {
    const run = new Run();
    create(run, 'enr_1');
    read(run, 'enr_1', 'draft', carrier(true));
    read(run, 'enr_1', 'cancelled', { ...carrier(true), cancelled: true, cancellation_pending: false });
    expect(verdicts(run, capabilitiesStay)).toEqual([true]);
  });

  test('fail when a later answer states one otherwise, naming the member and both answers', () => {
    const run = new Run();
    create(run, 'enr_1');
    read(run, 'enr_1', 'draft', carrier(true));
    read(run, 'enr_1', 'pending_effectuation', carrier(false));
    const [claim] = capabilitiesStay.judge(run.entries, t).claims;
    expect(claim).toMatchObject({ holds: false, rules: ['ENR-CARRIER-CAPABILITIES-STAY'] });
    expect(claim!.observed()).toMatch(/carrier\.supports_cancellation true .* later false/);
  });

  test('judge nothing of an application shown once, or shown without a capability', () => {
    const run = new Run();
    create(run, 'enr_1');
    read(run, 'enr_1', 'draft', carrier(true));
    read(run, 'enr_1', 'draft');
    expect(verdicts(run, capabilitiesStay)).toEqual([]);
  });
});
