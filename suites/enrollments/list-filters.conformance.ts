/**
 * List filters (4.9). Two applications made for this run differ in every filtered member
 * (external_id, plan, issuer, plan year): each filter must keep the one that matches and drop
 * the other, and no listed row may contradict it. One page is read per filter, never the whole
 * account; the matching application is required only when that page is complete.
 */
import { dateTimeAt } from '../../generators/index.js';
import { draw, verify, type CheckContext } from '../../harness/suite/index.js';
import { expectRowsInFilter } from '../../harness/suite/list-filter.js';
import { fullDraft, limitedDraft, type Application } from './applications.js';
import { ENROLLMENT_LIST_FILTERS, issuerOf, SHOWN_PRECISION_MS } from './list-filters.js';
import { expectRows, rowIds } from './observe.js';
import { listRequest } from './requests.js';

const PAGE = 100;

interface Pair {
  /** planFull, this plan year, coverage starting today. */
  a: Application;
  /** planLimited, the next plan year. */
  b: Application;
}

/** The shared drafts: no check changes them, and they differ in every filtered member. */
const pair = async (t: CheckContext): Promise<Pair> => ({ a: await fullDraft(t), b: await limitedDraft(t) });

interface FilterCase {
  /** A filter of ENROLLMENT_LIST_FILTERS, and the value sent. */
  name: string;
  value: string;
  keeps?: Application;
  drops?: Application;
}

/** Lists with one filter and checks the page against it (the judgement of the oracle over the run, and more). */
async function checkFilter(t: CheckContext, c: FilterCase): Promise<void> {
  const ex = await t.send({ ...listRequest({ [c.name]: c.value, limit: PAGE }), label: `${c.name}=${c.value}` });
  const rows = expectRows(t.expect, ex);
  expectRowsInFilter(t.expect, ex, rows, { ...ENROLLMENT_LIST_FILTERS[c.name]!, name: c.name, value: c.value });
  const ids = rowIds(rows);
  if (c.drops)
    t.expect.that(ex, {
      holds: !ids.includes(c.drops.id),
      title: 'non-matching application listed',
      expected: `${c.drops.id} left out`,
      observed: `${c.drops.id} listed`,
    });
  if (c.keeps && rows.length < PAGE)
    t.expect.that(ex, {
      holds: ids.includes(c.keeps.id),
      title: 'matching application missing',
      expected: `${c.keeps.id} listed`,
      observed: `ids ${ids.join(', ')}`,
    });
}

const needs = { writes: true, fixtures: ['planFull', 'planLimited'] };

verify(
  'the external_id filter lists only that partner id',
  ['ENR-LIST-FILTER-EXTERNAL-ID'],
  async (t) => {
    const { a, b } = await pair(t);
    await checkFilter(t, {
      name: 'external_id',
      value: a.request.external_id,
      keeps: a,
      drops: b,
    });
  },
  { needs },
);

verify(
  'the plan_hios_id filter lists only that plan',
  ['ENR-LIST-FILTER-PLAN-HIOS-ID'],
  async (t) => {
    const { a, b } = await pair(t);
    await checkFilter(t, {
      name: 'plan_hios_id',
      value: b.request.plan_hios_id,
      keeps: b,
      drops: a,
    });
  },
  { needs },
);

verify(
  'the issuer_hios_id filter lists only plans of that issuer',
  ['ENR-LIST-FILTER-ISSUER-HIOS-ID'],
  async (t) => {
    const { a, b } = await pair(t);
    // A HIOS plan id starts with its issuer's 5-digit id.
    const issuer = issuerOf(a.request.plan_hios_id)!;
    const distinct = issuerOf(b.request.plan_hios_id) !== issuer;
    await checkFilter(t, {
      name: 'issuer_hios_id',
      value: issuer,
      keeps: a,
      drops: distinct ? b : undefined,
    });
  },
  { needs },
);

verify(
  'the plan_year filter lists only that plan year',
  ['ENR-LIST-FILTER-PLAN-YEAR'],
  async (t) => {
    const { a, b } = await pair(t);
    await checkFilter(t, {
      name: 'plan_year',
      value: String(b.request.context.plan_year),
      keeps: b,
      drops: a,
    });
  },
  { needs },
);

verify(
  'the policy_status filter lists only applications in that state',
  ['ENR-LIST-FILTER-POLICY-STATUS'],
  async (t) => {
    const { a, b } = await pair(t);
    // Both applications are drafts: a filter on another state must leave them out.
    await checkFilter(t, {
      name: 'policy_status',
      value: 'pending_effectuation',
      drops: a,
    });
    await checkFilter(t, { name: 'policy_status', value: 'draft', keeps: b });
  },
  { needs },
);

verify(
  'the updated_since filter lists only applications updated after it',
  ['ENR-LIST-FILTER-UPDATED-SINCE'],
  async (t) => {
    const { a } = await pair(t);
    const stamp = a.created.updated_at;
    const at = typeof stamp === 'string' ? Date.parse(stamp) : Number.NaN;
    if (Number.isFinite(at)) {
      // A shows `at`, perhaps cut to whole seconds: a second later it is surely not updated after the filter.
      // Written in an offset west of UTC: one instant, whose text reads earlier than the times rows show in Z,
      // so a target comparing text instead of instants lists A.
      const since = draw(t, dateTimeAt({ at: at + SHOWN_PRECISION_MS, offsets: 'west' }), 'updated_since');
      await checkFilter(t, { name: 'updated_since', value: since, drops: a });
    } else {
      // No update time on the application: an instant in the future must list nothing.
      const ex = await t.send(listRequest({ updated_since: '2999-01-01T00:00:00Z' }));
      const rows = expectRows(t.expect, ex);
      t.expect.that(ex, {
        holds: rows.length === 0,
        title: 'applications updated in the future',
        expected: 'no rows',
        observed: `${rows.length} rows`,
      });
    }
  },
  { needs },
);

verify('employer_external_id is a supported list filter', ['ENR-LIST-FILTER-EMPLOYER'], async (t) => {
  const employer = t.idempotencyKey('employer');
  const ex = await t.send(listRequest({ employer_external_id: employer }));
  const rows = expectRows(t.expect, ex);
  const filter = ENROLLMENT_LIST_FILTERS.employer_external_id!;
  expectRowsInFilter(t.expect, ex, rows, { ...filter, name: 'employer_external_id', value: employer });
});
