import { describe, expect, test } from 'vitest';
import type { Exchange } from '../../../harness/suite/index.js';
import { modelAt, offeredRefusals, rowDisagreements, statusDrift } from './judge.js';
import { createdBy, latestSeen, listedRows, runHistory, type AppHistory } from './timeline.js';

const BASE = 'https://target.example/partner-api';
const ROUTING = '?product=ichra&exchange=off_exchange';

interface Options {
  role?: string;
  request?: unknown;
  headers?: Record<string, string>;
  requestHeaders?: Record<string, string>;
}

/** One recorded exchange, as the client records it. */
function ex(method: string, path: string, status: number | undefined, json?: unknown, o: Options = {}): Exchange {
  return {
    request: {
      method,
      url: `${BASE}${path}`,
      headers: o.requestHeaders ?? {},
      ...(o.request !== undefined ? { body: JSON.stringify(o.request) } : {}),
    },
    ...(status === undefined
      ? { error: 'UND_ERR_SOCKET' }
      : { response: { status, headers: o.headers ?? {}, body: JSON.stringify(json ?? {}), json } }),
    durationMs: 1,
    role: o.role ?? 'approved',
  };
}

const app = (id: string, status: string, extra: Record<string, unknown> = {}) => ({
  application_id: id,
  external_id: `ext-${id}`,
  plan_hios_id: '12345CA0010001',
  plan_year: 2026,
  created_at: '2026-11-26T10:00:00.000Z',
  policy_status: status,
  errors: [],
  next_actions: [],
  ...extra,
});
const createBody = { external_id: 'ext-enr_1', plan_hios_id: '12345CA0010001', context: { plan_year: 2026 } };
const create = (id = 'enr_1', o: Options = {}) =>
  ex('POST', '/v1/enrollments', 201, app(id, 'draft'), {
    request: createBody,
    requestHeaders: { 'idempotency-key': `key-${id}` },
    ...o,
  });
const read = (status: string, extra: Record<string, unknown> = {}, o: Options = {}) =>
  ex('GET', `/v1/enrollments/enr_1${ROUTING}`, 200, app('enr_1', status, extra), o);
const act = (suffix: string, status: number | undefined, o: Options = {}) =>
  ex('POST', `/v1/enrollments/enr_1/${suffix}`, status, {}, o);
const history = (exchanges: Exchange[]): AppHistory => runHistory(exchanges).get('enr_1')!;

describe("the run's history of an application", () => {
  test("is made by its create, with its key and body, and holds its own answers and everyone's writes", () => {
    const h = history([
      create(),
      read('draft'),
      read('draft', {}, { role: 'otherAccount' }),
      act('submissions', 202, { role: 'otherAccount' }),
      ex('PUT', '/v1/enrollments/enr_1', 200, app('enr_1', 'draft')),
      act('cancellations', 400),
    ]);
    expect(h.role).toBe('approved');
    expect(h.key).toBe('key-enr_1');
    expect(h.request.external_id).toBe('ext-enr_1');
    expect(h.seen.map((s) => s.kind)).toEqual(['create', 'read', 'update']);
    expect(h.sent.map((s) => `${s.kind} ${s.outcome}`)).toEqual([
      'submit accepted',
      'update accepted',
      'cancel refused',
    ]);
  });

  test('leaves out replays, failed creates and other families', () => {
    const apps = runHistory([
      create('enr_1'),
      create('enr_1', { headers: { 'idempotent-replay': 'true' } }),
      ex('POST', '/v1/enrollments', 500, { errors: [] }, { request: createBody }),
      ex('GET', '/v1/policy-status/applications/enr_1', 200, {}),
    ]);
    expect([...apps.keys()]).toEqual(['enr_1']);
    expect(apps.get('enr_1')!.seen).toHaveLength(1);
    expect(createdBy(apps, 'otherAccount')).toEqual([]);
  });

  test('counts a write without an answer, or with a 5xx, as of unknown outcome', () => {
    const h = history([create(), act('submissions', undefined), act('terminations', 503)]);
    expect(h.sent.map((s) => s.outcome)).toEqual(['unknown', 'unknown']);
  });

  test('lists the rows of every list with the role that listed them', () => {
    const rows = listedRows([
      create(),
      ex('GET', `/v1/enrollments${ROUTING}`, 200, { applications: [{ application_id: 'enr_1' }] }, { role: 'x' }),
    ]);
    expect(rows.map((r) => [r.at, r.role, r.row.application_id])).toEqual([[1, 'x', 'enr_1']]);
  });
});

describe('a status moves only by a change section 3 describes', () => {
  test('a submission, effectuation, a cancellation and a termination lead on', () => {
    expect(
      statusDrift(history([create(), act('submissions', 202), read('pending_effectuation'), read('effectuated')])),
    ).toBeUndefined();
    expect(
      statusDrift(history([create(), act('submissions', 202), read('draft'), read('pending_effectuation')])),
    ).toBeUndefined();
    expect(
      statusDrift(
        history([create(), act('submissions', 202), read('effectuated'), act('terminations', 202), read('terminated')]),
      ),
    ).toBeUndefined();
  });

  test('an outcome left for an earlier state, or a move without its accepted write, drifts', () => {
    const lost = statusDrift(
      history([
        create(),
        act('submissions', 202),
        read('pending_effectuation'),
        act('cancellations', 202),
        read('cancelled'),
        read('pending_effectuation'),
      ]),
    );
    expect([lost?.from.status, lost?.to.status]).toEqual(['cancelled', 'pending_effectuation']);
    expect(statusDrift(history([create(), read('pending_effectuation')]))?.to.status).toBe('pending_effectuation');
    // A refused cancellation moves nothing.
    expect(
      statusDrift(
        history([
          create(),
          act('submissions', 202),
          read('pending_effectuation'),
          act('cancellations', 400),
          read('cancelled'),
        ]),
      ),
    ).toBeDefined();
  });

  test('is not judged after a write of unknown outcome or an accepted resubmission', () => {
    expect(
      statusDrift(history([create(), act('submissions', undefined), read('pending_effectuation')])),
    ).toBeUndefined();
    expect(
      statusDrift(
        history([create(), act('submissions', 202), read('effectuated'), act('submissions', 202), read('draft')]),
      ),
    ).toBeUndefined();
  });
});

describe('next_actions against the state an answer shows', () => {
  const cancel = { rel: 'cancel', href: '/v1/enrollments/enr_1/cancellations', method: 'POST' };
  const submit = { rel: 'submit', href: '/v1/enrollments/enr_1/submissions', method: 'POST' };

  test('a cancellation offered on a draft is a refusal offered', () => {
    const h = history([create(), read('draft', { next_actions: [cancel, submit] })]);
    const seen = latestSeen(h)!;
    expect(offeredRefusals(modelAt(h, seen, 'planFull')!, seen.body)).toEqual(['/cancellations']);
  });

  test("a PUT's own answer shows its change: a resubmission is open again", () => {
    const h = history([
      create(),
      act('submissions', 202),
      read('effectuated', { next_actions: [] }),
      ex('PUT', '/v1/enrollments/enr_1', 200, app('enr_1', 'effectuated', { next_actions: [submit] })),
    ]);
    const seen = latestSeen(h)!;
    expect(seen.kind).toBe('update');
    expect(offeredRefusals(modelAt(h, seen, 'planFull')!, seen.body)).toEqual([]);
    // Without the change, the same offer is a resubmission without changes, which 3.2 refuses.
    const before = h.seen[1]!;
    expect(offeredRefusals(modelAt(h, before, 'planFull')!, { next_actions: [submit] })).toEqual(['/submissions']);
  });

  test('outstanding errors close the submission', () => {
    const h = history([
      create(),
      read('draft', { errors: [{ code: 'missing', message: 'm' }], next_actions: [submit] }),
    ]);
    const seen = latestSeen(h)!;
    expect(offeredRefusals(modelAt(h, seen, 'planFull')!, seen.body)).toEqual(['/submissions']);
  });
});

describe('a list row against the latest answer of its application', () => {
  const answer = app('enr_1', 'pending_effectuation');

  test('agrees when the members both show have one value (plan_year as text, instants in any form)', () => {
    const row = { ...answer, plan_year: '2026', created_at: '2026-11-26T10:00:00Z', policy_status: 'draft' };
    expect(rowDisagreements(row, answer)).toEqual([]);
    // Whole seconds in one place, milliseconds in the other: the same instant.
    const precise = { ...answer, created_at: '2026-11-26T10:00:00.987Z' };
    expect(rowDisagreements({ ...row, created_at: '2026-11-26T10:00:00Z' }, precise)).toEqual([]);
    expect(rowDisagreements({ ...row, created_at: '2026-11-26T10:00:00.986Z' }, precise)).toHaveLength(1);
    expect(rowDisagreements({ application_id: 'enr_1' }, answer)).toEqual([]);
  });

  test('names each member that differs', () => {
    const row = { ...answer, created_at: '2026-11-26T10:05:00Z', external_id: 'other' };
    expect(rowDisagreements(row, answer)).toEqual([
      'external_id: "other" in the row, "ext-enr_1" on the application',
      'created_at: "2026-11-26T10:05:00Z" in the row, "2026-11-26T10:00:00.000Z" on the application',
    ]);
  });

  test('reads members of the echoed application data when the answer has them there', () => {
    const nested = { application_id: 'enr_1', application: { external_id: 'ext-enr_1' } };
    expect(rowDisagreements({ application_id: 'enr_1', external_id: 'x' }, nested)).toHaveLength(1);
  });
});
