import { describe, expect, test } from 'vitest';
import { accountsApartBy, type HistoryContext } from '../../../harness/suite/run-history.js';
import { application, create, list, read, Run, ROUTING } from './journal.test-helpers.js';
import { accountBoundary } from './oracles.js';

const OTHER = { role: 'otherAccount' };
const context = (distinct = true): HistoryContext => ({
  accountsApart: accountsApartBy(() => distinct),
  fixture: () => undefined,
  asyncTimeoutMs: 1_000,
});
const judge = (run: Run, t = context()) => accountBoundary.judge(run.entries, t);
const broken = (run: Run, t = context()) =>
  judge(run, t)
    .claims.filter((c) => !c.holds)
    .map((c) => [c.rules[0], c.entries.length]);

describe('the account boundary over every answer of the run', () => {
  test("holds a list of another account's own applications, in both directions, whatever sent it", () => {
    const run = new Run();
    create(run, 'enr_1');
    create(run, 'enr_2', OTHER);
    list(run, [application('enr_2', 'draft')], OTHER);
    list(run, [application('enr_1', 'draft')]);
    const { claims } = judge(run);
    expect(claims.map((c) => [c.rules[0], c.holds])).toEqual([
      // The other account's create answers after the approved account's: judged too.
      ['ENR-OTHER-ACCOUNT-NOT-SHOWN', true],
      ['ENR-LIST-OWN-ACCOUNT', true],
      ['ENR-LIST-OWN-ACCOUNT', true],
    ]);
  });

  test('fails a filtered list that shows the other account’s application, naming its create and the list', () => {
    const run = new Run();
    create(run, 'enr_1', OTHER);
    list(run, [application('enr_9', 'draft'), application('enr_1', 'draft')], {}, '&policy_status=draft');
    const [claim] = judge(run).claims.filter((c) => !c.holds);
    expect(claim!.rules).toEqual(['ENR-LIST-OWN-ACCOUNT']);
    expect(claim!.entries.map((e) => e.exchange.request.method)).toEqual(['POST', 'GET']);
    expect(claim!.observed()).toContain('shows enr_1, created by otherAccount');
  });

  test('finds an id inside a message, a link or a member name of any answer, and in a header', () => {
    const run = new Run();
    create(run, 'enr_1');
    const warning = { ...application('enr_2', 'draft'), warnings: [{ message: 'external_id used by enr_1.' }] };
    run.send('POST', '/v1/enrollments', 201, warning, { ...OTHER, request: {} });
    run.send('POST', '/v1/enrollment-sessions', 200, { links: { enr_1: '/x' } }, OTHER);
    run.send('GET', '/v1/ping', 200, {}, { ...OTHER, headers: { location: '/v1/enrollments/enr_1' } });
    expect(broken(run)).toEqual([
      ['ENR-OTHER-ACCOUNT-NOT-SHOWN', 2],
      ['ENR-OTHER-ACCOUNT-NOT-SHOWN', 2],
      ['ENR-OTHER-ACCOUNT-NOT-SHOWN', 2],
    ]);
  });

  test('searches the text of an answer that is not JSON or was cut at the size bound', () => {
    const run = new Run();
    create(run, 'enr_1');
    run.send('GET', '/v1/ping', 502, undefined, { ...OTHER, text: '<html>enr_1 is down</html>' });
    run.send('GET', `/v1/enrollments${ROUTING}`, 200, undefined, {
      ...OTHER,
      text: '{"applications":[{"application_id":"enr_1"',
      truncated: true,
    });
    expect(broken(run).map(([rule]) => rule)).toEqual(['ENR-OTHER-ACCOUNT-NOT-SHOWN', 'ENR-LIST-OWN-ACCOUNT']);
  });

  test('does not take an id the request named, a longer word holding it, or a number outside id members', () => {
    const run = new Run();
    create(run, 'enr_1');
    const numeric = run.send('POST', '/v1/enrollments', 201, application('2026', 'draft'), {
      request: { external_id: 'x' },
    });
    expect(numeric.response?.status).toBe(201);
    // A 404 that echoes the id asked for tells the caller nothing.
    run.send(
      'GET',
      `/v1/enrollments/enr_1${ROUTING}`,
      404,
      { errors: [{ code: 'not_found', message: 'No enr_1.' }] },
      OTHER,
    );
    run.send('GET', '/v1/ping', 200, { note: 'enr_12 and xenr_1' }, OTHER);
    // plan_year "2026" is not application 2026.
    list(run, [{ application_id: 'enr_7', plan_year: '2026' }], OTHER);
    expect(broken(run)).toEqual([]);
    const shown = new Run();
    shown.send('POST', '/v1/enrollments', 201, application('2026', 'draft'), { request: {} });
    list(shown, [{ application_id: 2026 }], OTHER);
    expect(broken(shown)).toEqual([['ENR-LIST-OWN-ACCOUNT', 2]]);
  });

  test('judges only roles the key roles set apart, holding two keys; an id issued to both is not judged', () => {
    const leak = (role: string, t?: HistoryContext) => {
      const run = new Run();
      create(run, 'enr_1');
      list(run, [application('enr_1', 'draft')], { role });
      return broken(run, t);
    };
    expect(leak('otherAccount')).toHaveLength(1);
    // reader and sessions may share the approved account on a real staging.
    expect(leak('reader')).toEqual([]);
    expect(leak('sessions')).toEqual([]);
    expect(leak('otherAccount', context(false))).toEqual([]);
    const both = new Run();
    create(both, 'enr_1');
    create(both, 'enr_1', OTHER);
    list(both, [application('enr_1', 'draft')], OTHER);
    expect(broken(both)).toEqual([]);
  });

  test("another account's operation on an application is refused as unknown, showing none of its data", () => {
    const run = new Run();
    create(run, 'enr_1');
    const refused = { errors: [{ code: 'not_found', message: 'No such application.' }] };
    run.send('GET', `/v1/enrollments/enr_1${ROUTING}`, 404, refused, OTHER);
    run.send('POST', '/v1/enrollments/enr_1/submissions', 403, { error: { code: 'forbidden', message: 'No.' } }, OTHER);
    run.send('GET', `/v1/enrollments/enr_1/payment_redirect${ROUTING}`, 200, { endpoint: 'https://carrier' }, OTHER);
    run.send('GET', `/v1/enrollments/enr_1${ROUTING}`, 404, { error: { code: 'not_found', message: 'x' } }, OTHER);
    const named = { errors: [{ code: 'not_found', message: 'ext-enr_1 belongs to Conformance' }] };
    run.send('PUT', '/v1/enrollments/enr_1', 404, named, { ...OTHER, request: { external_id: 'ext-enr_1' } });
    const refusals = judge(run).claims.filter((c) => c.rules[0] === 'ENR-OTHER-ACCOUNT-REFUSED');
    // A 404 in the unified envelope is not the errors[] of an unknown id; the PUT sent the external_id itself,
    // but the last name it did not.
    expect(refusals.map((c) => c.holds)).toEqual([true, true, false, false, false]);
    expect(refusals[4]!.observed()).toContain('"Conformance"');
  });

  test('leaves out what says nothing: no answer, a 429 or a 5xx on the application', () => {
    const run = new Run();
    create(run, 'enr_1');
    run.send('GET', `/v1/enrollments/enr_1${ROUTING}`, undefined, undefined, OTHER);
    run.send('GET', `/v1/enrollments/enr_1${ROUTING}`, 429, { error: { code: 'rate_limited', message: 'x' } }, OTHER);
    run.send('POST', '/v1/enrollments/enr_1/cancellations', 503, undefined, { ...OTHER, text: 'Service Unavailable' });
    const { claims, leftOut } = judge(run);
    expect(claims.every((c) => c.holds && c.rules[0] === 'ENR-OTHER-ACCOUNT-NOT-SHOWN')).toBe(true);
    expect([...leftOut!.values()]).toEqual([1, 2]);
  });

  test('has nothing to judge in a run without another account', () => {
    const run = new Run();
    create(run, 'enr_1');
    read(run, 'enr_1', 'draft');
    expect(judge(run).claims).toEqual([]);
  });
});
