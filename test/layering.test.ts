/**
 * Nothing imports upward: every relative import of every layer's files (tests included) is
 * checked against the layering table of ARCHITECTURE.md, the same table readers see.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../harness/paths.js';

interface Layer {
  /** Path prefixes (folders end with `/`) or files of the layer. */
  paths: string[];
  mayImport: string[];
}

const code = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);

/** The rows between `<!-- layers` and `<!-- /layers -->` in ARCHITECTURE.md. */
function readLayers(markdown: string): Layer[] {
  const block = /<!-- layers[^>]*-->([\s\S]*?)<!-- \/layers -->/.exec(markdown)?.[1];
  if (!block) throw new Error('ARCHITECTURE.md has no layers table');
  return block
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*(Layer|---)/.test(line))
    .map((line) => {
      const [paths, , mayImport] = line.split('|').slice(1, -1);
      return { paths: code(paths!), mayImport: code(mayImport!) };
    });
}

const covers = (prefix: string, path: string) => (prefix.endsWith('/') ? path.startsWith(prefix) : path === prefix);

/** The layer of a project path: the row with the longest matching path. */
function layerOf(layers: readonly Layer[], path: string): Layer | undefined {
  let best: { layer: Layer; length: number } | undefined;
  for (const layer of layers) {
    for (const prefix of layer.paths)
      if (covers(prefix, path) && prefix.length > (best?.length ?? -1)) best = { layer, length: prefix.length };
  }
  return best?.layer;
}

/** `from` (a file of `layer`) may import `to`: within its own paths, or allowed by its row. */
function allowed(layers: readonly Layer[], from: string, to: string): boolean {
  const layer = layerOf(layers, from);
  if (!layer || !layerOf(layers, to)) return true;
  if (layerOf(layers, to) === layer) return true;
  return [...layer.paths.filter((p) => p.endsWith('/')), ...layer.mayImport].some((prefix) => covers(prefix, to));
}

/** Relative import specifiers of a TypeScript or JavaScript file (static, dynamic and re-exports). */
function importsOf(text: string): string[] {
  return [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]+)\1/g)].map((m) => m[2]!);
}

function files(dir: string): string[] {
  if (!existsSync(dir)) return [];
  if (!statSync(dir).isDirectory()) return [dir]; // a layer of one file (the package entry, index.ts)
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name === 'node_modules' || e.name === 'out' || e.name.startsWith('.')) return [];
    const path = join(dir, e.name);
    return e.isDirectory() ? files(path) : /\.(ts|js|mjs)$/.test(e.name) ? [path] : [];
  });
}

const LAYERS = readLayers(readFileSync(join(PROJECT_ROOT, 'ARCHITECTURE.md'), 'utf8'));
const project = (path: string) => relative(PROJECT_ROOT, path).split('\\').join('/');

describe('the layering table', () => {
  it('is read from ARCHITECTURE.md and names the core, the engine and both front ends', () => {
    const named = LAYERS.flatMap((l) => l.paths);
    expect(named).toEqual(
      expect.arrayContaining([
        'harness/',
        'engine/',
        'cli/',
        'mutation/',
        'reports/',
        'reference/',
        'suites/',
        'generators/',
      ]),
    );
    expect(layerOf(LAYERS, 'harness/client/client.ts')?.mayImport).not.toContain('engine/');
  });

  it('refuses an upward import and allows a downward one', () => {
    expect(allowed(LAYERS, 'harness/target.ts', 'engine/plan.ts')).toBe(false);
    expect(allowed(LAYERS, 'harness/suite/verify.ts', 'reports/html-writer.ts')).toBe(false);
    expect(allowed(LAYERS, 'harness/model.ts', 'harness/client/keys.ts')).toBe(false);
    expect(allowed(LAYERS, 'engine/plan.ts', 'cli/args.ts')).toBe(false);
    expect(allowed(LAYERS, 'mutation/campaign.ts', 'cli/io.ts')).toBe(false);
    expect(allowed(LAYERS, 'reports/index.ts', 'engine/plan.ts')).toBe(false);
    expect(allowed(LAYERS, 'engine/plan.ts', 'harness/model.ts')).toBe(true);
    expect(allowed(LAYERS, 'harness/target.ts', 'harness/model.ts')).toBe(true);
    expect(allowed(LAYERS, 'cli/main.ts', 'engine/execute.ts')).toBe(true);
    expect(
      importsOf(
        `import { a } from '../engine/plan.js';\nexport { b } from "./b.js";\nawait ` +
          `import('../../reference/server.js');`,
      ),
    ).toEqual(['../engine/plan.js', './b.js', '../../reference/server.js']);
  });

  const roots = [...new Set(LAYERS.flatMap((l) => l.paths).map((p) => p.split('/')[0]!))];
  const sources = roots.flatMap((root) => files(join(PROJECT_ROOT, root)));

  it('covers the files of every layer', () => {
    expect(sources.length).toBeGreaterThan(200);
  });

  it('nothing imports upward', () => {
    const upward: string[] = [];
    for (const file of sources) {
      const from = project(file);
      for (const spec of importsOf(readFileSync(file, 'utf8'))) {
        const raw = resolve(dirname(file), spec);
        // Imports name a TypeScript file by its .js output.
        const to = project(existsSync(raw) ? raw : raw.replace(/\.js$/, '.ts'));
        if (!allowed(LAYERS, from, to)) upward.push(`${from} imports ${to}`);
      }
    }
    expect(upward).toEqual([]);
  });

  it('no file of reports/ imports, through others, itself: their shared types are reports/types.ts', () => {
    const reports = sources.filter((f) => project(f).startsWith('reports/') && !/\.test(-helpers)?\.ts$/.test(f));
    const graph = new Map(
      reports.map((file) => [
        project(file),
        importsOf(readFileSync(file, 'utf8')).map((spec) =>
          project(resolve(dirname(file), spec.replace(/\.js$/, '.ts'))),
        ),
      ]),
    );
    // A file on a circle reaches itself: a walk from each file's imports.
    const circular = [...graph.keys()].filter((start) => {
      const seen = new Set<string>();
      const next = [...(graph.get(start) ?? [])];
      while (next.length > 0) {
        const file = next.pop()!;
        if (file === start) return true;
        if (seen.has(file)) continue;
        seen.add(file);
        next.push(...(graph.get(file) ?? []));
      }
      return false;
    });
    expect(circular).toEqual([]);
  });
});
