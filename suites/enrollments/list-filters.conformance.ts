/**
 * List filters (4.9). Two applications made for this run differ in every filtered member
 * (external_id, plan, issuer, plan year): each filter must keep the one that matches and drop
 * the other, and no listed row may contradict it. One page is read per filter, never the whole
 * account; the matching application is required only when that page is complete.
 */
import { verify, type CheckContext } from '../../harness/suite/index.js';
import { fullDraft, limitedDraft, type Application, type Json } from './applications.js';
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

/** A row member by the document's ApplicationListItem name, or undefined when the row does not show it. */
type Reading = (row: Json) => unknown;

interface FilterCase {
  name: string;
  value: string;
  /** What a row shows for the filtered member; compared with `value` when shown. */
  read: Reading;
  keeps?: Application;
  drops?: Application;
}

/** Lists with one filter and checks the page against it. */
async function checkFilter(t: CheckContext, c: FilterCase): Promise<void> {
  const ex = await t.send({ ...listRequest({ [c.name]: c.value, limit: PAGE }), label: `${c.name}=${c.value}` });
  const rows = expectRows(t.expect, ex);
  const wrong = rows.filter((r) => c.read(r) !== undefined && String(c.read(r)) !== c.value);
  t.expect.that(ex, {
    holds: wrong.length === 0,
    title: 'rows outside the filter',
    expected: `every row with ${c.name} ${c.value}`,
    observed: () => `${wrong.length} rows differ, e.g. ${JSON.stringify(wrong[0]).slice(0, 200)}`,
  });
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
const issuerOf = (plan: unknown): string | undefined => (typeof plan === 'string' ? plan.slice(0, 5) : undefined);

verify(
  'the external_id filter lists only that partner id',
  ['ENR-LIST-FILTER-EXTERNAL-ID'],
  async (t) => {
    const { a, b } = await pair(t);
    await checkFilter(t, {
      name: 'external_id',
      value: a.request.external_id,
      read: (r) => r.external_id,
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
      read: (r) => r.plan_hios_id,
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
      read: (r) => r.issuer_hios_id ?? issuerOf(r.plan_hios_id),
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
      read: (r) => r.plan_year ?? r.context?.plan_year,
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
      read: (r) => r.policy_status,
      drops: a,
    });
    await checkFilter(t, { name: 'policy_status', value: 'draft', read: (r) => r.policy_status, keeps: b });
  },
  { needs },
);

/**
 * How much coarser than it is stored an instant may be shown (whole seconds): the filter is read one such step later.
 */
const SHOWN_PRECISION_MS = 1_000;

verify(
  'the updated_since filter lists only applications updated after it',
  ['ENR-LIST-FILTER-UPDATED-SINCE'],
  async (t) => {
    const { a } = await pair(t);
    const stamp = a.created.updated_at;
    const at = typeof stamp === 'string' ? Date.parse(stamp) : Number.NaN;
    if (Number.isFinite(at)) {
      // A shows `at`, perhaps cut to whole seconds: a second later it is surely not updated after the filter.
      const since = new Date(at + SHOWN_PRECISION_MS).toISOString();
      const before = (r: Json): unknown =>
        typeof r.updated_at === 'string' && Date.parse(r.updated_at) < at ? 'more than a second before' : undefined;
      await checkFilter(t, { name: 'updated_since', value: since, read: before, drops: a });
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
  const wrong = rows.filter((r) => r.employer_external_id != null && r.employer_external_id !== employer);
  t.expect.that(ex, {
    holds: wrong.length === 0,
    title: 'rows of another employer',
    expected: `only rows of employer ${employer}`,
    observed: `${wrong.length} rows of other employers`,
  });
});
