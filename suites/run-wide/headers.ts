/**
 * Headers the contract or the provider's document states, on every answer they apply to,
 * whichever check sent it: the session answer's X-Request-Id (2.6), an X-Request-Id that differs
 * between answers (it traces one request), the JSON body's encoding against its content type,
 * and Idempotent-Replay only on a replay (2.6, 8). Caching headers are in caching.ts.
 */
import { headerOf } from '../../harness/checks/scope.js';
import type { JournalEntry } from '../../harness/model.js';
import { skipped, type Invariant } from '../../harness/suite/run-wide.js';
import { expectRequestId } from '../enrollment-sessions/session-answer.js';
import { answerOf, isSkipped, NO_ANSWER, type Answer } from './answer.js';

const REQUEST_ID = 'x-request-id';
const REPLAY = 'idempotent-replay';
const KEY = 'idempotency-key';

const keyOf = (entry: JournalEntry): string | undefined => headerOf(entry.exchange.request.headers, KEY);
const requestIdOf = (entry: JournalEntry): string | undefined => {
  const res = entry.exchange.response;
  return res ? headerOf(res.headers, REQUEST_ID) : undefined;
};

/**
 * Two answers that may carry one request id: a replay and its original (or another call with
 * the same Idempotency-Key), and one GET answered again from a cache (the same URL, the same
 * body); any other pair traces two requests.
 */
function oneRequest(a: JournalEntry, b: JournalEntry): boolean {
  const key = keyOf(a);
  if (key !== undefined && key === keyOf(b)) return true;
  const [ra, rb] = [a.exchange.request, b.exchange.request];
  return (
    ra.method === 'GET' &&
    rb.method === 'GET' &&
    ra.url === rb.url &&
    a.exchange.response?.body === b.exchange.response?.body
  );
}

/**
 * 2.6: a session answer carries X-Request-Id (SESSIONS-REQUEST-ID, the session checks' own
 * judgement); the id traces one request, so no two answers to different requests share one
 * (HEADERS-REQUEST-ID-DISTINCT). Answers without one are not compared: the document gives the
 * header to most answers without requiring it.
 */
export const requestIds: Invariant = {
  needs: 'an answer with an X-Request-Id, or a session answer, in the run',
  judge(entry, t) {
    const res = entry.exchange.response;
    if (!res) return NO_ANSWER;
    const held: string[] = [];
    if (t.operationOf(entry) === 'createEnrollmentSession' && res.status === 200) {
      expectRequestId(t.expect.rules('SESSIONS-REQUEST-ID'), entry.exchange);
      held.push('SESSIONS-REQUEST-ID');
    }
    const id = requestIdOf(entry);
    if (id === undefined) return held;
    const repeated = t.sentBefore(entry).find((e) => requestIdOf(e) === id && !oneRequest(e, entry));
    t.expect.rules('HEADERS-REQUEST-ID-DISTINCT').that(entry.exchange, {
      holds: repeated === undefined,
      title: 'X-Request-Id repeats another answer',
      expected: 'an X-Request-Id no answer to another request of the run carried',
      observed: () =>
        `X-Request-Id "${id}", as the answer to ${repeated!.exchange.request.method} ` +
        `${repeated!.exchange.request.url} (sent by ${repeated!.check})`,
    });
    return [...held, 'HEADERS-REQUEST-ID-DISTINCT'];
  },
};

/** A media type and its parameters (names lower case, quoted values unquoted). */
function mediaTypeOf(contentType: string): { type: string; params: Map<string, string> } {
  const [type = '', ...params] = contentType.split(';');
  const pairs = params.flatMap((p): Array<[string, string]> => {
    const at = p.indexOf('=');
    if (at < 0) return [];
    const value = p.slice(at + 1).trim();
    const unquoted = /^".*"$/.test(value) ? value.slice(1, -1).replace(/\\(.)/g, '$1') : value;
    return [[p.slice(0, at).trim().toLowerCase(), unquoted]];
  });
  return { type: type.trim().toLowerCase(), params: new Map(pairs) };
}

const isJsonType = (type: string): boolean => type === 'application/json' || /^application\/[^/]+\+json$/.test(type);

/** How the charset `label` reads the body's UTF-8 bytes: undefined when no decoder knows the label. */
function readAs(label: string, body: string): string | undefined {
  try {
    // ignoreBOM keeps a byte order mark, as the recorded text does.
    return new TextDecoder(label, { ignoreBOM: true }).decode(Buffer.from(body, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Why a JSON answer's bytes or charset are wrong, or undefined. */
function encodingProblem(res: Answer, charset: string | undefined): string | undefined {
  if (res.notUtf8) return 'the bytes are not UTF-8';
  if (charset === undefined) return undefined;
  const read = readAs(charset, res.body);
  if (read === undefined) return `charset=${charset}, which no decoder knows`;
  return read === res.body ? undefined : `charset=${charset}, which reads the UTF-8 bytes otherwise`;
}

/**
 * Section 4 and 7: answers are JSON, and JSON is UTF-8 (RFC 8259, 8.1): its bytes decode as UTF-8
 * and a charset its content type names reads them as UTF-8 does (any spelling of UTF-8, or an
 * ASCII-compatible charset on a body of ASCII alone). Answers labelled otherwise are
 * SCHEMA-SUCCESS-JSON's matter; a cut body may end inside a character.
 */
export const jsonIsUtf8: Invariant = {
  needs: 'a JSON answer in the run',
  judge(entry, t) {
    const res = answerOf(entry);
    if (isSkipped(res)) return res;
    const contentType = headerOf(res.headers, 'content-type');
    if (contentType === undefined || res.body === '') return [];
    const { type, params } = mediaTypeOf(contentType);
    if (!isJsonType(type)) return [];
    const problem = encodingProblem(res, params.get('charset'));
    t.expect.rules('SCHEMA-JSON-UTF8').that(entry.exchange, {
      holds: problem === undefined,
      title: 'JSON not read as UTF-8',
      expected: 'UTF-8 bytes, under no charset or one that reads them as UTF-8 does',
      observed: () => `Content-Type: ${contentType}: ${problem}`,
    });
    return ['SCHEMA-JSON-UTF8'];
  },
};

/**
 * 2.6 and 8: Idempotent-Replay is present only on a replay: an answer to a request without an
 * Idempotency-Key, or with one the run had not sent before, carries none. A key the run did not
 * make its own (one drawn short, without the run's id) may have been used by another run within
 * its 24 hours, so its answer is left alone.
 */
export const replayOnlyOnReplay: Invariant = {
  needs: 'an answer to a request with an Idempotency-Key, or one carrying Idempotent-Replay, in the run',
  judge(entry, t) {
    const res = entry.exchange.response;
    if (!res) return NO_ANSWER;
    const flag = headerOf(res.headers, REPLAY);
    const key = keyOf(entry);
    // An answer without the header keeps the rule; it is counted where a replay could have been.
    if (flag === undefined) return key === undefined ? [] : ['IDEMP-FIRST-NO-REPLAY-HEADER'];
    // A duplicate in flight with its first call may be the one the target took second (section 8: the replay).
    if (key !== undefined && t.sentUntilAnswered(entry).some((e) => keyOf(e) === key))
      return ['IDEMP-FIRST-NO-REPLAY-HEADER'];
    if (key !== undefined && !key.includes(t.runId)) return skipped('with an Idempotency-Key not unique to the run');
    t.expect.rules('IDEMP-FIRST-NO-REPLAY-HEADER').noHeader(entry.exchange, 'Idempotent-Replay');
    return ['IDEMP-FIRST-NO-REPLAY-HEADER'];
  },
};
