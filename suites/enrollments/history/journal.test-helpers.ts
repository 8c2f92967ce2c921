/**
 * Test support: runs of direct-enrollment exchanges as the journal records them, on a clock
 * the test moves, so the history oracles can be fed histories that must pass and must fail.
 */
import type { Exchange, JournalEntry } from '../../../harness/model.js';

const BASE = 'https://target.example/partner-api';
export const ROUTING = '?product=ichra&exchange=off_exchange';

export interface Sent {
  role?: string;
  /** The request body (JSON unless a string). */
  request?: unknown;
  requestHeaders?: Record<string, string>;
  headers?: Record<string, string>;
  /** The answer's text, when it is not the JSON of `json`. */
  text?: string;
  truncated?: true;
  check?: string;
  /** Milliseconds the exchange took (default 5). */
  took?: number;
}

/** A run under construction: each exchange leaves `gap` ms (default 10) after the previous one's answer. */
export class Run {
  readonly entries: JournalEntry[] = [];
  #now = Date.parse('2026-11-26T10:00:00.000Z');

  /** Moves the clock on. */
  wait(ms: number): this {
    this.#now += ms;
    return this;
  }

  send(method: string, path: string, status: number | undefined, json?: unknown, o: Sent = {}): Exchange {
    this.#now += 10;
    const took = o.took ?? 5;
    const body = o.text ?? JSON.stringify(json ?? {});
    const exchange: Exchange = {
      request: {
        method,
        url: `${BASE}${path}`,
        headers: o.requestHeaders ?? {},
        ...(o.request !== undefined
          ? { body: typeof o.request === 'string' ? o.request : JSON.stringify(o.request) }
          : {}),
      },
      ...(status === undefined
        ? { error: 'UND_ERR_SOCKET' }
        : {
            response: {
              status,
              headers: { 'content-type': 'application/json', ...o.headers },
              body,
              ...(o.text === undefined && !o.truncated ? { json } : {}),
            },
          }),
      ...(o.truncated ? { truncated: true } : {}),
      durationMs: took,
      startedAt: new Date(this.#now).toISOString(),
      role: o.role ?? 'approved',
    };
    this.#now += took;
    this.entries.push({ check: o.check ?? 'some check', family: 'enrollments', api: 'v1', exchange });
    return exchange;
  }
}

/** An application as create, read and PUT answer it. */
export const application = (id: string, status: string, extra: Record<string, unknown> = {}) => ({
  application_id: id,
  external_id: `ext-${id}`,
  plan_hios_id: '12345CA0010001',
  plan_year: 2026,
  created_at: '2026-11-26T10:00:00.000Z',
  updated_at: '2026-11-26T10:00:00.000Z',
  policy_status: status,
  errors: [],
  next_actions: [],
  ...extra,
});

/** The create body the applications above answer. */
const createBody = (id: string) => ({
  external_id: `ext-${id}`,
  plan_hios_id: '12345CA0010001',
  context: { plan_year: 2026 },
  applicants: { primary: { last_name: 'Conformance', email: 'ada@example.com' } },
});

/** A keyed create of `id` by `role` answered 201. */
export const create = (run: Run, id: string, o: Sent = {}) =>
  run.send('POST', '/v1/enrollments', 201, application(id, 'draft'), {
    request: createBody(id),
    requestHeaders: { 'idempotency-key': `key-${id}` },
    ...o,
  });

export const read = (run: Run, id: string, status: string, extra: Record<string, unknown> = {}, o: Sent = {}) =>
  run.send('GET', `/v1/enrollments/${id}${ROUTING}`, 200, application(id, status, extra), o);

/** A list answered with `rows`. */
export const list = (run: Run, rows: unknown[], o: Sent = {}, query = '') =>
  run.send('GET', `/v1/enrollments${ROUTING}${query}`, 200, { applications: rows, pagination: {} }, o);
