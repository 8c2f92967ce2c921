/**
 * Section 8 over the whole run: any create of a session or an application (the operations that
 * take an Idempotency-Key, 4.6 and 4.10) that repeats an earlier one (the same key role, so the
 * same API key; URL, Idempotency-Key and body) after that one was answered and stored is a
 * replay, and answers as the original: its status, its body verbatim and `Idempotent-Replay:
 * true`. Whichever check sent either (an idempotency check, a late replay, a property run, a
 * retry), every such pair of the run is judged.
 *
 * The original is the first of them answered other than 429 (not stored) or 409 (the call was in
 * flight); only a 2xx original is judged (a stored 5xx is IDEMP-5XX-STORED's, and a gateway's 5xx
 * never reached the store). A repeat sent before its original's answer ended, answered 429 or
 * 5xx, or without an answer, and a pair with a body cut at the size bound (or not recorded as
 * text), are left out with the reason.
 */
import type { JournalEntry } from '../../harness/model.js';
import {
  endedAt,
  sentAt,
  type HistoryClaim,
  type HistoryJudgement,
  type HistoryOracle,
} from '../../harness/suite/run-history.js';

const RULES = { status: 'IDEMP-REPLAY-STATUS', body: 'IDEMP-REPLAY-BODY-VERBATIM', header: 'IDEMP-REPLAY-HEADER' };

/** How the recorder marks a body it did not keep whole (harness/client/interceptors/record-text.ts). */
const NOT_WHOLE = /^<(binary|streamed) body|\n\[truncated: body larger than \d+ bytes\]$/;

const LEFT_OUT = {
  body: 'keyed requests whose body was not recorded whole',
  inFlight: 'repeats sent before their original was answered (or with no time recorded)',
  failedOriginal: 'repeats of an original answered other than 2xx',
  noAnswer: 'repeats without an answer',
  notStored: 'repeats answered 429 or 5xx (refused or failed before the store answered)',
  cut: 'repeats whose answer or original was cut at the size bound',
} as const;

/** The creates section 8 gives an Idempotency-Key (4.6, 4.10), under any path prefix of the base URL. */
const KEYED_CREATE = /\/v1\/(enrollment-sessions|enrollments)$/;

function pathOf(url: string): string | undefined {
  try {
    return new URL(url).pathname;
  } catch {
    return undefined;
  }
}

/** What makes two keyed creates the same call: key role, method, URL, Idempotency-Key and body. */
function callOf(e: JournalEntry): string | undefined {
  const { request, role } = e.exchange;
  const key = request.headers['idempotency-key'];
  if (!key || role === undefined || request.method.toUpperCase() !== 'POST') return undefined;
  if (!KEYED_CREATE.test(pathOf(request.url) ?? '')) return undefined;
  return [role, request.method.toUpperCase(), request.url, key, request.body ?? ''].join('\u0000');
}

const stored = (e: JournalEntry): boolean => {
  const status = e.exchange.response?.status;
  return status !== undefined && status !== 429 && status !== 409;
};

function claimsOf(original: JournalEntry, again: JournalEntry): HistoryClaim[] {
  const [first, res] = [original.exchange.response!, again.exchange.response!];
  const flag = res.headers['idempotent-replay'];
  const claim = (rule: string, holds: boolean, title: string, expected: string, observed: () => string) => ({
    rules: [rule],
    entries: [original, again],
    holds,
    title,
    expected,
    observed,
  });
  return [
    claim(
      RULES.status,
      res.status === first.status,
      'replay status differs',
      `status ${first.status} (as the original)`,
      () => `status ${res.status}`,
    ),
    claim(
      RULES.body,
      res.body === first.body,
      'replay body differs',
      `the original body verbatim: ${first.body.slice(0, 300)}`,
      () => res.body.slice(0, 300),
    ),
    claim(RULES.header, flag === 'true', 'replay not flagged', 'Idempotent-Replay: true', () =>
      flag === undefined ? 'no Idempotent-Replay header' : `Idempotent-Replay: "${flag}"`,
    ),
  ];
}

/** Why a repeat of `original` is not judged, or undefined when it is. */
function leftOutWhy(original: JournalEntry, again: JournalEntry): string | undefined {
  const [first, res] = [original.exchange.response!, again.exchange.response];
  const [answered, sent] = [endedAt(original.exchange), sentAt(again.exchange)];
  if (answered === undefined || sent === undefined || sent < answered) return LEFT_OUT.inFlight;
  if (first.status < 200 || first.status > 299) return LEFT_OUT.failedOriginal;
  if (!res) return LEFT_OUT.noAnswer;
  if (res.status === 429 || res.status >= 500) return LEFT_OUT.notStored;
  if (original.exchange.truncated || again.exchange.truncated) return LEFT_OUT.cut;
  return undefined;
}

/** Every replay of the run held to its original. */
export function replayClaims(entries: readonly JournalEntry[]): HistoryJudgement {
  const claims: HistoryClaim[] = [];
  const leftOut = new Map<string, number>();
  const tally = (why: string) => leftOut.set(why, (leftOut.get(why) ?? 0) + 1);
  const originals = new Map<string, JournalEntry>();
  for (const entry of entries) {
    const call = callOf(entry);
    if (call === undefined) continue;
    if (NOT_WHOLE.test(entry.exchange.request.body ?? '')) {
      tally(LEFT_OUT.body);
      continue;
    }
    const original = originals.get(call);
    if (!original) {
      if (stored(entry)) originals.set(call, entry);
      continue;
    }
    const why = leftOutWhy(original, entry);
    if (why) tally(why);
    else claims.push(...claimsOf(original, entry));
  }
  return { claims, leftOut };
}

export const replays: HistoryOracle = {
  needs: 'a keyed create of the run sent again with its Idempotency-Key and body after its answer',
  judge: (entries) => replayClaims(entries),
};
