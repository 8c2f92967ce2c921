/** The list-filter oracle on exchanges of its own: what must pass, what must fail, and what it leaves alone. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TargetContext } from '../../harness/target.js';
import { cut, documentsTarget, entry, judge, verdicts } from './journal.test-helpers.js';
import { LIST_FILTER_RULES, listHonoursFilters } from './list-filters.js';

let target: TargetContext;
beforeAll(async () => {
  target = await documentsTarget();
});

const filters = (...entries: Parameters<typeof judge>[3][]) =>
  judge(target, listHonoursFilters, LIST_FILTER_RULES, ...entries);

const LIST = '/v1/enrollments?product=ichra&exchange=off_exchange';
const row = (extra: Record<string, unknown>) => ({ application_id: 'a1', external_id: 'x-1', ...extra });
const list = (query: string, rows: unknown[], status = 200) =>
  entry('GET', `${LIST}&${query}`, status, { applications: rows, pagination: { limit: 25, offset: 0 } });

describe('an enrollment list honours every filter it carries', () => {
  it('passes rows within each filter, and rows that do not show a filtered member', () => {
    const good = list('policy_status=draft&external_id=x-1&plan_year=2026', [
      row({ policy_status: 'draft', plan_year: '2026' }),
      row({}),
    ]);
    expect(verdicts(filters(good))).toEqual([
      ['passed', ['ENR-LIST-FILTER-POLICY-STATUS', 'ENR-LIST-FILTER-EXTERNAL-ID', 'ENR-LIST-FILTER-PLAN-YEAR']],
    ]);
  });

  it('fails a row of another external_id beside a policy_status filter, by ENR-LIST-FILTER-EXTERNAL-ID', () => {
    const [finding] = filters(list('policy_status=draft&external_id=x-1', [row({}), row({ external_id: 'x-2' })]));
    expect(finding).toMatchObject({ verdict: 'failed', rules: ['ENR-LIST-FILTER-EXTERNAL-ID'] });
    expect(finding!.observed).toContain('1 of 2 rows outside it');
    expect(finding!.observed).toContain('(external_id shown "x-2")');
  });

  it('compares updated_since as an instant, whatever offset the request wrote', () => {
    // 22:00+05:00 is 17:00Z: a row updated at 17:00:00.5Z is after it though its text sorts before the filter's;
    // one at 15:59:59Z is not.
    const since = encodeURIComponent('2026-03-01T22:00:00+05:00');
    const after = list(`updated_since=${since}`, [row({ updated_at: '2026-03-01T17:00:00.500Z' })]);
    expect(verdicts(filters(after))).toEqual([['passed', ['ENR-LIST-FILTER-UPDATED-SINCE']]]);
    const before = list(`updated_since=${since}`, [row({ updated_at: '2026-03-01T15:59:59Z' })]);
    expect(verdicts(filters(before))).toEqual([['failed', ['ENR-LIST-FILTER-UPDATED-SINCE']]]);
  });

  it('allows a time shown to the whole second: a row shown a moment before the filter may be after it', () => {
    const since = encodeURIComponent('2026-03-01T17:00:00.400+00:00');
    expect(verdicts(filters(list(`updated_since=${since}`, [row({ updated_at: '2026-03-01T17:00:00Z' })])))).toEqual([
      ['passed', ['ENR-LIST-FILTER-UPDATED-SINCE']],
    ]);
  });

  it('proves no filter on an empty page: it honours any filter and shows none', () => {
    const [finding] = filters(list('policy_status=draft&plan_year=2020', []));
    expect(finding).toMatchObject({ verdict: 'skipped', needs: listHonoursFilters.needs });
  });

  it('judges no list without a filter, and no refusal', () => {
    const [finding] = filters(
      entry('GET', LIST, 200, { applications: [row({})] }),
      list('policy_status=draft', [], 400),
    );
    expect(finding).toMatchObject({ verdict: 'skipped', needs: listHonoursFilters.needs });
  });
});

describe('the policy-status list holds its plan year', () => {
  const POL = '/v1/policy-status/applications?exchange=on_exchange&plan_year=2026';
  it('passes rows of the year asked and rows that show none, fails one of another year', () => {
    const rows = [{ confirmation_id: '1', plan_year: 2026 }, { confirmation_id: '2' }];
    expect(verdicts(filters(entry('GET', `${POL}&offset=25`, 200, { applications: rows })))).toEqual([
      ['passed', ['POLICY-LIST-FILTER-PLAN-YEAR']],
    ]);
    const other = entry('GET', `${POL}&offset=25`, 200, { applications: [{ confirmation_id: '3', plan_year: 2025 }] });
    expect(verdicts(filters(other))).toEqual([['warning', ['POLICY-LIST-FILTER-PLAN-YEAR']]]);
  });
});

describe('bad input', () => {
  it('skips, with the reason, no answer, a cut body, a body without rows, a filter made wrong on purpose', () => {
    const wrong = entry(
      'GET',
      `${LIST}&policy_status=submitted`,
      200,
      { applications: [row({ policy_status: 'draft' })] },
      undefined,
      {
        wrong: { kind: 'members', members: ['policy_status'] },
      },
    );
    const [finding] = filters(
      entry('GET', `${LIST}&external_id=x`, undefined),
      cut(list('external_id=x-1', [row({ external_id: 'x-9' })])),
      entry('GET', `${LIST}&external_id=x`, 200, '<html></html>', { 'content-type': 'text/html' }),
      wrong,
    );
    expect(finding).toMatchObject({ verdict: 'skipped' });
    expect(finding!.message).toBe(
      "nothing of the run's 4 exchanges judged; left alone: 1 made wrong on purpose, 1 with a body cut at the size " +
        'bound, 1 with no answer, 1 with no rows to read',
    );
  });
});
