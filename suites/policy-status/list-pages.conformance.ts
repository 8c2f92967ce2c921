/**
 * Policy-status list pagination (4.7, section 8): limit defaults to 25 and offset to 0, and
 * offset skips that many rows, so the pages partition the list (harness/suite/page-walk.ts) at
 * the bounds (100, 1) and a drawn limit. A few pages are read, never the whole of a long list. The list is not this
 * run's to write: each check reads between
 * two reads of the rows it covers, and skips when they moved (readWhileStill), so a verdict is
 * never a race with the carrier's updates.
 */
import fc from 'fast-check';
import {
  draw,
  expectPartition,
  limitOffsetProblem,
  pagesPerWalk,
  partitionProblems,
  readPartition,
  readWhileStill,
  SkipCheck,
  verify,
  type CheckContext,
  type Exchange,
  type Page,
  type PartitionKind,
  type ReadPage,
} from '../../harness/suite/index.js';
import { DEFAULT_LIMIT, LIST_FIXTURES, listRequest, listRows, type Query } from './policy-requests.js';
import { policyPaginationOf } from './policy-status-reader.js';

/** The largest limit (4.7). */
const MAX_LIMIT = 100;

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

/** Which rule a partition problem of the policy-status pages breaks. */
const PARTITION_RULES: Readonly<Record<PartitionKind, string>> = {
  oversized: 'POLICY-LIST-LIMIT-BOUND',
  metadata: 'POLICY-LIST-PAGES-CONSISTENT',
  overlap: 'POLICY-LIST-PAGES-CONSISTENT',
  disagree: 'POLICY-LIST-PAGES-CONSISTENT',
  count: 'POLICY-LIST-PAGES-CONSISTENT',
  total: 'POLICY-LIST-PAGES-CONSISTENT',
};

verify(
  'the pages of the policy-status list at limit 100, 1 and a drawn limit partition its rows: none twice, ' +
    'none missed, the pagination of every page naming it',
  ['POLICY-LIST-PAGES-CONSISTENT', 'POLICY-LIST-LIMIT-BOUND'],
  async (t) => {
    const read: ReadPage = async (index, size) => {
      const ex = await t.send(
        listRequest(t, { limit: size, offset: index * size }, `offset ${index * size}, limit ${size}`),
      );
      const rows = listRows(t, ex, 'POLICY-LIST-PAGES-CONSISTENT');
      return {
        index,
        size,
        rows,
        metadataProblem: limitOffsetProblem(policyPaginationOf(t.json<unknown>(ex)), index * size, size),
        ex,
      };
    };
    const drawn = draw(t, fc.integer({ min: 2, max: MAX_LIMIT - 1 }), 'policy-status limit');
    let first: Page | undefined;
    const anchor = async () => (first = await read(0, MAX_LIMIT)).rows.join('\n');
    const partition = await readWhileStill(anchor, () =>
      readPartition(read, { largest: MAX_LIMIT, drawn, maxPages: pagesPerWalk(t), first }),
    );
    if (!partition) throw new SkipCheck(STILL);
    if (partition.walk[0]!.rows.length < 2) throw new SkipCheck('fixture policyPlanYear with at least 2 applications');
    expectPartition(t, partition.pages, partitionProblems(partition.pages, partition.walk), PARTITION_RULES);
  },
  { needs },
);
