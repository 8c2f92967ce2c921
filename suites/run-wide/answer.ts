/**
 * What the oracles over the run read of one exchange, and the exchanges they leave alone with
 * why: one that never got an answer, a body cut at the size bound (it says nothing of its
 * shape), an answer that is not JSON where JSON is read, and a request made wrong on purpose
 * (its own check judges it; an oracle that compares an answer with what was sent judges what a
 * request meant).
 */
import { skipped, type Skipped } from '../../harness/suite/run-wide.js';
import type { Exchange, JournalEntry } from '../../harness/model.js';
import { isObject } from '../../harness/is-object.js';

export type Answer = NonNullable<Exchange['response']>;
export type Json = Record<string, any>;

export const NO_ANSWER = skipped('with no answer');
export const CUT = skipped('with a body cut at the size bound');
export const NOT_JSON = skipped('with an answer that is not JSON');
export const MADE_WRONG = skipped('made wrong on purpose');
const SENT_NOT_JSON = skipped('with a request body that is not JSON');

export const isSkipped = (v: unknown): v is Skipped =>
  typeof v === 'object' && v !== null && typeof (v as Skipped).skipped === 'string';

/** The whole answer of an entry, or why there is none to read. */
export function answerOf(entry: JournalEntry): Answer | Skipped {
  const res = entry.exchange.response;
  if (!res) return NO_ANSWER;
  return entry.exchange.truncated ? CUT : res;
}

/** The answer's JSON object body, or why there is none. */
export function jsonOf(res: Answer): Json | Skipped {
  return isObject(res.json) ? res.json : NOT_JSON;
}

/** The request's JSON object body, or why there is none. */
export function sentJsonOf(entry: JournalEntry): Json | Skipped {
  const body = entry.exchange.request.body;
  if (body === undefined) return SENT_NOT_JSON;
  try {
    const json: unknown = JSON.parse(body);
    return isObject(json) ? json : SENT_NOT_JSON;
  } catch {
    return SENT_NOT_JSON;
  }
}

/** The request's query parameters (the last value of a repeated one). */
export function queryOf(entry: JournalEntry): Map<string, string> {
  try {
    return new Map(new URL(entry.exchange.request.url).searchParams);
  } catch {
    return new Map();
  }
}

/** The entry of a table by operationId for the operation a request went to, if it has one. */
export const byOperation = <T>(table: Readonly<Record<string, T>>, operationId: string | undefined): T | undefined =>
  operationId === undefined ? undefined : table[operationId];

/** A 2xx answer. */
export const succeeded = (res: Answer): boolean => res.status >= 200 && res.status < 300;
