import { describe, expect, test } from 'vitest';
import { readWhileStill } from './pages.js';

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
