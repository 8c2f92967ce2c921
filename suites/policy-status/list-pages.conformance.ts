/**
 * Policy-status list pagination (4.7, section 8): limit defaults to 25 and offset to 0, and
 * offset skips that many rows, so consecutive pages agree with one larger page. A few pages are
 * sampled, never the whole list. The list is not this run's to write: each check reads between
 * two reads of the rows it covers, and skips when they moved (readWhileStill), so a verdict is
 * never a race with the carrier's updates.
 */
import {
  readWhileStill,
  overlapOf,
  pagesMatchLarger,
  SkipCheck,
  verify,
  type CheckContext,
  type Exchange,
} from '../../harness/suite/index.js';
import { DEFAULT_LIMIT, LIST_FIXTURES, listRequest, listRows, type Query } from './policy-kit.js';

const needs = { fixtures: LIST_FIXTURES };
const STILL = 'a policy-status list that holds still while it is read (its rows changed between reads)';

/** A read of `query` whose row keys become the anchor of readWhileStill; the last one is kept. */
function anchorOn(t: CheckContext, query: Query, label: string, rule: string) {
  const last = { ex: undefined as Exchange | undefined, rows: [] as string[] };
  const read = async (): Promise<string> => {
    last.ex = await t.send(listRequest(t, query, label));
    last.rows = listRows(t, last.ex, rule);
    return last.rows.join('\n');
  };
  return { read, last };
}

verify(
  'without limit the policy-status list returns the first 25 rows',
  ['POLICY-LIST-LIMIT-DEFAULT'],
  async (t) => {
    // One row more than the default, so a larger default shows when the year has the rows.
    const wider = anchorOn(
      t,
      { offset: 0, limit: DEFAULT_LIMIT + 1 },
      `limit ${DEFAULT_LIMIT + 1}`,
      'POLICY-LIST-LIMIT-DEFAULT',
    );
    const implicitEx = await readWhileStill(wider.read, () => t.send(listRequest(t, { offset: 0 }, 'no limit')));
    if (!implicitEx) throw new SkipCheck(STILL);
    const implicit = listRows(t, implicitEx, 'POLICY-LIST-LIMIT-DEFAULT');
    const expected = wider.last.rows.slice(0, DEFAULT_LIMIT);
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
    const explicit = anchorOn(t, { limit: 3, offset: 0 }, 'offset 0', 'POLICY-LIST-OFFSET-DEFAULT');
    const implicitEx = await readWhileStill(explicit.read, () => t.send(listRequest(t, { limit: 3 }, 'no offset')));
    if (!implicitEx) throw new SkipCheck(STILL);
    const implicit = listRows(t, implicitEx, 'POLICY-LIST-OFFSET-DEFAULT');
    const rows = explicit.last.rows;
    t.expect.that(implicitEx, {
      holds: implicit.join('\n') === rows.join('\n'),
      title: 'default offset is not 0',
      expected: `the rows of offset=0: ${rows.join(', ').slice(0, 300)}`,
      observed: implicit.join(', ').slice(0, 300),
    });
  },
  { needs },
);

verify(
  'two consecutive policy-status pages hold at most limit rows, do not overlap and together equal one page twice as large',
  ['POLICY-LIST-LIMIT-BOUND', 'POLICY-LIST-PAGES-CONSISTENT'],
  async (t) => {
    const limit = 2;
    const both = anchorOn(t, { limit: 2 * limit, offset: 0 }, 'pages 1 and 2 at once', 'POLICY-LIST-PAGES-CONSISTENT');
    const read = async (offset: number, label: string) => {
      const ex = await t.send(listRequest(t, { limit, offset }, label));
      return { ex, rows: listRows(t, ex, 'POLICY-LIST-PAGES-CONSISTENT') };
    };
    const pages = await readWhileStill(
      both.read,
      async () => [await read(0, 'page 1'), await read(limit, 'page 2')] as const,
    );
    if (!pages) throw new SkipCheck(STILL);
    const [first, second] = pages;
    if (both.last.rows.length < 2 * limit)
      throw new SkipCheck(`fixture policyPlanYear with at least ${2 * limit} applications`);
    for (const { ex, asked, rows } of [
      { ...first, asked: limit },
      { ...second, asked: limit },
      { ex: both.last.ex!, rows: both.last.rows, asked: 2 * limit },
    ]) {
      t.expect.rules('POLICY-LIST-LIMIT-BOUND').that(ex, {
        holds: rows.length <= asked,
        title: 'page larger than limit',
        expected: `at most ${asked} rows`,
        observed: `${rows.length} rows`,
      });
    }
    const shown = { first: first.rows, second: second.rows, both: both.last.rows };
    const overlap = overlapOf(shown);
    t.expect.rules('POLICY-LIST-PAGES-CONSISTENT').that(second.ex, {
      holds: overlap.length === 0,
      title: 'pages overlap',
      expected: 'no row on both pages (offset skips that many rows)',
      observed: `on both pages: ${overlap.join(', ').slice(0, 300)}`,
    });
    t.expect.rules('POLICY-LIST-PAGES-CONSISTENT').that(second.ex, {
      holds: pagesMatchLarger(shown),
      title: 'pages disagree with the larger page',
      expected: `page 1 then page 2 = the ${shown.both.length} rows of limit ${2 * limit}: ${shown.both.join(', ').slice(0, 200)}`,
      observed: `${[...shown.first, ...shown.second].join(', ').slice(0, 200)}`,
    });
  },
  { needs },
);
