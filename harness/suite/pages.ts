/**
 * Reading a list that others may write while it is read: a page check's reads are judged only
 * when the list held still around them (the partition of its pages is page-walk.ts).
 */

/** Times the reads are repeated when the list moved while they ran. */
const STILL_ATTEMPTS = 3;

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
