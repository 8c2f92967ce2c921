/**
 * The pages with generated parts (README.md and docs/*.md, but the rule audit, which
 * `npm run audit:rules` writes whole) as the generator would write them today.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createSuiteRunner } from '../../engine/suite-runner.js';
import { FAMILIES } from '../../harness/model.js';
import { projectPath } from '../../harness/paths.js';
import type { InventoryCheck } from '../../reports/required.js';
import { cliReference } from './cli-reference.js';
import { docCounts } from './counts.js';
import { withGenerated } from './markers.js';
import { fixturesTable, keyRolesTable } from './profile-tables.js';
import { disagreementsTable, exitCodesTable, profileMembersTable } from './tables.js';

/**
 * Pages other commands write whole: the rule audit (`npm run audit:rules`) and the operations matrix, which a
 * campaign measured (`npm run docs:operations-matrix`) and whose counts are that campaign's.
 */
const WRITTEN_ELSEWHERE = new Set(['rule-audit.md', 'operations-matrix.md']);

/** Project-relative paths of the pages that may hold generated parts. */
export function generatedPages(): string[] {
  const docs = readdirSync(projectPath('docs'))
    .filter((name) => name.endsWith('.md') && !WRITTEN_ELSEWHERE.has(name))
    .sort()
    .map((name) => `docs/${name}`);
  return ['README.md', ...docs];
}

/** Every check of every family, collected from the suite files without running one. */
export async function collectInventory(): Promise<InventoryCheck[]> {
  const runner = await createSuiteRunner([...FAMILIES]);
  try {
    return (await runner.collect?.([...FAMILIES])) ?? [];
  } finally {
    await runner.close();
  }
}

/** Each generated block by its marker name. */
export async function generatedBlocks(inventory: readonly InventoryCheck[]): Promise<Record<string, string>> {
  return {
    'cli-reference': await cliReference(),
    'exit-codes': exitCodesTable(),
    'profile-members': profileMembersTable(),
    'key-roles': keyRolesTable(inventory),
    fixtures: fixturesTable(inventory),
    disagreements: disagreementsTable(),
  };
}

/** Each page (path → text) as generated from its current text; unchanged text means the page is up to date. */
export async function regeneratedPages(inventory: readonly InventoryCheck[]): Promise<Map<string, string>> {
  const blocks = await generatedBlocks(inventory);
  const counts = docCounts(inventory);
  return new Map(
    generatedPages().map((page) => [
      page,
      withGenerated(readFileSync(projectPath(page), 'utf8'), page, blocks, counts),
    ]),
  );
}
