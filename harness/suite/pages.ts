/**
 * Pagination as the contract names it (`limit` and `offset`, `page[number]` and `page[size]`):
 * a page holds the rows after the ones the earlier pages hold, of one ordered list. Two
 * consecutive pages and one page as large as both must agree, when read while the list holds
 * still: a list that moves between reads (someone else's writes) gives no verdict.
 */

/** Row keys (ids, or rows as text) of two consecutive pages and of one page as large as both. */
export interface Pages {
  first: readonly string[];
  second: readonly string[];
  both: readonly string[];
}

/** Rows on both consecutive pages. */
export const overlapOf = (p: Pages): string[] => p.second.filter((row) => p.first.includes(row));

/** The two pages, one after the other, are the larger page. */
export const pagesMatchLarger = (p: Pages): boolean => [...p.first, ...p.second].join('\n') === p.both.join('\n');

/** Times the reads are repeated when the list moved while they ran. */
export const STILL_ATTEMPTS = 3;

/**
 * Runs `reads` between two reads of `anchor` (a fingerprint of the rows the reads cover). When
 * the two differ, the list moved while it was read and the reads are repeated, at most
 * `attempts` times; undefined when it never held still, so a check can skip instead of judging
 * a race. Requests: one anchor, then `reads` and one anchor per attempt.
 */
export async function readWhileStill<T>(
  anchor: () => Promise<string>,
  reads: () => Promise<T>,
  attempts = STILL_ATTEMPTS,
): Promise<T | undefined> {
  let before = await anchor();
  for (let i = 0; i < attempts; i += 1) {
    const out = await reads();
    const after = await anchor();
    if (after === before) return out;
    before = after;
  }
  return undefined;
}
