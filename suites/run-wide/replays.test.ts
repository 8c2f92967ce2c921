import { describe, expect, test } from 'vitest';
import { Run, type Sent } from '../enrollments/history/journal.test-helpers.js';
import { replayClaims } from './replays.js';

const BODY = { external_id: 'e-1', plan_hios_id: 'p' };
const keyed = (o: Sent = {}): Sent => ({ request: BODY, requestHeaders: { 'idempotency-key': 'k-1' }, ...o });
const REPLAY = { 'idempotent-replay': 'true' };

const session = (run: Run, status: number | undefined, json: unknown, o: Sent = {}) =>
  run.send('POST', '/v1/enrollment-sessions', status, json, keyed(o));

/** The claims of a run, as `rule holds`, and what was left out. */
function judged(run: Run) {
  const { claims, leftOut } = replayClaims(run.entries);
  return { claims: claims.map((c) => `${c.rules[0]} ${c.holds}`), leftOut: [...(leftOut ?? new Map()).keys()] };
}

describe('every replay of the run answers as its original', () => {
  test('a verbatim replay, whenever and by whichever check it was sent, holds', () => {
    const run = new Run();
    session(run, 200, { external_id: 'e-1', links: {} }, { check: 'a setup step' });
    run.wait(60_000);
    session(run, 200, { external_id: 'e-1', links: {} }, { headers: REPLAY, check: 'a late check' });
    expect(judged(run).claims).toEqual([
      'IDEMP-REPLAY-STATUS true',
      'IDEMP-REPLAY-BODY-VERBATIM true',
      'IDEMP-REPLAY-HEADER true',
    ]);
    expect(replayClaims(run.entries).claims[0]!.entries.map((e) => e.check)).toEqual(['a setup step', 'a late check']);
  });

  test('another body, status or a missing flag each fail their own rule', () => {
    const run = new Run();
    session(run, 200, { external_id: 'e-1', links: {} });
    session(run, 201, { links: {}, external_id: 'e-1' });
    expect(judged(run).claims).toEqual([
      'IDEMP-REPLAY-STATUS false',
      'IDEMP-REPLAY-BODY-VERBATIM false',
      'IDEMP-REPLAY-HEADER false',
    ]);
  });

  test('a 429 and a 409 are not the original: the first answer stored is', () => {
    const run = new Run();
    session(run, 429, { error: { code: 'rate_limited', message: 'x' } });
    session(run, 200, { external_id: 'e-1' });
    session(run, 200, { external_id: 'e-1' }, { headers: REPLAY });
    expect(judged(run).claims.every((c) => c.endsWith('true'))).toBe(true);
    expect(judged(run).claims).toHaveLength(3);
  });

  test('another key role, Idempotency-Key, route or body is another call, and other routes none', () => {
    const run = new Run();
    session(run, 200, { a: 1 });
    session(run, 200, { a: 2 }, { role: 'tierHigh' });
    session(run, 200, { a: 3 }, { requestHeaders: { 'idempotency-key': 'k-2' } });
    session(run, 200, { a: 4 }, { request: { ...BODY, external_id: 'e-2' } });
    run.send('POST', '/v1/enrollments', 201, { a: 5 }, keyed());
    run.send('POST', '/v1/enrollments', 400, { errors: [] }, { request: BODY });
    // Section 8 states replays for the two creates only.
    run.send('POST', '/v1/quotes', 200, { a: 6 }, keyed());
    run.send('POST', '/v1/quotes', 200, { a: 7 }, keyed());
    expect(judged(run)).toEqual({ claims: [], leftOut: [] });
  });

  test('leaves out, with the reason, what a store could not have answered', () => {
    const run = new Run();
    // Sent before the original's answer ended (a race of its own).
    const first = session(run, 200, { a: 1 }, { took: 500 });
    const early = session(run, 409, { error: { code: 'idempotency_in_progress', message: 'x' } });
    early.startedAt = new Date(Date.parse(first.startedAt!) + 100).toISOString();
    session(run, 429, {});
    session(run, 502, undefined, { text: '<html>Bad gateway</html>' });
    session(run, undefined, undefined);
    session(run, 200, undefined, { text: '{"a":', truncated: true });
    const failed = new Run();
    session(failed, 500, { error: { code: 'internal_error', message: 'x' } });
    session(failed, 200, { a: 1 });
    const cut = new Run();
    const huge = '{"x":"aaaa\n[truncated: body larger than 1048576 bytes]';
    session(cut, 200, { a: 1 }, { request: huge });
    session(cut, 200, { a: 2 }, { request: huge });
    expect(judged(run)).toEqual({
      claims: [],
      leftOut: [
        'repeats sent before their original was answered (or with no time recorded)',
        'repeats answered 429 or 5xx (refused or failed before the store answered)',
        'repeats without an answer',
        'repeats whose answer or original was cut at the size bound',
      ],
    });
    expect(judged(failed).leftOut).toEqual(['repeats of an original answered other than 2xx']);
    expect(judged(cut).leftOut).toEqual(['keyed requests whose body was not recorded whole']);
  });
});
