/**
 * List pagination (4.9, section 8): limit defaults to 25 and offset to 0, and offset skips that
 * many rows, so the pages partition the list (harness/suite/page-walk.ts) at the bounds (100, 1)
 * and a drawn limit, and `pagination.total` counts it. Only a few pages are read, never the
 * whole account (a target may hold thousands of applications); the account is topped up to one
 * more application than the default page holds, so the default is observable. The
 * offset checks page the run's own list (run-list.ts), which nothing else writes, or else the
 * account's list between two reads of its first rows: never a race with concurrent writes.
 */
import fc from 'fast-check';
import {
  draw,
  expectPartition,
  limitOffsetProblem,
  pagesPerWalk,
  partitionProblems,
  readPartition,
  SkipCheck,
  stepFailed,
  verify,
  type CheckContext,
  type Exchange,
  type PartitionKind,
  type ReadPage,
} from '../../harness/suite/index.js';
import { CREATE_SUCCESS, once, sendCreate, sharedDrafts } from './applications.js';
import { applicationRowsOf, paginationOf } from './application-reader.js';
import { expectRows, rowIds } from './observe.js';
import { createBody, createRequest, listRequest } from './requests.js';
import { pagedList } from './run-list.js';

const DEFAULT_LIMIT = 25;
/** The largest limit (4.9). */
const MAX_LIMIT = 100;
/** Rows the account must hold: one more than the default page, so the default is observable. */
const MIN_ROWS = DEFAULT_LIMIT + 1;

/** Creates applications until the account lists at least MIN_ROWS (once per run). */
function ensureRows(t: CheckContext): Promise<void> {
  return once(t, 'listRows', async () => {
    // The shared drafts first: the run needs them anyway, and they count towards the rows.
    for (const draft of sharedDrafts(t)) await draft(t);
    const probe = await t.send({ ...listRequest({ limit: MIN_ROWS }), label: 'how many applications are listed' });
    const have = applicationRowsOf(probe.response?.json)?.length;
    if (probe.response?.status !== 200 || have === undefined)
      stepFailed('count the listed applications', probe, 'a 200 list with its applications', {
        breaks: ['ENR-LIST-200'],
      });
    const missing = Math.max(0, MIN_ROWS - have);
    const created = await Promise.all(
      Array.from({ length: missing }, (_, i) =>
        sendCreate(t, {
          ...createRequest(createBody(t, t.fixture<string>('planFull'))),
          label: `top up ${i + 1}/${missing}`,
        }),
      ),
    );
    const failed = created.find((ex: Exchange) => (ex.response?.status ?? 0) >= 300 || !ex.response);
    if (failed)
      stepFailed('create applications to list', failed, 'a 2xx for each create', { breaks: [CREATE_SUCCESS] });
  });
}

const needs = { writes: true, fixtures: ['planFull'] };

verify(
  'without limit the list returns the default page of 25 applications',
  ['ENR-LIST-LIMIT-DEFAULT'],
  async (t) => {
    await ensureRows(t);
    const ex = await t.send(listRequest());
    const rows = expectRows(t.expect, ex);
    t.expect.that(ex, {
      holds: rows.length === DEFAULT_LIMIT,
      title: 'default page size is not 25',
      expected: `${DEFAULT_LIMIT} rows (the account lists more)`,
      observed: `${rows.length} rows`,
    });
  },
  { needs },
);

const STILL = 'an application list that holds still while it is read (its first rows changed between reads)';

verify(
  'without offset the list starts at offset 0',
  ['ENR-LIST-OFFSET-DEFAULT'],
  async (t) => {
    const list = await pagedList(t);
    const both = await list.still(
      async () =>
        [
          await t.send(list.request({ limit: 3 }, 'no offset')),
          await t.send(list.request({ limit: 3, offset: 0 }, 'offset 0')),
        ] as const,
    );
    if (!both) throw new SkipCheck(STILL);
    const [implicit, explicit] = both;
    const a = rowIds(expectRows(t.expect, implicit));
    const b = rowIds(expectRows(t.expect, explicit));
    t.expect.that(implicit, {
      holds: a.join() === b.join(),
      title: 'default offset is not 0',
      expected: `the rows of offset=0 (${list.what}): ${b.join(', ')}`,
      observed: `rows ${a.join(', ')}`,
    });
  },
  { needs },
);

/** Which rule a partition problem of the application list breaks. */
const PARTITION_RULES: Readonly<Record<PartitionKind, string>> = {
  oversized: 'ENR-LIST-PAGES-CONSISTENT',
  metadata: 'ENR-LIST-PAGES-CONSISTENT',
  overlap: 'ENR-LIST-PAGES-CONSISTENT',
  disagree: 'ENR-LIST-PAGES-CONSISTENT',
  count: 'ENR-LIST-PAGES-CONSISTENT',
  total: 'ENR-LIST-TOTAL',
};

verify(
  'the pages of the list at limit 100, 1 and a drawn limit partition its applications: none twice, none ' +
    'missed, pagination naming each page and one total',
  ['ENR-LIST-PAGES-CONSISTENT', 'ENR-LIST-TOTAL'],
  async (t) => {
    const list = await pagedList(t);
    const read: ReadPage = async (index, size) => {
      const ex = await t.send(
        list.request({ limit: size, offset: index * size }, `offset ${index * size}, limit ${size}`),
      );
      const pagination = paginationOf(ex.response?.json);
      const total = pagination?.total;
      return {
        index,
        size,
        rows: rowIds(expectRows(t.expect.rules('ENR-LIST-PAGES-CONSISTENT'), ex)),
        total: Number.isInteger(total) ? (total as number) : undefined,
        metadataProblem: limitOffsetProblem(pagination, index * size, size),
        ex,
      };
    };
    const drawn = draw(t, fc.integer({ min: 2, max: MAX_LIMIT - 1 }), 'enrollments limit');
    const partition = await list.still(() =>
      readPartition(read, { largest: MAX_LIMIT, drawn, maxPages: pagesPerWalk(t) }),
    );
    if (!partition) throw new SkipCheck(STILL);
    if (partition.walk[0]!.rows.length < 2)
      throw new SkipCheck(`2 applications to page through (${list.what} lists ${partition.walk[0]!.rows.length})`);
    expectPartition(t, partition.pages, partitionProblems(partition.pages, partition.walk), PARTITION_RULES);
  },
  { needs },
);
