/**
 * The account boundary over the whole run (4.9: the applications of the approved account; 5.4:
 * approval per account): what one account created never shows in an answer to another, and
 * another account's operation on it is refused as for an id nobody issued. Judged on every
 * answer of the run to a key of another account, whichever check sent it: lists, reads, writes,
 * errors, other families. Two roles are accounts apart only where the key roles say so
 * (HistoryContext.accountsApart); an id a create answered to both is not judged (ids need not be
 * unique across accounts, so whose application it names cannot be told).
 */
import { errorCodes } from '../../../harness/checks/index.js';
import type { Exchange } from '../../../harness/suite/index.js';
import type { HistoryClaim, HistoryContext } from '../../../harness/suite/run-history.js';
import type { JournalEntry } from '../../../harness/model.js';
import type { Json } from '../application-reader.js';
import { routeOf, type AppHistory } from './timeline.js';

/** What an answer about the application must not show: its partner id, applicant's name and contacts, address. */
export function dataOf(request: Json): string[] {
  const primary = request.applicants?.primary ?? {};
  return [
    request.external_id,
    primary.last_name,
    primary.email,
    primary.phone,
    request.residential_address?.street_address_1,
  ].filter((v): v is string => typeof v === 'string' && v.length > 0);
}

/** The refusal another account's operation gets, in words. */
export const REFUSED_AS_UNKNOWN =
  '404 in the errors[] envelope (as for an id nobody issued), or 403 in either envelope';

/** Refused as an unknown id would be: 404 in the errors[] envelope, or 403 in either, with an error code. */
export function refusedAsUnknown(ex: Exchange): boolean {
  const status = ex.response?.status;
  const errorsEnvelope = Array.isArray((ex.response?.json as { errors?: unknown } | undefined)?.errors);
  return (status === 404 || status === 403) && errorCodes(ex).length > 0 && (status === 403 || errorsEnvelope);
}

/** The values of `data` the answer shows. */
export const dataShown = (ex: Exchange, data: readonly string[]): string[] =>
  data.filter((value) => ex.response?.body.includes(value));

const TOKEN = /[A-Za-z0-9_-]/;

/** `text` holds `id` whole: not as part of a longer word of the id alphabet. */
function holdsToken(text: string, id: string): boolean {
  for (let i = text.indexOf(id); i >= 0; i = text.indexOf(id, i + 1)) {
    const [before, after] = [text[i - 1], text[i + id.length]];
    if ((before === undefined || !TOKEN.test(before)) && (after === undefined || !TOKEN.test(after))) return true;
  }
  return false;
}

/** Members that name an application (the document's `application_id`; `enrollment_id`, `id`). */
const ID_MEMBERS = new Set(['application_id', 'enrollment_id', 'id']);

/** The strings of a body at any depth (member names and values), and the values of its id members. */
function valuesOf(body: unknown, out = { strings: [] as string[], ids: new Set<string>() }, name = '') {
  if (typeof body === 'string') out.strings.push(body);
  if ((typeof body === 'string' || typeof body === 'number') && ID_MEMBERS.has(name)) out.ids.add(String(body));
  if (Array.isArray(body)) for (const v of body) valuesOf(v, out, name);
  else if (typeof body === 'object' && body !== null)
    for (const [k, v] of Object.entries(body)) {
      out.strings.push(k);
      valuesOf(v, out, k);
    }
  return out;
}

/**
 * Whether an answer names the application id: as an id member's value anywhere in its JSON,
 * or, for an id that is not all digits, whole inside any value, header or (a body that is not
 * JSON or was cut at the size bound) its text. An id of digits only is too like other numbers
 * (a plan year, a count) to be looked for outside id members.
 */
function idShown(ex: Exchange, id: string): boolean {
  const res = ex.response;
  if (!res) return false;
  const values = res.json !== undefined ? valuesOf(res.json) : undefined;
  if (values?.ids.has(id)) return true;
  if (/^\d+$/.test(id)) return false;
  const texts = [...(values ? values.strings : [res.body]), ...Object.values(res.headers)];
  return texts.some((text) => holdsToken(text, id));
}

/** Whether the request named the id itself (its path, query or body): an answer echoing it tells the caller nothing. */
const namedInRequest = (ex: Exchange, id: string): boolean =>
  [safeDecode(ex.request.url), ex.request.body ?? ''].some((text) => holdsToken(text, id));

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

const RULES = {
  list: 'ENR-LIST-OWN-ACCOUNT',
  refused: 'ENR-OTHER-ACCOUNT-REFUSED',
  notShown: 'ENR-OTHER-ACCOUNT-NOT-SHOWN',
} as const;

/** Reasons an exchange to another account is left out, each counted. */
const NO_ANSWER = "answers to another account's key that never came";
const NOT_AN_ANSWER = "answers to another account's operation that were a 429 or 5xx (no answer on the application)";

interface Judged {
  claims: HistoryClaim[];
  leftOut: Map<string, number>;
}

function count(leftOut: Map<string, number>, why: string): void {
  leftOut.set(why, (leftOut.get(why) ?? 0) + 1);
}

/** Another account's operation on `app`: refused as unknown, showing none of the data its request did not carry. */
function refusalClaim(app: AppHistory, create: JournalEntry, entry: JournalEntry): HistoryClaim {
  const ex = entry.exchange;
  const data = dataOf(app.request).filter((value) => !(ex.request.body ?? '').includes(value));
  const shown = dataShown(ex, data);
  const refused = refusedAsUnknown(ex);
  return {
    rules: [RULES.refused],
    entries: [create, entry],
    holds: refused && shown.length === 0,
    title: refused
      ? "the refusal shows the application's data"
      : "another account's application not refused as unknown",
    expected: `${REFUSED_AS_UNKNOWN}, showing none of the application's values`,
    observed: () =>
      `${ex.role} on ${app.id} (created by ${app.role}): status ${ex.response!.status}` +
      (shown.length > 0 ? `, showing ${shown.map((v) => JSON.stringify(v)).join(', ')}` : '') +
      `: ${ex.response!.body.slice(0, 300)}`,
  };
}

/** No application of another account in the answer, but those the request named itself. */
function unseenClaim(foreign: readonly AppHistory[], entries: readonly JournalEntry[], at: number): HistoryClaim {
  const entry = entries[at]!;
  const ex = entry.exchange;
  const shown = foreign.filter((app) => idShown(ex, app.id) && !namedInRequest(ex, app.id));
  const route = routeOf(ex);
  const list = route !== undefined && route.id === undefined && ex.request.method.toUpperCase() === 'GET';
  return {
    rules: [list ? RULES.list : RULES.notShown],
    entries: [...shown.map((app) => entries[app.at]!), entry],
    holds: shown.length === 0,
    title: list ? "another account's applications listed" : "another account's application shown",
    expected: `none of the ${foreign.length} applications other accounts created before it, but those it named`,
    observed: () =>
      `the answer to ${ex.role} (${ex.request.method} ${ex.request.url}) shows ` +
      shown.map((app) => `${app.id}, created by ${app.role}`).join('; '),
  };
}

/**
 * The boundary's claims over the run: for each answer to a key of another account than an
 * application's creator (created earlier in the run), that it shows none of those applications
 * (a list by ENR-LIST-OWN-ACCOUNT, any other answer by ENR-OTHER-ACCOUNT-NOT-SHOWN), and, when it
 * answers an operation on one of them, that the operation is refused as for an unknown id.
 */
export function boundaryClaims(
  entries: readonly JournalEntry[],
  apps: ReadonlyMap<string, AppHistory>,
  t: Pick<HistoryContext, 'accountsApart'>,
): Judged {
  const judged: Judged = { claims: [], leftOut: new Map() };
  const sole = [...apps.values()].filter((app) => app.issuedTo.size === 1);
  for (const [at, entry] of entries.entries()) {
    const role = entry.exchange.role;
    const foreign = role ? sole.filter((app) => app.at < at && t.accountsApart(app.role, role)) : [];
    if (foreign.length === 0) continue;
    const res = entry.exchange.response;
    if (!res) {
      count(judged.leftOut, NO_ANSWER);
      continue;
    }
    judged.claims.push(unseenClaim(foreign, entries, at));
    const target = foreign.find((app) => app.id === routeOf(entry.exchange)?.id);
    if (!target) continue;
    if (res.status === 429 || res.status >= 500) count(judged.leftOut, NOT_AN_ANSWER);
    else judged.claims.push(refusalClaim(target, entries[target.at]!, entry));
  }
  return judged;
}
