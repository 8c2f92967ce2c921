/** Text files of the data packages the domain arbitraries draw from, read once per process. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** Lines of a CSV file a package ships (`package/path`), without the header row, blank lines or line ends. */
export function packageLines(specifier: string): string[] {
  return readFileSync(require.resolve(specifier), 'utf8')
    .split(/\r?\n/)
    .slice(1)
    .filter((line) => line.length > 0);
}

/** The rows of such a CSV file, split at commas (no field of these files holds one). */
export const packageCsvRows = (specifier: string): string[][] => packageLines(specifier).map((line) => line.split(','));

/** `make()` once, on first use: a table is read only by a run that draws from it. */
export function lazily<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}
