import { describe, expect, test } from 'vitest';
import type { Exchange } from '../model.js';
import {
  lastPages,
  limitOffsetProblem,
  partitionProblems,
  readPartition,
  statedTotal,
  walkedTotal,
  walkPages,
  type Page,
} from './page-walk.js';

const ex = {} as Exchange;
const LIST = Array.from({ length: 12 }, (_, i) => `r${i + 1}`);

/** Page `index` of `size` of `list`, as a target that keeps the partition answers it. */
const pageOf = (
  list: readonly string[],
  index: number,
  size: number,
  total: number | undefined = list.length,
): Page => ({
  index,
  size,
  rows: list.slice(index * size, index * size + size),
  total,
  ex,
});

/** Kinds of problems; `total` is given as a walk of the whole list at size 100 that showed it. */
const kinds = (pages: Page[], total?: number) =>
  partitionProblems(pages, total === undefined ? [] : [{ index: 0, size: 100, rows: LIST.slice(0, total), ex }]).map(
    (p) => p.kind,
  );

describe('walkPages', () => {
  test('reads until a short page, or the bound', async () => {
    const reads: number[] = [];
    const read = async (i: number, s: number) => {
      reads.push(i);
      return pageOf(LIST, i, s);
    };
    expect((await walkPages(read, 5, 10)).map((p) => p.rows.length)).toEqual([5, 5, 2]);
    expect((await walkPages(read, 4, 10)).map((p) => p.rows.length)).toEqual([4, 4, 4, 0]);
    expect((await walkPages(read, 2, 3)).length).toBe(3);
    reads.length = 0;
    await walkPages(read, 5, 10, pageOf(LIST, 0, 5));
    expect(reads).toEqual([1, 2]);
  });

  test('the total stated by every page, or shown by a walk that ended', () => {
    expect(statedTotal([pageOf(LIST, 0, 5), pageOf(LIST, 1, 5)])).toBe(12);
    expect(statedTotal([pageOf(LIST, 0, 5), { ...pageOf(LIST, 1, 5), total: 11 }])).toBeUndefined();
    expect(walkedTotal([0, 1, 2].map((i) => pageOf(LIST, i, 5)))).toBe(12);
    expect(walkedTotal([0, 1].map((i) => pageOf(LIST, i, 5)))).toBeUndefined();
    expect(lastPages(12, 5)).toEqual([2, 3]);
    expect(lastPages(12, 1)).toEqual([11, 12]);
    expect(lastPages(0, 50)).toEqual([0, 1]);
  });
});

describe('partitionProblems', () => {
  test('a list that keeps the partition, read at several sizes, head and tail, shows none', () => {
    const pages = [0, 1, 2].map((i) => pageOf(LIST, i, 5));
    pages.push(pageOf(LIST, 0, 1), pageOf(LIST, 11, 1), pageOf(LIST, 12, 1), pageOf(LIST, 1, 3), pageOf(LIST, 3, 3));
    expect(kinds(pages, 12)).toEqual([]);
  });

  test('a later page that repeats a row, or starts one early, overlaps', () => {
    const shifted = [pageOf(LIST, 0, 5), { ...pageOf(LIST, 1, 5), rows: LIST.slice(4, 9) }];
    expect(kinds(shifted, 12)).toContain('overlap');
  });

  test('a page that drops a row is a gap; a count that misses rows is a wrong total', () => {
    const gap = [pageOf(LIST, 0, 5), pageOf(LIST, 1, 5), { ...pageOf(LIST, 2, 5), rows: ['r11'] }];
    expect(kinds(gap, 12)).toEqual(['count']);
    const capped = [0, 1, 2].map((i) => pageOf(LIST, i, 5, 10));
    expect(kinds(capped)).toEqual(['total']);
    // Walked to the end, the rows are the list: a stated total must count them.
    expect(partitionProblems(capped, capped).map((p) => p.kind)).toContain('total');
    // A last page that misses its last row, walked to the end: fewer rows than stated, a gap.
    const short = [pageOf(LIST, 0, 5), pageOf(LIST, 1, 5), { ...pageOf(LIST, 2, 5), rows: ['r11'] }];
    expect([...new Set(partitionProblems(short, short).map((p) => p.kind))]).toEqual(['count']);
    // Without a total, a short page before a non-empty one is a gap.
    const early = [{ ...pageOf(LIST, 0, 5), rows: ['r1'] }, pageOf(LIST, 1, 5)];
    expect(kinds(early)).toEqual(['count']);
  });

  test('a row past the last page, a page larger than asked, metadata of another page', () => {
    expect(kinds([pageOf(LIST, 0, 5), { ...pageOf(LIST, 3, 5), rows: ['r1'] }], 12)).toContain('total');
    expect(kinds([{ ...pageOf(LIST, 0, 5), rows: LIST.slice(0, 6) }], 12)).toEqual(['oversized']);
    expect(kinds([{ ...pageOf(LIST, 1, 5), metadataProblem: 'page_number 1' }], 12)).toEqual(['metadata']);
  });

  test('two sizes that show another row at one position disagree; totals that differ are named', () => {
    const other = [pageOf(LIST, 0, 5), { ...pageOf(LIST, 2, 1), rows: ['r9'] }];
    expect(kinds(other, 12)).toContain('disagree');
    expect(kinds([pageOf(LIST, 0, 5), { ...pageOf(LIST, 1, 5), total: 13 }], 12)).toContain('total');
  });
});

describe('readPartition', () => {
  const reader = (list: readonly string[], stated = true) => {
    const reads: string[] = [];
    const read = async (i: number, s: number) => {
      reads.push(`${i}/${s}`);
      return { ...pageOf(list, i, s), total: stated ? list.length : undefined };
    };
    return { reads, read };
  };

  test('walks the largest size to the end, then the tail of size 1 and of the drawn size', async () => {
    const { reads, read } = reader(LIST);
    const { walk, pages } = await readPartition(read, { largest: 5, drawn: 3, maxPages: 4 });
    expect(walk.length).toBe(3);
    expect(reads).toEqual(['0/5', '1/5', '2/5', '11/1', '12/1', '3/3']);
    expect(partitionProblems(pages, walk)).toEqual([]);
  });

  test(
    'on a list longer than the budget, jumps to the last pages of the largest size by ' + 'the stated total',
    async () => {
      const long = Array.from({ length: 40 }, (_, i) => `r${i}`);
      const { reads, read } = reader(long);
      const { pages, walk } = await readPartition(read, { largest: 5, drawn: 7, maxPages: 2 });
      expect(reads).toEqual(['0/5', '1/5', '7/5', '8/5', '39/1', '40/1', '5/7']);
      expect(partitionProblems(pages, walk)).toEqual([]);
    },
  );

  test('moves a drawn size that holds the whole list below it', async () => {
    const { reads, read } = reader(LIST);
    await readPartition(read, { largest: 100, drawn: 40, maxPages: 2 });
    // 12 rows: 40 becomes 2 + 40 % 10 = 2.
    expect(reads).toEqual(['0/100', '11/1', '12/1', '5/2']);
  });

  test('without a total, reads only the heads', async () => {
    const { reads, read } = reader(
      Array.from({ length: 40 }, (_, i) => `r${i}`),
      false,
    );
    await readPartition(read, { largest: 5, drawn: 7, maxPages: 2 });
    expect(reads).toEqual(['0/5', '1/5', '0/1', '1/7']);
  });
});

describe('limitOffsetProblem', () => {
  test('names limit and offset that are another page, and leaves out what the body does not show', () => {
    expect(limitOffsetProblem({ limit: 25, offset: 0 }, 0, 25)).toBeUndefined();
    expect(limitOffsetProblem({ limit: 25, offset: 0 }, 0, 100)).toBe('pagination limit 25');
    expect(limitOffsetProblem({ limit: 2, offset: 1 }, 2, 2)).toBe('pagination offset 1');
    expect(limitOffsetProblem({ limit: '2', offset: null }, 2, 3)).toBeUndefined();
    expect(limitOffsetProblem(undefined, 2, 3)).toBeUndefined();
  });
});
