/**
 * Every error of the run against what was wrong in its request. An error may name request
 * members (an `errors[]` entry's `field`, the keys of a unified error's `details`: the provider's
 * document calls both the path of the offending field); to a request a check made wrong in some
 * members on purpose (its MadeWrong mark), an error names only those, what holds them or what
 * they hold (ENVELOPE-FIELD-NAMES-WRONG). Whether an error must list every wrong member no document
 * states: one wrong member named is enough. The statuses section 7 (and 4.6) give one code for
 * carry that code (ENVELOPE-STATED-CODE). An error to a request meant valid names what the target
 * found wrong, which the check that sent it judges.
 */
import { headerOf } from '../../harness/checks/scope.js';
import { errorCodes } from '../../harness/checks/composed/forbidden.js';
import type { JournalEntry } from '../../harness/model.js';
import { skipped, type Invariant, type RunWideContext } from '../../harness/suite/run-wide.js';
import { answerOf, isSkipped, NO_ANSWER, NOT_JSON, queryOf, sentJsonOf } from './answer.js';
import { isObject } from '../../harness/is-object.js';

/** Names of where a member sits, which some frameworks put before its path (`body.context.locale`). */
const LOCATIONS = new Set(['body', 'query', 'header', 'headers', 'path', 'params']);

/**
 * A member path as segments, whatever its spelling: dotted and indexed (`household.applicants[0].age`, the
 * document's), a JSON Pointer (`/context/locale`), brackets (`context[locale]`); compared without case, `-` as `_`.
 */
export function segmentsOf(path: string): string[] {
  const segments = path
    .replace(/^[$#]/, '')
    .split(/[.[\]/'"]+/)
    .filter((s) => s !== '')
    .map((s) => s.toLowerCase().replaceAll('-', '_'));
  return segments.length > 1 && LOCATIONS.has(segments[0]!) ? segments.slice(1) : segments;
}

/** The members an error names: each `errors[].field`, each key of `error.details`. */
function namedMembers(body: unknown): string[] {
  if (!isObject(body)) return [];
  const fields = Array.isArray(body.errors)
    ? body.errors.flatMap((e: unknown) => (isObject(e) && typeof e.field === 'string' ? [e.field] : []))
    : [];
  const details = isObject(body.error) && isObject(body.error.details) ? Object.keys(body.error.details) : [];
  return [...fields, ...details];
}

const startsWith = (long: readonly string[], short: readonly string[]): boolean =>
  short.length <= long.length && short.every((s, i) => long[i] === s);
const endsWith = (long: readonly string[], short: readonly string[]): boolean =>
  short.length <= long.length && short.every((s, i) => long[long.length - short.length + i] === s);

/** `named` is the wrong member, lies inside it, holds it, or names it by its last segments (`email`). */
const related = (named: string[], wrong: string[]): boolean =>
  startsWith(named, wrong) || startsWith(wrong, named) || endsWith(wrong, named);

/** The request carries a member at `segments`: in its JSON body, as a query parameter or as a header. */
function carries(entry: JournalEntry, segments: readonly string[]): boolean {
  const [first] = segments;
  if (segments.length === 1) {
    const query = [...queryOf(entry).keys()].map((k) => segmentsOf(k)[0]);
    if (query.includes(first) || headerOf(entry.exchange.request.headers, first!.replaceAll('_', '-')) !== undefined)
      return true;
  }
  const body = sentJsonOf(entry);
  if (isSkipped(body)) return false;
  let at: unknown = body;
  for (const segment of segments) {
    const key = isObject(at) ? Object.keys(at).find((k) => segmentsOf(k)[0] === segment) : undefined;
    if (key === undefined && !Array.isArray(at)) return false;
    at = key === undefined ? (at as unknown[])[Number(segment)] : (at as Record<string, unknown>)[key];
    if (at === undefined) return false;
  }
  return true;
}

export const errorsNameWrongMembers: Invariant = {
  needs: 'an error answer to a request a check made wrong in some members on purpose',
  judge(entry, t) {
    const wrong = entry.exchange.wrong;
    if (wrong === undefined || entry.api !== 'v1') return [];
    const res = entry.exchange.response;
    if (!res) return NO_ANSWER;
    if (res.status < 400) return [];
    if (wrong.kind === 'whole') return skipped('made wrong as a whole');
    const answer = answerOf(entry);
    if (isSkipped(answer)) return answer;
    // An error page that is not JSON names nothing: the envelope invariant judges it.
    if (!isObject(answer.json)) return NOT_JSON;
    const wrongs = wrong.members.map(segmentsOf);
    const unrelated = namedMembers(answer.json).filter((name) => {
      const named = segmentsOf(name);
      return named.length > 0 && !wrongs.some((w) => related(named, w)) && carries(entry, named);
    });
    t.expect.rules('ENVELOPE-FIELD-NAMES-WRONG').that(entry.exchange, {
      holds: unrelated.length === 0,
      title: 'an error names a member that was not wrong',
      expected: `an error naming ${wrong.members.join(', ')} (made wrong on purpose), or no member`,
      observed: () => `names ${unrelated.join(', ')}, which the request carried as a valid request has it`,
    });
    return ['ENVELOPE-FIELD-NAMES-WRONG'];
  },
};

/** Query parameters of a request its operation does not document (in the loaded document). */
function unsupported(entry: JournalEntry, operationId: string, t: RunWideContext): string[] {
  const documented = new Set(
    (t.operation(operationId)?.parameters ?? []).filter((p) => p.in === 'query').map((p) => String(p.name)),
  );
  return [...queryOf(entry).keys()].filter((k) => !documented.has(k));
}

/** Members a request was made wrong in on purpose (none when meant valid; undefined when wrong as a whole). */
const wrongMembers = (entry: JournalEntry): readonly string[] | undefined =>
  entry.exchange.wrong === undefined
    ? []
    : entry.exchange.wrong.kind === 'members'
      ? entry.exchange.wrong.members
      : undefined;

/** Wrong in no other way than `members` (or meant valid). */
const wrongOnlyIn = (entry: JournalEntry, members: readonly string[]): boolean =>
  wrongMembers(entry)?.every((m) => members.includes(m)) ?? false;

interface StatedCode {
  code: string;
  /** The answer is one this statement gives the code to: what it says of the status, the operation and the request. */
  applies(entry: JournalEntry, status: number, operationId: string | undefined, t: RunWideContext): boolean;
  /** Where the contract states it. */
  where: string;
}

const STATED_CODES: readonly StatedCode[] = [
  { code: 'forbidden', where: '5.2, 7', applies: (_e, status) => status === 403 },
  {
    code: 'idempotency_in_progress',
    where: '4.6',
    applies: (_e, status, op) => status === 409 && op === 'createEnrollmentSession',
  },
  {
    code: 'idempotency_mismatch',
    where: '4.6',
    applies: (_e, status, op) => status === 422 && op === 'createEnrollmentSession',
  },
  {
    code: 'invalid_request',
    where: '7: unsupported query parameter on list enrollments',
    applies: (e, status, op, t) => {
      if (status !== 400 || op !== 'listEnrollments') return false;
      const extra = unsupported(e, op, t);
      return extra.length > 0 && wrongOnlyIn(e, extra);
    },
  },
  {
    code: 'invalid_request',
    where: '4.3, 7: lowercase state on issuers',
    applies: (e, status, op) =>
      status === 400 &&
      op === 'listIssuers' &&
      /^[a-z]{2}$/.test(queryOf(e).get('state') ?? '') &&
      wrongOnlyIn(e, ['state']),
  },
  {
    code: 'invalid_field_value',
    where: '3.3, 3.4: cancellation or termination not allowed',
    applies: (e, status, op) =>
      status === 400 &&
      (op === 'cancelEnrollmentApplication' || op === 'terminateEnrollmentApplication') &&
      e.exchange.wrong === undefined,
  },
];

export const errorsCarryStatedCodes: Invariant = {
  needs: 'an error answer of the /v1 API whose status and cause the contract gives a code',
  judge(entry, t) {
    const res = entry.exchange.response;
    if (!res || res.status < 400 || entry.api !== 'v1') return [];
    const operationId = t.operationOf(entry);
    const stated = STATED_CODES.find((s) => s.applies(entry, res.status, operationId, t));
    if (!stated) return [];
    const answer = answerOf(entry);
    if (isSkipped(answer)) return answer;
    if (!isObject(answer.json)) return NOT_JSON;
    const codes = errorCodes(entry.exchange);
    t.expect.rules('ENVELOPE-STATED-CODE').that(entry.exchange, {
      holds: codes.includes(stated.code),
      title: 'an error without the code the contract states',
      expected: `code ${stated.code} on this ${res.status} (${stated.where})`,
      observed: `codes ${codes.length === 0 ? 'none' : codes.join(', ')}`,
    });
    return ['ENVELOPE-STATED-CODE'];
  },
};
