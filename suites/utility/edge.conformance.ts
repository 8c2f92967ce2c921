/**
 * Edge behaviour (section 7): unknown routes, and hostile input that must never give a 5xx.
 * The properties send one request per run; `--runs` sizes them (bounded by maxRuns).
 */
import fc from 'fast-check';
import { expectNo5xx } from '../../harness/checks/index.js';
import {
  isAvailable,
  onOneItem,
  SkipCheck,
  verify,
  verifyProperty,
  wrongAsWhole,
  wrongIn,
  type ApiRequest,
  type CheckContext,
} from '../../harness/suite/index.js';
import type { Operation } from '../../harness/contract/types.js';
import { OPERATIONS, type OperationEntry } from '../operations.js';

verify('unknown routes below known prefixes are 404', ['EDGE-UNKNOWN-ROUTE-404'], async (t) => {
  for (const path of ['/v1/reference/no-such-list', '/v1/enrollment-sessions/no-such-session/no-such-action']) {
    const ex = await t.send({ method: 'GET', path });
    t.expect.status(ex, 404);
  }
});

// --- hostile query strings on read endpoints ---------------------------------------------

interface ReadEndpoint {
  path: string;
  /** A valid query for the target, so hostile values get past the first validation. */
  base: Record<string, string>;
  /** The query parameters the loaded document declares for the read, in its order. */
  declared: string[];
}

/**
 * The operation of the loaded document an entry of the table is: by operationId, else on the same
 * route (a document without operationIds); none for another interface's entry.
 */
function documented(t: CheckContext, op: OperationEntry): Operation | undefined {
  const { contract } = t.target;
  return contract.operation(op.operationId) ?? contract.operations.find((d) => `${d.method} ${d.path}` === op.route);
}

/**
 * The reads (GET) of a collection (no item id in the path), each with its valid query from the
 * operations table (suites/operations.ts) and the query parameters the loaded document declares
 * for it; operations whose fixtures the profile lacks are left out.
 */
async function readEndpoints(t: CheckContext): Promise<ReadEndpoint[]> {
  const reads = OPERATIONS.filter(
    (op) => op.route.startsWith('GET ') && !op.writes && !onOneItem(op) && isAvailable(t, op),
  );
  const endpoints: ReadEndpoint[] = [];
  for (const op of reads) {
    const { path, query = {}, api } = await op.request(t);
    if (api !== undefined) continue;
    const base = Object.entries(query).filter((e): e is [string, string | number | boolean] => e[1] !== undefined);
    const declared = (documented(t, op)?.parameters ?? []).filter((p) => p.in === 'query').map((p) => String(p.name));
    endpoints.push({ path, base: Object.fromEntries(base.map(([k, v]) => [k, String(v)])), declared });
  }
  return endpoints;
}

/**
 * A read's parameters the deterministic check puts a hostile value in, one request each: every
 * one the document declares, for a read that declares at most this many. A read with more (the
 * enrollments list declares eleven, nine of them filters of one kind) gets those of its valid
 * request only, so the conformance run stays within its 550 requests (every declared one would
 * add 8 more); the property below draws from all of them.
 */
const MAX_DECLARED_EACH = 5;

const hostileNames = ({ base, declared }: ReadEndpoint): string[] =>
  declared.length <= MAX_DECLARED_EACH ? [...new Set([...Object.keys(base), ...declared])] : Object.keys(base);

const queryString = (pairs: ReadonlyArray<[string, string]>): string =>
  pairs.map(([k, v]) => `${encodeURIComponent(k)}=${v}`).join('&');

/**
 * One value with the characters that most often break naive parsing, search and SQL: quotes,
 * a percent sign, a backslash, markup, a NUL and invalid UTF-8 (already percent-encoded).
 */
const EVERY_SPECIAL = `${encodeURIComponent(`O'Brien "50%" \\ <b>{$x}</b>;--`)}%00%C3%28%FF`;

verify(
  'a value with quotes, percent, backslash, NUL and invalid UTF-8 in any parameter of a read endpoint ' +
    'never gives a 5xx',
  ['EDGE-NO-5XX'],
  async (t) => {
    for (const endpoint of await readEndpoints(t)) {
      for (const name of hostileNames(endpoint)) {
        // The valid query's other parameters as they are, the hostile one in its place (or last).
        const query = new Map(Object.entries(endpoint.base).map(([k, v]) => [k, encodeURIComponent(v)]));
        query.set(name, EVERY_SPECIAL);
        expectNo5xx(
          t.expect,
          await t.send({
            method: 'GET',
            path: `${endpoint.path}?${queryString([...query])}`,
            label: `hostile ${name}`,
            ...wrongIn(name),
          }),
        );
      }
    }
  },
);

const NASTY_VALUES = [
  '',
  '%',
  '%zz',
  '%00',
  '%FF%FE',
  '-1',
  '0',
  '99999999999999999999',
  '1e309',
  'NaN',
  '%5B%5D',
  '%7B%7D',
  '..%2F..%2Fetc%2Fpasswd',
  EVERY_SPECIAL,
  'A'.repeat(4000),
];
const EXTRA_NAMES = [
  'zip_code',
  'state',
  'plan_year',
  'query',
  'exchange',
  'product',
  'page[number]',
  'page[size]',
  'limit',
  'offset',
  'updated_since',
  'policy_status',
  'unknown',
];

/** Every byte percent-encoded: NUL, invalid UTF-8, anything. */
const encodedBytes = fc
  .uint8Array({ maxLength: 48 })
  .map((bytes) => [...bytes].map((b) => `%${b.toString(16).padStart(2, '0').toUpperCase()}`).join(''));
const specials = fc
  .array(
    fc.constantFrom(
      "'",
      '"',
      '%',
      '\\',
      '<',
      '>',
      '{',
      '}',
      '$',
      ';',
      '*',
      '(',
      ')',
      '[',
      ']',
      '\n',
      '\u00e9',
      '\u{1F600}',
      'a',
      '1',
    ),
    { minLength: 1, maxLength: 12 },
  )
  .map((cs) => encodeURIComponent(cs.join('')));
const hostileValue = fc.oneof(fc.constantFrom(...NASTY_VALUES), encodedBytes, specials);

/** A valid query with some parameters given hostile values and perhaps a hostile extra one. */
const hostileQuery = (endpoints: ReadEndpoint[]) =>
  fc.constantFrom(...endpoints).chain(({ path, base, declared }) => {
    const names = [...new Set([...Object.keys(base), ...declared, ...EXTRA_NAMES])];
    return fc
      .array(fc.tuple(fc.constantFrom(...names), hostileValue), { minLength: 1, maxLength: 3 })
      .map((changes) => {
        const query = new Map(Object.entries(base).map(([k, v]) => [k, encodeURIComponent(v)]));
        for (const [name, value] of changes) query.set(name, value);
        return `${path}?${queryString([...query])}`;
      });
  });

verifyProperty(
  'hostile query strings on read endpoints never give a 5xx',
  ['EDGE-NO-5XX'],
  async (t) => hostileQuery(await readEndpoints(t)),
  async (t, path) => {
    expectNo5xx(t.expect, await t.send({ method: 'GET', path, ...wrongAsWhole('a hostile query string') }));
  },
  { maxRuns: 25 },
);

// --- hostile bodies on create endpoints ------------------------------------------------------

/**
 * The creates of the table (a POST on a collection) taking a JSON body the service reads from any
 * caller: the document gives the operation a JSON body and requires no header the property leaves
 * out (the enrollments create requires an Idempotency-Key: a keyless body is refused before it is
 * read). Sorted, so a seed draws the same paths whatever the table's order.
 */
function bodyPaths(t: CheckContext): string[] {
  const creates = OPERATIONS.filter((op) => op.route.startsWith('POST ') && !onOneItem(op)).filter((op) => {
    const doc = documented(t, op);
    const content = (doc?.requestBody?.content ?? {}) as Record<string, unknown>;
    const headerRequired = doc?.parameters.some((p) => p.in === 'header' && p.required === true);
    return 'application/json' in content && !headerRequired;
  });
  // A document that gives none of them (a partial --spec) leaves nothing to send hostile bodies to.
  if (creates.length === 0) throw new SkipCheck('a create in the loaded document taking a JSON body');
  return creates.map((op) => op.route.split(' ')[1]!).sort();
}

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'application/octet-stream',
];
const SESSION_MEMBERS = [
  'context',
  'location',
  'household',
  'plan_id',
  'campaign',
  'external_id',
  'providers',
  'sort',
  'page',
];

const truncatedJson = fc.json().chain((text) => fc.nat({ max: text.length }).map((n) => text.slice(0, n)));
const deepNesting = fc.integer({ min: 1, max: 5000 }).map((n) => '['.repeat(n) + ']'.repeat(n));
const shapedJunk = fc
  .dictionary(fc.constantFrom(...SESSION_MEMBERS), fc.jsonValue({ maxDepth: 3 }))
  .map((o) => JSON.stringify(o));
const hostileBody = (paths: readonly string[]) =>
  fc.record({
    path: fc.constantFrom(...paths),
    contentType: fc.constantFrom(...CONTENT_TYPES),
    body: fc.oneof(fc.json(), truncatedJson, deepNesting, shapedJunk, fc.uint8Array({ maxLength: 256 })),
  });

verifyProperty(
  'hostile bodies on create endpoints never give a 5xx',
  ['EDGE-NO-5XX'],
  (t) => hostileBody(bodyPaths(t)),
  async (t, { path, contentType, body }) => {
    const req: ApiRequest = { method: 'POST', path, body, contentType, ...wrongAsWhole('a hostile body') };
    expectNo5xx(t.expect, await t.send(req));
  },
  { maxRuns: 25, needs: { writes: true } },
);
