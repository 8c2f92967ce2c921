/**
 * Hostile values (section 7: no client request is a server failure) in what each operation
 * declares: its query and path parameters, as its loaded document gives them, and the members
 * of its body (the document's and its valid request's). A refusal is in the family's service
 * envelope. A collection read gets one request per parameter (a value refused early must not
 * hide a later parameter's failure); an operation on one item, or with a body, one request with
 * every parameter and member hostile at once; an operation that declares nothing, one with an
 * undeclared parameter.
 */
import { expectNo5xx } from '../../harness/checks/index.js';
import {
  needsOf,
  onOneItem,
  wrongAsWhole,
  wrongIn,
  type ApiRequest,
  type CheckContext,
} from '../../harness/suite/index.js';
import type { OperationEntry } from '../operations.js';
import { sentQuery } from './bound-requests.js';
import { whereHeld } from './catalogue.js';
import { expectServiceRefusalShape, serviceEnvelopeName, serviceShapeRule } from './envelopes.js';
import type { Owed } from './types.js';

/** Quotes, a percent sign, a backslash, markup, SQL and template syntax: what most often breaks parsing and search. */
const SPECIALS = `O'Brien "50%" \\ <b>{$x}</b>;--`;
/** In a query value: the specials, a NUL and invalid UTF-8 (already percent-encoded). */
const IN_QUERY = `${encodeURIComponent(SPECIALS)}%00%C3%28%FF`;
/** In a path segment: the specials and a NUL, valid UTF-8, so the segment still reaches the operation's route. */
const IN_PATH = `${encodeURIComponent(SPECIALS)}%00`;
/** In a JSON member: the specials, a NUL and a lone surrogate (JSON text escapes both). */
const IN_BODY = `${SPECIALS}\u0000\ud800`;

/**
 * A collection read declaring more parameters than this gets a hostile value in those of its valid request only
 * (the enrollments list declares eleven, nine of them filters of one kind): the run's request budget.
 */
const MAX_DECLARED_EACH = 5;
/** The parameter an operation that declares none gets: one it does not know. */
const UNDECLARED = 'unknown';

const queryOf = (pairs: ReadonlyArray<[string, string]>): string =>
  pairs.map(([k, v]) => `${encodeURIComponent(k)}=${v}`).join('&');

/** The valid request's query (its `query` and any written in its path), each value percent-encoded. */
const validQuery = (req: ApiRequest): Map<string, string> =>
  new Map([...sentQuery(req)].map(([k, v]) => [k, encodeURIComponent(v)]));

/** The request with `path` and `query` (already encoded) in place of the valid request's. */
function withTarget(req: ApiRequest, path: string, query: Map<string, string>, label: string): ApiRequest {
  const search = queryOf([...query]);
  return { ...req, path: search ? `${path}?${search}` : path, query: undefined, label };
}

function hostileRequests(t: CheckContext, op: OperationEntry, valid: ApiRequest): ApiRequest[] {
  const declared = t.target.documented(op.operationId, op.route)?.parameters ?? [];
  const named = (place: string) => declared.filter((p) => p.in === place).map((p) => String(p.name));
  const base = validQuery(valid);
  const path = valid.path.split('?')[0]!;
  const template = op.route.slice(op.route.indexOf(' ') + 1);
  if (op.route.startsWith('GET ') && !onOneItem(op)) {
    const query = named('query');
    const names = query.length <= MAX_DECLARED_EACH ? [...new Set([...base.keys(), ...query])] : [...base.keys()];
    return (names.length ? names : [UNDECLARED]).map((name) => ({
      ...withTarget(valid, path, new Map([...base, [name, IN_QUERY]]), `hostile ${name}`),
      ...wrongIn(name),
    }));
  }
  const hostilePath = template.replace(/\{[^}]+\}/g, IN_PATH);
  const query = new Map([...base.keys(), ...named('query')].map((name) => [name, IN_QUERY]));
  const req = {
    ...withTarget(valid, hostilePath, query, 'hostile parameters and members'),
    ...wrongAsWhole('hostile parameters and members'),
  };
  if (typeof valid.json !== 'object' || valid.json === null || Array.isArray(valid.json)) return [req];
  const schema = (t.target.documented(op.operationId, op.route)?.requestBody?.content as Record<string, unknown>)?.[
    'application/json'
  ] as { schema?: { properties?: Record<string, unknown> } } | undefined;
  const members = new Set([...Object.keys(schema?.schema?.properties ?? {}), ...Object.keys(valid.json)]);
  return [{ ...req, json: Object.fromEntries([...members].map((m) => [m, IN_BODY])) }];
}

export const HOSTILE: Owed = {
  name: 'hostile',
  applies: (op) => whereHeld(op.family, ['EDGE-NO-5XX', serviceShapeRule(op.family)]),
  title: (op) =>
    `${op.route} with a hostile value in each declared parameter and member never gets a 5xx, ` +
    `and a refusal is in the ${serviceEnvelopeName(op.family)}`,
  needs: (op) => needsOf([op]),
  async run(t, op) {
    for (const req of hostileRequests(t, op, await op.request(t))) {
      const ex = await t.send(req);
      expectNo5xx(t.expect.rules('EDGE-NO-5XX'), ex);
      expectServiceRefusalShape(t, op.family, ex);
    }
  },
};
