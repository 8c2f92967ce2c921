/**
 * What the pages quote of the code is what the code says: every generated block and count of
 * README.md and docs/ is what `npm run docs` would write today (a new flag, exit code, role,
 * fixture, rule, check, fault or variant fails here until the pages are regenerated), each
 * generated block stands on a page, and no page quotes a count of rules, checks, faults or
 * variants by hand (a dated figure belongs in bench/RESULTS.md).
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { blocksIn, withGenerated } from '../cli/docs/markers.js';
import { collectInventory, generatedBlocks, generatedPages, regeneratedPages } from '../cli/docs/pages.js';
import { projectPath } from '../harness/paths.js';
import type { InventoryCheck } from '../reports/required.js';

let inventory: InventoryCheck[] = [];
beforeAll(async () => {
  inventory = await collectInventory();
}, 120_000);

const read = (page: string) => readFileSync(projectPath(page), 'utf8');

/** `236 faults`, `44 named variants`, `209 checks` outside code and outside a generated count. */
function handCounts(page: string): string[] {
  const prose = page
    .replace(/```[\s\S]*?```/g, '')
    .replace(/<!-- n:[^>]*-->[^<]*<!-- \/n -->/g, '')
    .replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\b\d[\d,]*\s+(?:named\s+|more\s+)?(?:faults?|variants?|rules?|checks?)\b/g)].map(
    (m) => m[0],
  );
}

describe('the generated parts of README.md and docs/ (npm run docs)', () => {
  it('are what the code says today', async () => {
    const pages = await regeneratedPages(inventory);
    const stale = [...pages].filter(([page, text]) => read(page) !== text).map(([page]) => page);
    expect(stale, 'out of date: run npm run docs').toEqual([]);
  });

  it('each stand on a page', async () => {
    const shown = new Set(generatedPages().flatMap((page) => blocksIn(read(page))));
    expect(Object.keys(await generatedBlocks(inventory)).filter((block) => !shown.has(block))).toEqual([]);
  });

  it.each(generatedPages())('%s quotes no count of rules, checks, faults or variants by hand', (page) => {
    expect(handCounts(read(page))).toEqual([]);
  });

  it('tells a stale count and a hand-written one apart from a generated one', () => {
    const page = 'The server has <!-- n:faults -->1<!-- /n --> faults.';
    expect(withGenerated(page, 'p.md', {}, { faults: 236 })).toBe(
      'The server has <!-- n:faults -->236<!-- /n --> faults.',
    );
    expect(() => withGenerated('<!-- n:nothing -->1<!-- /n -->', 'p.md', {}, {})).toThrow(/no count named "nothing"/);
    expect(handCounts(page)).toEqual([]);
    expect(handCounts('It catches 236 faults and passes 44 named variants.')).toEqual([
      '236 faults',
      '44 named variants',
    ]);
  });
});
