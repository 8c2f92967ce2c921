import type { Dirent } from 'node:fs';
/**
 * Which suite files cover which rule: every catalogue id that appears as a string literal in
 * suites/**\/*.conformance.ts (where checks name the rules they verify), with its line.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';

export interface CoverageSite {
  /** Path relative to the project root. */
  file: string;
  line: number;
}

async function conformanceFiles(dir: string): Promise<string[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const nested = await Promise.all(
    entries.map((e) =>
      e.isDirectory()
        ? conformanceFiles(join(dir, e.name))
        : Promise.resolve(/\.conformance\.[tj]s$/.test(e.name) ? [join(dir, e.name)] : []),
    ),
  );
  return nested.flat().sort();
}

/** Rule id → the places naming it, for the ids in `known`. */
export async function ruleCoverage(root: string, known: ReadonlySet<string>): Promise<Map<string, CoverageSite[]>> {
  const coverage = new Map<string, CoverageSite[]>();
  for (const path of await conformanceFiles(join(root, 'suites'))) {
    const lines = (await readFile(path, 'utf8')).split('\n');
    lines.forEach((text, i) => {
      for (const match of text.matchAll(/['"`]([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+)['"`]/g)) {
        const id = match[1]!;
        if (!known.has(id)) continue;
        const sites = coverage.get(id) ?? [];
        sites.push({ file: relative(root, path), line: i + 1 });
        coverage.set(id, sites);
      }
    });
  }
  return coverage;
}
