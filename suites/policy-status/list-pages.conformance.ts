/**
 * Policy-status list pagination (4.7, section 8): limit defaults to 25 and offset to 0, and
 * consecutive pages agree with one larger page. A few pages are sampled, never the whole list.
 */
import { SkipCheck, verify } from '../../harness/suite/index.js';
import { DEFAULT_LIMIT, LIST_FIXTURES, listRequest, listRows } from './policy-kit.js';

const needs = { fixtures: LIST_FIXTURES };

verify(
  'without limit the policy-status list returns the first 25 rows',
  ['POLICY-LIST-LIMIT-DEFAULT'],
  async (t) => {
    const implicitEx = await t.send(listRequest(t, { offset: 0 }, 'no limit'));
    const implicit = listRows(t, implicitEx, 'POLICY-LIST-LIMIT-DEFAULT');
    // One row more than the default, so a larger default shows when the year has the rows.
    const wider = listRows(t, await t.send(listRequest(t, { offset: 0, limit: DEFAULT_LIMIT + 1 }, `limit ${DEFAULT_LIMIT + 1}`)), 'POLICY-LIST-LIMIT-DEFAULT');
    const expected = wider.slice(0, DEFAULT_LIMIT);
    t.expect.that(implicitEx, {
      holds: implicit.join('\n') === expected.join('\n'),
      title: 'default limit is not 25',
      expected: `the first ${expected.length} rows of the list (limit ${DEFAULT_LIMIT})`,
      observed: `${implicit.length} rows${implicit.length === expected.length ? ', not the first ones' : ''}`,
    });
  },
  { needs },
);

verify(
  'without offset the policy-status list starts at offset 0',
  ['POLICY-LIST-OFFSET-DEFAULT'],
  async (t) => {
    const implicitEx = await t.send(listRequest(t, { limit: 3 }, 'no offset'));
    const implicit = listRows(t, implicitEx, 'POLICY-LIST-OFFSET-DEFAULT');
    const explicit = listRows(t, await t.send(listRequest(t, { limit: 3, offset: 0 }, 'offset 0')), 'POLICY-LIST-OFFSET-DEFAULT');
    t.expect.that(implicitEx, { holds: implicit.join('\n') === explicit.join('\n'), title: 'default offset is not 0', expected: `the rows of offset=0: ${explicit.join(', ').slice(0, 300)}`, observed: implicit.join(', ').slice(0, 300) });
  },
  { needs },
);

verify(
  'two consecutive policy-status pages hold at most limit rows, do not overlap and together equal one page twice as large',
  ['POLICY-LIST-LIMIT-BOUND', 'POLICY-LIST-PAGES-CONSISTENT'],
  async (t) => {
    const limit = 2;
    const pages = [
      { ex: await t.send(listRequest(t, { limit, offset: 0 }, 'page 1')), limit },
      { ex: await t.send(listRequest(t, { limit, offset: limit }, 'page 2')), limit },
      { ex: await t.send(listRequest(t, { limit: 2 * limit, offset: 0 }, 'pages 1 and 2 at once')), limit: 2 * limit },
    ].map((p) => ({ ...p, rows: listRows(t, p.ex, 'POLICY-LIST-PAGES-CONSISTENT') }));
    const [first, second, both] = pages;
    if (both!.rows.length < 2 * limit) throw new SkipCheck(`fixture policyPlanYear with at least ${2 * limit} applications`);
    for (const { ex, limit: asked, rows } of pages) {
      t.expect.rules('POLICY-LIST-LIMIT-BOUND').that(ex, { holds: rows.length <= asked, title: 'page larger than limit', expected: `at most ${asked} rows`, observed: `${rows.length} rows` });
    }
    const overlap = second!.rows.filter((row) => first!.rows.includes(row));
    t.expect.rules('POLICY-LIST-PAGES-CONSISTENT').that(second!.ex, { holds: overlap.length === 0, title: 'pages overlap', expected: 'no row on both pages', observed: `on both pages: ${overlap.join(', ').slice(0, 300)}` });
    t.expect.rules('POLICY-LIST-PAGES-CONSISTENT').that(second!.ex, {
      holds: [...first!.rows, ...second!.rows].join('\n') === both!.rows.join('\n'),
      title: 'pages disagree with the larger page',
      expected: `page 1 then page 2 = the ${both!.rows.length} rows of limit ${2 * limit}`,
      observed: `${first!.rows.length} + ${second!.rows.length} rows that differ from them`,
    });
  },
  { needs },
);
