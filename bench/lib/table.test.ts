import { describe, expect, it } from 'vitest';
import { renderMarkdown, renderTable, seconds } from './table.js';

describe('renderTable', () => {
  it('pads columns to the widest cell and right-aligns numbers', () => {
    expect(
      renderTable(
        ['run', 'requests'],
        [
          ['smoke', 7],
          ['certification', 512],
        ],
      ),
    ).toBe(
      ['run            requests', '-------------  --------', 'smoke                 7', 'certification       512'].join(
        '\n',
      ),
    );
  });
});

describe('renderMarkdown', () => {
  it('escapes pipes inside cells', () => {
    expect(renderMarkdown(['a', 'b'], [['x|y', 1]])).toBe('| a | b |\n|---|---|\n| x\\|y | 1 |');
  });
});

describe('seconds', () => {
  it('prints milliseconds as seconds with one decimal', () => expect(seconds(14_960)).toBe('15.0 s'));
});
