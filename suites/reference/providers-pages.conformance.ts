/**
 * Provider search pagination (2.4, 4.4, section 8): page[number] defaults to 1 and values below
 * 1 are treated as 1; page[size] defaults to 50 and out-of-range sizes resolve to 50; the pages
 * partition the matches (harness/suite/page-walk.ts): page n of size s holds the matches after
 * the first (n-1)s, at the bounds (1, 50) and a drawn size, and `result_count` counts them. The
 * first pages and, by `result_count`, the last ones are read, never the whole search: a target
 * may hold a hundred thousand providers. The pages are read between two reads of the first page,
 * and the check skips when the directory changed between them (readWhileStill).
 */
import fc from 'fast-check';
import {
  draw,
  expectPartition,
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
import { providerPage, providerSearch, rowsText, type ProviderPage } from './reference-requests.js';

const needs = { fixtures: ['providerQuery'] };
const DEFAULT_SIZE = 50;
/** The largest page[size] (4.4). */
const MAX_SIZE = 50;

/** Rows a first page of `size` holds when the search has `count` matches. */
const firstPageRows = (count: unknown, size: number): number => Math.min(Number(count), size);

verify(
  'without page[number] the search returns page 1, and a page[number] below 1 is treated as 1',
  ['PROVIDERS-PAGE-NUMBER-DEFAULT', 'PROVIDERS-PAGE-NUMBER-CLAMP'],
  async (t) => {
    const size = 3;
    const first = providerPage(
      t,
      await t.send(providerSearch(t, { 'page[number]': 1, 'page[size]': size }, 'page 1')),
      'PROVIDERS-PAGE-NUMBER-DEFAULT',
    );
    const implicitEx = await t.send(providerSearch(t, { 'page[size]': size }, 'no page[number]'));
    const implicit = providerPage(t, implicitEx, 'PROVIDERS-PAGE-NUMBER-DEFAULT');
    t.expect.rules('PROVIDERS-PAGE-NUMBER-DEFAULT').that(implicitEx, {
      holds:
        implicit.meta.page_number === 1 && rowsText(implicit.providers).join() === rowsText(first.providers).join(),
      title: 'default page is not page 1',
      expected: 'meta.page_number 1 and the providers of page[number]=1',
      observed:
        `meta.page_number ${JSON.stringify(implicit.meta.page_number)}, ` +
        `npis ${implicit.providers.map((p) => p.npi).join(', ')}`,
    });
    const zeroEx = await t.send(providerSearch(t, { 'page[number]': 0, 'page[size]': size }, 'page[number] 0'));
    const zero = providerPage(t, zeroEx, 'PROVIDERS-PAGE-NUMBER-CLAMP');
    t.expect.rules('PROVIDERS-PAGE-NUMBER-CLAMP').that(zeroEx, {
      holds: zero.meta.page_number === 1 && rowsText(zero.providers).join() === rowsText(first.providers).join(),
      title: 'page[number] 0 is not treated as 1',
      expected: 'meta.page_number 1 and the providers of page[number]=1',
      observed:
        `meta.page_number ${JSON.stringify(zero.meta.page_number)}, ` +
        `npis ${zero.providers.map((p) => p.npi).join(', ')}`,
    });
  },
  { needs },
);

/** The page is a first page of 50: meta.page_size 50 and as many rows as the search allows. */
function expectPageOf50(t: CheckContext, rule: string, page: ProviderPage, ex: Exchange, what: string): void {
  const rows = firstPageRows(page.meta.result_count, DEFAULT_SIZE);
  t.expect.rules(rule).that(ex, {
    holds: page.meta.page_size === DEFAULT_SIZE && page.providers.length === rows,
    title: `${what} does not resolve to 50`,
    expected: `meta.page_size 50 and ${rows} providers (result_count ${JSON.stringify(page.meta.result_count)})`,
    observed: `meta.page_size ${JSON.stringify(page.meta.page_size)}, ${page.providers.length} providers`,
  });
}

verify(
  'without page[size] a page holds up to 50 providers, and a page[size] outside 1 to 50 resolves to 50',
  ['PROVIDERS-PAGE-SIZE-DEFAULT', 'PROVIDERS-PAGE-SIZE-CLAMP'],
  async (t) => {
    const implicitEx = await t.send(providerSearch(t, {}, 'no page[size]'));
    expectPageOf50(
      t,
      'PROVIDERS-PAGE-SIZE-DEFAULT',
      providerPage(t, implicitEx, 'PROVIDERS-PAGE-SIZE-DEFAULT'),
      implicitEx,
      'the default page size',
    );
    for (const size of [0, 51]) {
      const ex = await t.send(providerSearch(t, { 'page[size]': size }, `page[size] ${size}`));
      expectPageOf50(
        t,
        'PROVIDERS-PAGE-SIZE-CLAMP',
        providerPage(t, ex, 'PROVIDERS-PAGE-SIZE-CLAMP'),
        ex,
        `page[size] ${size}`,
      );
    }
  },
  { needs },
);

/** Which rule a partition problem of the provider pages breaks. */
const PARTITION_RULES: Readonly<Record<PartitionKind, string>> = {
  oversized: 'PROVIDERS-PAGE-SIZE-BOUND',
  metadata: 'PROVIDERS-PAGES-CONSISTENT',
  overlap: 'PROVIDERS-PAGES-CONSISTENT',
  disagree: 'PROVIDERS-PAGES-CONSISTENT',
  count: 'PROVIDERS-PAGES-CONSISTENT',
  total: 'PROVIDERS-RESULT-COUNT',
};

/** What meta says of another page than the one read: page_number and page_size name the page asked. */
function metaProblem(meta: ProviderPage['meta'], index: number, size: number): string | undefined {
  const wrong = [
    meta.page_number !== index + 1 ? `page_number ${JSON.stringify(meta.page_number)}` : '',
    meta.page_size !== size ? `page_size ${JSON.stringify(meta.page_size)}` : '',
  ].filter(Boolean);
  return wrong.length > 0 ? `meta ${wrong.join(', ')}` : undefined;
}

verify(
  'the pages of a search at page[size] 50, 1 and a drawn size partition its matches: none twice, none ' +
    'missed, none past result_count, meta naming each page',
  ['PROVIDERS-PAGES-CONSISTENT', 'PROVIDERS-PAGE-SIZE-BOUND', 'PROVIDERS-RESULT-COUNT'],
  async (t) => {
    const read: ReadPage = async (index, size) => {
      const label = `page ${index + 1} of size ${size}`;
      const ex = await t.send(providerSearch(t, { 'page[number]': index + 1, 'page[size]': size }, label));
      const page = providerPage(t, ex, 'PROVIDERS-PAGES-CONSISTENT');
      const count = page.meta.result_count;
      const total = Number.isInteger(count) ? (count as number) : undefined;
      return {
        index,
        size,
        rows: rowsText(page.providers),
        total,
        metadataProblem: metaProblem(page.meta, index, size),
        ex,
      };
    };
    // Sizes between the bounds, drawn per run: a fault at one size is met over runs.
    const drawn = draw(t, fc.integer({ min: 2, max: MAX_SIZE - 1 }), 'providers page size');
    let first: Page | undefined;
    const anchor = async () => (first = await read(0, MAX_SIZE)).rows.join('\n');
    const partition = await readWhileStill(anchor, () =>
      readPartition(read, { largest: MAX_SIZE, drawn, maxPages: pagesPerWalk(t), first }),
    );
    if (!partition) throw new SkipCheck('a provider search whose results hold still while they are read');
    if (partition.walk[0]!.rows.length < 2) throw new SkipCheck('fixture providerQuery with at least 2 matches');
    expectPartition(t, partition.pages, partitionProblems(partition.pages, partition.walk), PARTITION_RULES);
  },
  { needs },
);
