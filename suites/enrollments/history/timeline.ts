/**
 * What the run has seen of its applications, read back from every exchange the run's client
 * recorded (in the order they were sent): for each application this run created, who created
 * it and with which key and body, every answer that showed it to its own account (create,
 * read, PUT), and every write sent to it by anyone, with its outcome. Later checks hold reads,
 * lists and replays to it (the history of section 3, beside the state model's predictions).
 */
import type { Exchange } from '../../../harness/suite/index.js';
import { applicationIdOf, applicationRowsOf, policyStatusOf, type Json } from '../application-reader.js';
import { POLICY_STATUSES, type PolicyStatus } from '../../../harness/model.js';

/** An answer that showed an application to its own account. */
export interface Seen {
  /** Position of the exchange in the run. */
  at: number;
  kind: 'create' | 'read' | 'update';
  ex: Exchange;
  body: Json;
  /** The policy_status it shows, when it is one of the six. */
  status?: PolicyStatus;
}

export type WriteKind = 'submit' | 'cancel' | 'terminate' | 'update' | 'upload';

/** A write sent to an application, by any key. */
interface Sent {
  at: number;
  kind: WriteKind;
  ex: Exchange;
  /** 2xx: accepted; another answer: refused; no answer or a 5xx: unknown (it may have happened). */
  outcome: 'accepted' | 'refused' | 'unknown';
}

export interface AppHistory {
  id: string;
  /** The key role that created it (its account). */
  role: string;
  /**
   * Every key role a create of the run (not a replay) answered with this id: more than one when
   * two accounts were each issued it (ids need not be unique across accounts), and then whose
   * application an answer shows cannot be told.
   */
  issuedTo: Set<string>;
  /** The create that made it (a 2xx, not a replay), and its position in the run. */
  create: Exchange;
  at: number;
  /** The create request's body, parsed. */
  request: Json;
  /** Its Idempotency-Key, as sent. */
  key?: string;
  seen: Seen[];
  sent: Sent[];
}

/** Suffixes of the item routes that write, by what they do. */
const WRITES: Readonly<Record<string, WriteKind>> = {
  submissions: 'submit',
  cancellations: 'cancel',
  terminations: 'terminate',
  supporting_documentation: 'upload',
};

/** `/v1/enrollments`, `/v1/enrollments/{id}` or `/v1/enrollments/{id}/{suffix}`, under any path prefix. */
const ROUTE = /\/v1\/enrollments(?:\/([^/]+)(?:\/([^/]+))?)?$/;

interface Route {
  id?: string;
  suffix?: string;
}

/** The direct-enrollment route an exchange went to, or undefined for another family's. */
export function routeOf(ex: Exchange): Route | undefined {
  let path: string;
  try {
    path = new URL(ex.request.url).pathname;
  } catch {
    return undefined;
  }
  const match = ROUTE.exec(path);
  if (!match) return undefined;
  return {
    ...(match[1] !== undefined ? { id: safeDecode(match[1]) } : {}),
    ...(match[2] !== undefined ? { suffix: match[2] } : {}),
  };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

const statusCode = (ex: Exchange): number | undefined => ex.response?.status;

const isReplay = (ex: Exchange): boolean => ex.response?.headers['idempotent-replay']?.toLowerCase() === 'true';
const ok = (ex: Exchange): boolean => (statusCode(ex) ?? 0) >= 200 && (statusCode(ex) ?? 0) < 300;

function outcomeOf(ex: Exchange): Sent['outcome'] {
  const status = statusCode(ex);
  if (status === undefined || status >= 500) return 'unknown';
  return status >= 200 && status < 300 ? 'accepted' : 'refused';
}

function parsed(text: string | undefined): Json | undefined {
  if (text === undefined) return undefined;
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
  } catch {
    return undefined;
  }
}

const asStatus = (body: unknown): PolicyStatus | undefined => {
  const status = policyStatusOf(body);
  return (POLICY_STATUSES as readonly string[]).includes(status ?? '') ? (status as PolicyStatus) : undefined;
};

function seenOf(at: number, kind: Seen['kind'], ex: Exchange): Seen | undefined {
  const body = ex.response?.json;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const status = asStatus(body);
  return { at, kind, ex, body: body as Json, ...(status ? { status } : {}) };
}

/** A create this run made: a 2xx that is not a replay and names a new application. */
function created(exchanges: readonly Exchange[], apps: Map<string, AppHistory>, at: number): void {
  const ex = exchanges[at]!;
  if (!ok(ex) || isReplay(ex)) return;
  const id = applicationIdOf(ex.response?.json);
  const request = parsed(ex.request.body);
  if (id === undefined || request === undefined) return;
  const known = apps.get(id);
  if (known) {
    known.issuedTo.add(ex.role ?? '');
    return;
  }
  const key = ex.request.headers['idempotency-key'];
  const seen = seenOf(at, 'create', ex);
  apps.set(id, {
    id,
    role: ex.role ?? '',
    issuedTo: new Set([ex.role ?? '']),
    create: ex,
    at,
    request,
    ...(key !== undefined ? { key } : {}),
    seen: seen ? [seen] : [],
    sent: [],
  });
}

/** What each exchange of the run showed or did to an application this run created, by application id. */
export function runHistory(exchanges: readonly Exchange[]): Map<string, AppHistory> {
  const apps = new Map<string, AppHistory>();
  exchanges.forEach((ex, at) => {
    const route = routeOf(ex);
    if (!route) return;
    const method = ex.request.method.toUpperCase();
    if (route.id === undefined) {
      if (method === 'POST') created(exchanges, apps, at);
      return;
    }
    const app = apps.get(route.id);
    if (!app) return;
    const own = ex.role === app.role;
    if (route.suffix === undefined && method === 'GET' && own && statusCode(ex) === 200) {
      const seen = seenOf(at, 'read', ex);
      if (seen) app.seen.push(seen);
    }
    if (route.suffix === undefined && method === 'PUT') {
      app.sent.push({ at, kind: 'update', ex, outcome: outcomeOf(ex) });
      const seen = own && ok(ex) ? seenOf(at, 'update', ex) : undefined;
      if (seen && applicationIdOf(seen.body) === app.id) app.seen.push(seen);
    }
    const write = route.suffix !== undefined ? WRITES[route.suffix] : undefined;
    if (write && method === 'POST') app.sent.push({ at, kind: write, ex, outcome: outcomeOf(ex) });
  });
  return apps;
}

/** The applications a role created in the run, in the order made. */
export const createdBy = (apps: ReadonlyMap<string, AppHistory>, role: string): AppHistory[] =>
  [...apps.values()].filter((a) => a.role === role);

/** The latest answer that showed the application, when it showed a status. */
export const latestSeen = (app: AppHistory): Seen | undefined => app.seen.findLast((s) => s.status !== undefined);

/** Writes of unknown outcome after `at`: what the application shows since cannot be judged. */
export const unknownAfter = (app: AppHistory, at: number): boolean =>
  app.sent.some((s) => s.at > at && s.outcome === 'unknown');

/** A row of a list the run made, with the key role that listed it. */
export interface ListedRow {
  at: number;
  ex: Exchange;
  role: string;
  row: Json;
}

/** Every row of every 200 list of applications the run made, in the order sent. */
export function listedRows(exchanges: readonly Exchange[]): ListedRow[] {
  return exchanges.flatMap((ex, at) => {
    const route = routeOf(ex);
    if (!route || route.id !== undefined || ex.request.method.toUpperCase() !== 'GET' || statusCode(ex) !== 200)
      return [];
    return (applicationRowsOf(ex.response?.json) ?? []).map((row) => ({ at, ex, role: ex.role ?? '', row }));
  });
}
