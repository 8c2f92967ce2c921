import { describe, expect, test } from 'vitest';
import { overlapOf, pagesMatchLarger, readWhileStill } from './pages.js';

describe('pages of one list', () => {
  test('consecutive slices agree with the larger page', () => {
    const p = { first: ['a', 'b'], second: ['c', 'd'], both: ['a', 'b', 'c', 'd'] };
    expect(overlapOf(p)).toEqual([]);
    expect(pagesMatchLarger(p)).toBe(true);
  });

  test('an offset ignored (every page the first) overlaps; a page shifted by one overlaps and disagrees', () => {
    expect(overlapOf({ first: ['a', 'b'], second: ['a', 'b'], both: ['a', 'b', 'c', 'd'] })).toEqual(['a', 'b']);
    const shifted = { first: ['a', 'b'], second: ['b', 'c'], both: ['a', 'b', 'c', 'd'] };
    expect(overlapOf(shifted)).toEqual(['b']);
    expect(pagesMatchLarger(shifted)).toBe(false);
  });
});

describe('readWhileStill', () => {
  test('reads once when the anchor is the same before and after', async () => {
    let reads = 0;
    expect(
      await readWhileStill(
        async () => 'x',
        async () => ++reads,
      ),
    ).toBe(1);
    expect(reads).toBe(1);
  });

  test('repeats the reads when the list moved, and gives up (undefined) after the attempts', async () => {
    let n = 0;
    const moving = async () => String(n++);
    let reads = 0;
    expect(await readWhileStill(moving, async () => ++reads, 3)).toBeUndefined();
    expect(reads).toBe(3);
    expect(n).toBe(4);
  });

  test('returns the reads of the first still attempt', async () => {
    const anchors = ['a', 'b', 'b'];
    let reads = 0;
    expect(
      await readWhileStill(
        async () => anchors.shift()!,
        async () => ++reads,
      ),
    ).toBe(2);
  });
});
