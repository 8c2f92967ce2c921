/**
 * Pages as a partition of one list (4.4, 4.7, 4.9, section 8). Pages of one size, wherever they
 * are read, cut the rows into consecutive slices: page i of size s holds the rows at positions
 * i·s to i·s + s − 1, so no row is on two pages, every page before the last is full, the last
 * holds what the total leaves and a page past it holds nothing, and two sizes show the same row
 * at the same position. A few pages of each size are read, never the whole of a large list: the
 * first pages of the largest size and, where the metadata states a total, the last ones; the
 * positions both sizes read are compared.
 */
import type { Exchange } from '../model.js';
import { runProfile } from '../run-profiles.js';
import type { CheckContext } from './context.js';

export interface Page {
  /** 0-based: page[number] − 1, or offset / size. */
  index: number;
  size: number;
  /** Row keys in order (ids, or rows as text). */
  rows: readonly string[];
  /** The number of rows of the whole list the page's metadata states (result_count, total), if any. */
  total?: number;
  /** What the page's metadata says of the page read when it names another (page_number, limit, ...). */
  metadataProblem?: string;
  ex: Exchange;
}

export type ReadPage = (index: number, size: number) => Promise<Page>;

/** How a list disagrees with being a partition; each kind is one rule of the family. */
export type PartitionKind = 'oversized' | 'metadata' | 'overlap' | 'count' | 'total' | 'disagree';

export interface PartitionProblem {
  kind: PartitionKind;
  /** The page it shows on. */
  page: Page;
  detail: string;
}

/** Pages a walk reads at the largest size in this run profile (RUN_PROFILES' `pagesPerWalk`, default 2). */
export const pagesPerWalk = (t: CheckContext): number => runProfile(t.config.runProfile).pagesPerWalk ?? 2;

/** Reads pages 0, 1, ... of `size` until one holds fewer than `size` rows (the end) or `maxPages` are read. */
export async function walkPages(read: ReadPage, size: number, maxPages: number, first?: Page): Promise<Page[]> {
  const pages: Page[] = first ? [first] : [];
  while (pages.length < maxPages && (pages.length === 0 || pages.at(-1)!.rows.length >= size))
    pages.push(await read(pages.length, size));
  return pages;
}

/**
 * What `limit`/`offset` pagination metadata (`page`, when the body shows it) says of another
 * page than the one read; metadata it does not show as integers is not compared.
 */
export function limitOffsetProblem(
  page: { limit?: unknown; offset?: unknown } | undefined,
  offset: number,
  limit: number,
): string | undefined {
  const wrong = [
    Number.isInteger(page?.limit) && page!.limit !== limit ? `limit ${String(page!.limit)}` : '',
    Number.isInteger(page?.offset) && page!.offset !== offset ? `offset ${String(page!.offset)}` : '',
  ].filter(Boolean);
  return wrong.length > 0 ? `pagination ${wrong.join(', ')}` : undefined;
}

/** The total every page states, when they all state one and agree (else undefined). */
export function statedTotal(pages: readonly Page[]): number | undefined {
  const totals = new Set(pages.map((p) => p.total));
  const [only] = totals;
  return totals.size === 1 && typeof only === 'number' ? only : undefined;
}

/** The rows of the list a set of pages shows: the walk ended (a short page) after reading them all. */
export function walkedTotal(pages: readonly Page[]): number | undefined {
  const last = pages.at(-1);
  const contiguous = pages.every((p, i) => p.index === i && p.size === last?.size);
  return last && contiguous && last.rows.length < last.size ? pages.reduce((n, p) => n + p.rows.length, 0) : undefined;
}

/** Index of the last page of `size` in a list of `total` rows, and of the page after it. */
export const lastPages = (total: number, size: number): number[] => {
  const last = Math.max(0, Math.ceil(total / size) - 1);
  return [last, last + 1];
};

const at = (p: Page): string => `page ${p.index + 1} of size ${p.size}`;

/** Rows a page must hold when the list has `total` rows. */
const rowsOwed = (p: Page, total: number): number => Math.min(p.size, Math.max(0, total - p.index * p.size));

/**
 * The pages a partition check reads: the first pages of the largest size (up to `maxPages`, the
 * run profile's budget, or until the list ends); where the total is known, the last page and the
 * one past it at the smallest size (1), the last page at a drawn size (moved below the total),
 * and the last two of the largest size when its walk did not reach them; without a total, the
 * first page of size 1 and the second of the drawn size.
 */
export async function readPartition(
  read: ReadPage,
  opts: { largest: number; drawn: number; maxPages: number; first?: Page },
): Promise<{ walk: Page[]; pages: Page[] }> {
  const walk = await walkPages(read, opts.largest, opts.maxPages, opts.first);
  const total = walkedTotal(walk) ?? statedTotal(walk);
  const tail = (size: number) => (total === undefined ? [] : lastPages(total, size));
  // A drawn size that holds the whole list is moved below it (same seed, same size): two pages at least.
  const drawn = total !== undefined && total > 2 && opts.drawn >= total ? 2 + (opts.drawn % (total - 2)) : opts.drawn;
  // With a total, the last pages (a later page, held to the count); without one, the first ones.
  const plan: Array<[number, number]> = [
    ...(walkedTotal(walk) === undefined ? tail(opts.largest).map((i): [number, number] => [i, opts.largest]) : []),
    ...(total === undefined ? [0] : tail(1)).map((i): [number, number] => [i, 1]),
    ...(total === undefined ? [1] : tail(drawn).slice(0, 1)).map((i): [number, number] => [i, drawn]),
  ];
  const pages = [...walk];
  const have = new Set(pages.map((p) => `${p.index}/${p.size}`));
  for (const [index, size] of plan) {
    if (have.has(`${index}/${size}`)) continue;
    have.add(`${index}/${size}`);
    pages.push(await read(index, size));
  }
  return { walk, pages };
}

/**
 * Where `pages` (of any sizes and indices) fail to be a partition of one list of the total the
 * pages state (else the rows of `walk`, the walk at the largest size, when it reached the end).
 * A walk that reached the end and holds fewer rows than the stated total missed one ('count');
 * more rows than the total, on the walk or past the last page, is a total that misses rows.
 */
export function partitionProblems(pages: readonly Page[], walk: readonly Page[] = []): PartitionProblem[] {
  const problems: PartitionProblem[] = [];
  const walked = walkedTotal(walk);
  const stated = statedTotal(pages);
  const total = stated ?? walked;
  // Fewer rows than the count states: a row missed (a gap); more: the count misses rows.
  if (walked !== undefined && stated !== undefined && walked !== stated)
    problems.push({
      kind: walked < stated ? 'count' : 'total',
      page: walk.at(-1)!,
      detail: `the pages state ${stated} rows; walked to the end they hold ${walked}`,
    });
  const totals = new Set(pages.map((p) => p.total).filter((t) => t !== undefined));
  for (const page of pages) {
    if (page.rows.length > page.size)
      problems.push({ kind: 'oversized', page, detail: `${at(page)} holds ${page.rows.length} rows` });
    if (page.metadataProblem) problems.push({ kind: 'metadata', page, detail: `${at(page)}: ${page.metadataProblem}` });
  }
  if (totals.size > 1) {
    const page = pages.find(
      (p) => p.total !== undefined && p.total !== pages.find((q) => q.total !== undefined)!.total,
    )!;
    problems.push({ kind: 'total', page, detail: `pages state different totals: ${[...totals].join(', ')}` });
  }
  problems.push(...overlaps(pages), ...counts(pages, total), ...disagreements(pages));
  return problems;
}

/** A row at two positions of the same size's pages. */
function overlaps(pages: readonly Page[]): PartitionProblem[] {
  const out: PartitionProblem[] = [];
  const seen = new Map<string, number>();
  for (const page of pages) {
    page.rows.forEach((row, j) => {
      const position = page.index * page.size + j;
      const key = `${page.size} ${row}`;
      const before = seen.get(key);
      if (before !== undefined && before !== position)
        out.push({
          kind: 'overlap',
          page,
          detail: `${row.slice(0, 80)} at positions ${before + 1} and ${position + 1}`,
        });
      seen.set(key, position);
    });
  }
  return out;
}

/**
 * Pages hold what their place in the list owes: with a total, the rows it leaves them; without,
 * a page before a non-empty one of the same size is full.
 */
function counts(pages: readonly Page[], total: number | undefined): PartitionProblem[] {
  const out: PartitionProblem[] = [];
  for (const page of pages) {
    const owed =
      total !== undefined
        ? rowsOwed(page, total)
        : pages.some((q) => q.size === page.size && q.index > page.index && q.rows.length > 0)
          ? page.size
          : undefined;
    if (owed !== undefined && page.rows.length !== owed && page.rows.length <= page.size)
      out.push({
        kind: total !== undefined && page.rows.length > owed ? 'total' : 'count',
        page,
        detail:
          `${at(page)} holds ${page.rows.length} rows where ${owed} are ` +
          `owed${total !== undefined ? ` (${total} rows in all)` : ' (a later page holds rows)'}`,
      });
  }
  return out;
}

/** The order in which a check reports problems: each kind's own rule first, counts last (an overlap also miscounts). */
const PARTITION_ORDER: readonly PartitionKind[] = ['oversized', 'metadata', 'overlap', 'disagree', 'count', 'total'];

const EXPECTED: Readonly<Record<PartitionKind, string>> = {
  oversized: 'no page larger than the size asked',
  metadata: "every page's metadata naming the page read",
  overlap: 'no row on two pages (each page holds the rows after the earlier ones)',
  disagree: 'the same row at the same position whatever the page size',
  count: 'every page before the last full, the last holding what is left',
  total: 'one total on every page, counting the rows the pages hold',
};

/**
 * Judges the pages read as a partition, kind by kind, each under its rule in `rules`: the check
 * fails on the first kind of problem found; a kind with none passes its rule on the pages read
 * (so every rule of the partition is proven by the exchanges that showed it, not only broken).
 */
export function expectPartition(
  t: CheckContext,
  pages: readonly Page[],
  problems: readonly PartitionProblem[],
  rules: Readonly<Record<PartitionKind, string>>,
): void {
  for (const kind of PARTITION_ORDER) {
    const found = problems.filter((p) => p.kind === kind);
    for (const page of found.length === 0 ? pages : [found[0]!.page])
      t.expect.rules(rules[kind]).that(page.ex, {
        holds: found.length === 0,
        title: `pages are not a partition of the list (${kind})`,
        expected: EXPECTED[kind],
        observed: () =>
          found
            .slice(0, 5)
            .map((p) => p.detail)
            .join('; '),
      });
  }
}

/** Two sizes showing different rows at one position. */
function disagreements(pages: readonly Page[]): PartitionProblem[] {
  const out: PartitionProblem[] = [];
  const byPosition = new Map<number, { row: string; page: Page }>();
  for (const page of [...pages].sort((a, b) => b.size - a.size)) {
    page.rows.forEach((row, j) => {
      if (j >= page.size) return;
      const position = page.index * page.size + j;
      const other = byPosition.get(position);
      if (!other) byPosition.set(position, { row, page });
      else if (other.page.size !== page.size && other.row !== row)
        out.push({
          kind: 'disagree',
          page,
          detail:
            `position ${position + 1}: ${at(page)} ` +
            `shows ${row.slice(0, 80)}, ${at(other.page)} ${other.row.slice(0, 80)}`,
        });
    });
  }
  return out;
}
