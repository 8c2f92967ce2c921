/**
 * Provider search pagination (2.4, 4.4, section 8): page[number] defaults to 1 and values below
 * 1 are treated as 1; page[size] defaults to 50 and out-of-range sizes resolve to 50; pages
 * agree with each other and with `result_count`: page n of size s holds the matches after the
 * first (n-1)s. A few pages are sampled, never the whole search: a target may hold a hundred
 * thousand providers. The pages are read between two reads of the larger page, and the check
 * skips when the directory changed between them (readWhileStill): never a race with an update.
 */
import {
  overlapOf,
  pagesMatchLarger,
  readWhileStill,
  SkipCheck,
  verify,
  type CheckContext,
  type Exchange,
} from '../../harness/suite/index.js';
import { providerPage, providerSearch, rowsText, type ProviderPage } from './reference-kit.js';

const needs = { fixtures: ['providerQuery'] };
const DEFAULT_SIZE = 50;

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
      observed: `meta.page_number ${JSON.stringify(implicit.meta.page_number)}, npis ${implicit.providers.map((p) => p.npi).join(', ')}`,
    });
    const zeroEx = await t.send(providerSearch(t, { 'page[number]': 0, 'page[size]': size }, 'page[number] 0'));
    const zero = providerPage(t, zeroEx, 'PROVIDERS-PAGE-NUMBER-CLAMP');
    t.expect.rules('PROVIDERS-PAGE-NUMBER-CLAMP').that(zeroEx, {
      holds: zero.meta.page_number === 1 && rowsText(zero.providers).join() === rowsText(first.providers).join(),
      title: 'page[number] 0 is not treated as 1',
      expected: 'meta.page_number 1 and the providers of page[number]=1',
      observed: `meta.page_number ${JSON.stringify(zero.meta.page_number)}, npis ${zero.providers.map((p) => p.npi).join(', ')}`,
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

verify(
  'two consecutive pages hold at most page_size providers, share result_count, do not overlap and together equal one page twice as large',
  ['PROVIDERS-PAGE-SIZE-BOUND', 'PROVIDERS-RESULT-COUNT', 'PROVIDERS-PAGES-CONSISTENT'],
  async (t) => {
    const size = 2;
    const read = async (number: number, pageSize: number, label: string) => {
      const ex = await t.send(providerSearch(t, { 'page[number]': number, 'page[size]': pageSize }, label));
      return { ex, size: pageSize, page: providerPage(t, ex, 'PROVIDERS-PAGE-SIZE-BOUND') };
    };
    let both: Awaited<ReturnType<typeof read>> | undefined;
    const anchor = async () =>
      rowsText((both = await read(1, 2 * size, 'pages 1 and 2 at once')).page.providers).join('\n');
    const two = await readWhileStill(
      anchor,
      async () => [await read(1, size, 'page 1 of 2'), await read(2, size, 'page 2 of 2')] as const,
    );
    if (!two || !both) throw new SkipCheck('a provider search whose results hold still while they are read');
    const [first, second] = two;
    const pages = [first, second, both];
    // Two full pages are needed for a shifted or an oversized page to show.
    if (both.page.providers.length < 2 * size)
      throw new SkipCheck(`fixture providerQuery with at least ${2 * size} matches`);
    for (const { ex, size: asked, page } of pages) {
      t.expect.rules('PROVIDERS-PAGE-SIZE-BOUND').that(ex, {
        holds: page.providers.length <= asked,
        title: 'page larger than page_size',
        expected: `at most ${asked} providers`,
        observed: `${page.providers.length} providers`,
      });
    }
    const counts = pages.map((p) => p.page.meta.result_count);
    t.expect.rules('PROVIDERS-RESULT-COUNT').that(second.ex, {
      holds: counts.every((c) => c === counts[0]) && Number(counts[0]) >= both.page.providers.length,
      title: 'result_count differs between pages of one search',
      expected: 'the same result_count on every page, at least the rows seen',
      observed: `result_count ${counts.map((c) => JSON.stringify(c)).join(', ')} on page 1, page 2 and the double page`,
    });
    const shown = {
      first: rowsText(first.page.providers),
      second: rowsText(second.page.providers),
      both: rowsText(both.page.providers),
    };
    const overlap = overlapOf(shown);
    t.expect.rules('PROVIDERS-PAGES-CONSISTENT').that(second.ex, {
      holds: overlap.length === 0,
      title: 'pages overlap',
      expected: 'no provider on both pages (page 2 holds the matches after page 1)',
      observed: `on both pages: ${overlap.join(', ').slice(0, 400)}`,
    });
    t.expect.rules('PROVIDERS-PAGES-CONSISTENT').that(second.ex, {
      holds: pagesMatchLarger(shown),
      title: 'pages disagree with the larger page',
      expected: `page 1 then page 2 = the npis ${both.page.providers.map((p) => p.npi).join(', ')}`,
      observed: `npis ${[...first.page.providers, ...second.page.providers].map((p) => p.npi).join(', ')}`,
    });
  },
  { needs },
);
