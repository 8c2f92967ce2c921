/**
 * Fails when a line of the project's code is over 120 characters (`npm run lint` runs it after
 * Biome). Biome's formatter keeps code within 120 but leaves strings, template literals and
 * comments as written, and it has no rule for them; ESLint's `max-len` would bring ESLint and a
 * TypeScript parser for one rule, and editorconfig-checker's npm package fetches its binary from
 * GitHub on first use, which CI may not reach. So a few lines of our own: the files git tracks
 * (or those named), counted in characters, not bytes.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

export const MAX_LINE = 120;

/** What is checked: the code. Data (specs/*.json, the YAML documents) and prose (*.md) are not code. */
const CODE = ['*.ts', '*.js', '*.mjs'];

/** The lines of `text` over `max` characters: 1-based number and length. */
export function longLines(text: string, max = MAX_LINE): Array<{ line: number; length: number }> {
  return text
    .split('\n')
    .map((line, i) => ({ line: i + 1, length: [...line].length }))
    .filter(({ length }) => length > max);
}

/** Checks the named files (default: the code git tracks), writes each long line, and answers the exit code. */
export function checkFiles(files: string[], write = (text: string) => process.stderr.write(text)): number {
  const named = files.length > 0 ? files : execFileSync('git', ['ls-files', ...CODE], { encoding: 'utf8' }).split('\n');
  let found = 0;
  // A file in a merge's conflict is listed once per stage: each is read once.
  for (const file of new Set(named.filter(Boolean))) {
    for (const { line, length } of longLines(readFileSync(file, 'utf8'))) {
      write(`${file}:${line}: ${length} characters, over ${MAX_LINE}\n`);
      found += 1;
    }
  }
  if (found > 0) write(`${found} line(s) over ${MAX_LINE} characters: wrap them (strings: split with +)\n`);
  return found > 0 ? 1 : 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = checkFiles(process.argv.slice(2));
