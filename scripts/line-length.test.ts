import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkFiles, longLines, MAX_LINE } from './line-length.js';

describe('the line-length check of npm run lint', () => {
  it('names each line over the limit, counted in characters', () => {
    const text = ['short', 'x'.repeat(MAX_LINE), 'y'.repeat(MAX_LINE + 1), 'é'.repeat(MAX_LINE)].join('\n');
    expect(longLines(text)).toEqual([{ line: 3, length: MAX_LINE + 1 }]);
  });

  const dir = mkdtempSync(join(tmpdir(), 'line-length-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('fails (exit code 1) on a file with a line over the limit, naming the file and line', () => {
    const file = join(dir, 'long.ts');
    writeFileSync(file, `const a = 1;\nconst s = '${'x'.repeat(MAX_LINE)}';\n`);
    const written: string[] = [];
    expect(checkFiles([file], (text) => written.push(text))).toBe(1);
    expect(written[0]).toBe(`${file}:2: ${MAX_LINE + 13} characters, over ${MAX_LINE}\n`);
  });

  it('passes (exit code 0) on a file whose lines are all within the limit, and writes nothing', () => {
    const file = join(dir, 'short.ts');
    writeFileSync(file, `const s = '${'x'.repeat(MAX_LINE - 13)}';\n`);
    const written: string[] = [];
    expect(checkFiles([file], (text) => written.push(text))).toBe(0);
    expect(written).toEqual([]);
  });
});
