import { describe, expect, it } from 'vitest';
import { longLines, MAX_LINE } from './line-length.js';

describe('the line-length check of npm run lint', () => {
  it('names each line over the limit, counted in characters', () => {
    const text = ['short', 'x'.repeat(MAX_LINE), 'y'.repeat(MAX_LINE + 1), 'é'.repeat(MAX_LINE)].join('\n');
    expect(longLines(text)).toEqual([{ line: 3, length: MAX_LINE + 1 }]);
  });
});
