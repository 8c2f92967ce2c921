import { describe, expect, test } from 'vitest';
import type { Exchange } from '../../harness/suite/index.js';
import { listedConfirmations, spreadSample, type Listed } from './listed.js';

const URL_BASE = 'https://target.example/v1/policy-status/applications';

function get(query: string, status: number, json?: unknown): Exchange {
  return {
    request: { method: 'GET', url: `${URL_BASE}${query}`, headers: {} },
    response: { status, headers: {}, body: JSON.stringify(json ?? {}), json },
    durationMs: 1,
  };
}

const row = (id: string, external: string | null = 'crm') => ({ confirmation_id: id, external_id: external });

describe('what the run listed', () => {
  test('each id with its plan year, largest position and row shape; and the ids read', () => {
    const { listed, read } = listedConfirmations([
      get('?exchange=on_exchange&plan_year=2026&limit=2', 200, { applications: [row('a'), row('b', null)] }),
      get('?exchange=on_exchange&plan_year=2026&limit=2&offset=2', 200, { applications: [row('c')] }),
      get('?exchange=on_exchange&plan_year=2026&limit=100', 200, {
        applications: [row('a'), row('b', null), row('c')],
      }),
      get('?exchange=on_exchange&plan_year=2026&limit=0', 400, { error: { code: 'x', message: 'm' } }),
      get('/a?exchange=on_exchange&plan_year=2026', 200, { policy_statuses: [] }),
      get('/z?exchange=on_exchange&plan_year=2026', 404, {}),
    ]);
    expect(listed.map((l) => [l.id, l.planYear, l.position])).toEqual([
      ['a', '2026', 0],
      ['b', '2026', 1],
      ['c', '2026', 2],
    ]);
    expect(listed[0]!.shape).not.toBe(listed[1]!.shape);
    expect([...read]).toEqual(['a']);
  });
});

describe('a sample of the listed ids', () => {
  const listed: Listed[] = Array.from({ length: 30 }, (_, i) => ({
    id: `id${i}`,
    planYear: '2026',
    position: i,
    shape: i % 3 === 0 ? 'external_id:null' : 'external_id',
  }));

  test('takes one of each shape, then spreads over the positions up to the last', () => {
    const chosen = spreadSample(listed, 5);
    expect(chosen).toHaveLength(5);
    expect(new Set(chosen.map((c) => c.shape)).size).toBe(2);
    expect(chosen.map((c) => c.position)).toContain(29);
    expect(new Set(chosen.map((c) => c.id)).size).toBe(5);
  });

  test('takes them all when there are fewer', () => {
    expect(
      spreadSample(listed.slice(0, 3), 5)
        .map((c) => c.id)
        .sort(),
    ).toEqual(['id0', 'id1', 'id2']);
    expect(spreadSample([], 5)).toEqual([]);
  });
});
