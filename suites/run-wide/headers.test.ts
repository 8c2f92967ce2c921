/** The header oracles on exchanges of their own: what must pass, what must fail, and what they leave alone. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../harness/model.js';
import type { TargetContext } from '../../harness/target.js';
import { jsonIsUtf8, replayOnlyOnReplay, requestIds } from './headers.js';
import { cut, documentsTarget, entry, JSON_TYPE, judge, RUN_ID, verdicts } from './journal.test-helpers.js';

let target: TargetContext;
beforeAll(async () => {
  target = await documentsTarget();
});

const ID_RULES = ['SESSIONS-REQUEST-ID', 'HEADERS-REQUEST-ID-DISTINCT'];
const withId = (e: JournalEntry, id: string | undefined, extra: Record<string, string> = {}): JournalEntry => {
  const res = e.exchange.response!;
  const headers = { ...res.headers, ...extra, ...(id === undefined ? {} : { 'x-request-id': id }) };
  return { ...e, exchange: { ...e.exchange, response: { ...res, headers } } };
};
const ping = (id: string, body: unknown = { ok: true, environment: 'x' }) =>
  withId(entry('GET', '/v1/ping', 200, body), id);
const session = (id: string | undefined, key?: string) =>
  withId(
    entry('POST', '/v1/enrollment-sessions', 200, { external_id: 'e', links: {} }, JSON_TYPE, {
      body: { external_id: 'e' },
      ...(key ? { headers: { 'idempotency-key': key } } : {}),
    }),
    id,
  );

describe('X-Request-Id', () => {
  it('passes ids of any form, a replay keeping its original id, and a GET answered again from a cache', () => {
    const findings = judge(
      target,
      requestIds,
      ID_RULES,
      session('0f8c1c52-8a6e-4d8e-a0b2-3f1d8d0b7d11', 'k1'),
      session('0f8c1c52-8a6e-4d8e-a0b2-3f1d8d0b7d11', 'k1'),
      ping('Root=1-67891233-abcdef012345678912345678'),
      ping('Root=1-67891233-abcdef012345678912345678'),
      entry('GET', '/v1/ping', 403, { error: { code: 'forbidden', message: 'm' } }),
    );
    expect(verdicts(findings)).toEqual([['passed', ID_RULES]]);
  });

  it('fails a session answer without one, and an id two different requests share', () => {
    expect(verdicts(judge(target, requestIds, ID_RULES, session(undefined)))).toEqual([
      ['failed', ['SESSIONS-REQUEST-ID']],
    ]);
    const findings = judge(target, requestIds, ID_RULES, ping('req_1'), ping('req_1', { ok: false, environment: 'x' }));
    expect(verdicts(findings)).toEqual([['warning', ['HEADERS-REQUEST-ID-DISTINCT']]]);
    expect(findings[0]!.observed).toContain('X-Request-Id "req_1", as the answer to GET http://t/partner-api/v1/ping');
    const posts = judge(target, requestIds, ID_RULES, session('req_2', 'k1'), session('req_2', 'k2'));
    expect(verdicts(posts)).toEqual([['warning', ['HEADERS-REQUEST-ID-DISTINCT']]]);
  });
});

describe('JSON is UTF-8', () => {
  const named = { name: 'Núñez' };
  const typed = (contentType: string, body: unknown = named) =>
    entry('GET', '/v1/reference/issuers?state=KY', 200, body, { 'content-type': contentType });

  it('passes UTF-8 under any spelling, no charset, and an ASCII-compatible charset on ASCII bytes', () => {
    const findings = judge(
      target,
      jsonIsUtf8,
      ['SCHEMA-JSON-UTF8'],
      typed('application/json'),
      typed('application/json;charset=UTF-8'),
      typed('APPLICATION/JSON; Charset="utf-8"'),
      typed('application/json; charset=utf8'),
      typed('application/problem+json; charset=unicode-1-1-utf-8'),
      typed('application/json; charset=ISO-8859-1', { name: 'Nunez' }),
      typed('text/html', '<p>Núñez</p>'),
    );
    expect(verdicts(findings)).toEqual([['passed', ['SCHEMA-JSON-UTF8']]]);
    expect(findings[0]!.message).toContain("6 of the run's 7 exchanges judged");
  });

  it('fails a charset that reads the bytes otherwise, one no decoder knows, and bytes that are not UTF-8', () => {
    const latin = typed('application/json; charset=ISO-8859-1');
    const utf16 = typed('application/json; charset=utf-16');
    const bogus = typed('application/json; charset=x-unknown');
    const notUtf8 = typed('application/json');
    notUtf8.exchange.response!.notUtf8 = true;
    const findings = judge(target, jsonIsUtf8, ['SCHEMA-JSON-UTF8'], latin, utf16, bogus, notUtf8);
    expect(findings.map((f) => [f.verdict, f.observed])).toEqual([
      [
        'failed',
        'Content-Type: application/json; charset=ISO-8859-1: charset=ISO-8859-1, which reads the UTF-8 bytes ' +
          'otherwise (sent by some check)',
      ],
      ['failed', expect.stringContaining('charset=utf-16, which reads the UTF-8 bytes otherwise')],
      ['failed', expect.stringContaining('charset=x-unknown, which no decoder knows')],
      ['failed', expect.stringContaining('the bytes are not UTF-8')],
    ]);
  });

  it('leaves a cut body alone: it may end inside a character', () => {
    const [finding] = judge(target, jsonIsUtf8, ['SCHEMA-JSON-UTF8'], cut(typed('application/json; charset=utf-16')));
    expect(finding).toMatchObject({ verdict: 'skipped' });
    expect(finding!.message).toContain('1 with a body cut at the size bound');
  });
});

describe('Idempotent-Replay only on a replay', () => {
  const RULE = ['IDEMP-FIRST-NO-REPLAY-HEADER'];
  const keyed = (key: string | undefined, replay: boolean) => {
    const e = session('r', key);
    return replay ? withId(e, 'r', { 'idempotent-replay': 'true' }) : e;
  };

  it('passes a first answer without it and a replay with it', () => {
    const key = `${RUN_ID}-s-1`;
    const findings = judge(
      target,
      replayOnlyOnReplay,
      RULE,
      keyed(key, false),
      keyed(key, true),
      keyed(undefined, false),
    );
    expect(verdicts(findings)).toEqual([['passed', RULE]]);
    expect(findings[0]!.message).toContain("2 of the run's 3 exchanges judged");
  });

  it("fails it on a first answer under the run's key, and on an answer to a request without a key", () => {
    expect(verdicts(judge(target, replayOnlyOnReplay, RULE, keyed(`${RUN_ID}-s-2`, true)))).toEqual([['failed', RULE]]);
    expect(verdicts(judge(target, replayOnlyOnReplay, RULE, keyed(undefined, true)))).toEqual([['failed', RULE]]);
  });

  it('passes the replay of a duplicate in flight with its first call, whichever the client recorded first', () => {
    const key = `${RUN_ID}-overlap`;
    const at = (e: JournalEntry, ms: number, took: number): JournalEntry => ({
      ...e,
      exchange: {
        ...e.exchange,
        startedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, 0, ms)).toISOString(),
        durationMs: took,
      },
    });
    // The duplicate, flagged, answered first; its first call was sent 1 ms after it and answered 300 ms later.
    const overlapped = [at(keyed(key, true), 0, 3), at(keyed(key, false), 1, 300)];
    expect(verdicts(judge(target, replayOnlyOnReplay, RULE, ...overlapped))).toEqual([['passed', RULE]]);
    // Sent after the flagged answer had come back, the other call cannot have been its first.
    const apart = [at(keyed(key, true), 0, 3), at(keyed(key, false), 10, 300)];
    expect(verdicts(judge(target, replayOnlyOnReplay, RULE, ...apart))).toContainEqual(['failed', RULE]);
  });

  it('leaves alone a first answer flagged under a key another run may have used', () => {
    const [finding] = judge(target, replayOnlyOnReplay, RULE, keyed('_9', true));
    expect(finding!.message).toContain('1 with an Idempotency-Key not unique to the run');
  });
});
