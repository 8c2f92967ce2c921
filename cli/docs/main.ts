/**
 * `npm run docs` (and `npm run docs:profile`): writes every generated part of README.md and
 * docs/ (the CLI reference, the tables of exit codes, profile members, key roles, fixtures and
 * disagreements, and every count a page quotes) and the profile schema's keys and fixtures from
 * the vocabulary. `--check` writes nothing and exits 1 naming what is out of date;
 * test/docs.test.ts holds the same.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { projectPath } from '../../harness/paths.js';
import { profileSchemaPath } from '../../harness/profile.js';
import { profileSchemaFrom } from '../../harness/profile-schema.js';
import { collectInventory, regeneratedPages } from './pages.js';

// The schema first: the profile members' table is read from it.
const schemaPath = profileSchemaPath();
const schemaText = readFileSync(schemaPath, 'utf8');
const schema = `${JSON.stringify(profileSchemaFrom(JSON.parse(schemaText)), null, 2)}\n`;
const check = process.argv.includes('--check');
if (!check && schema !== schemaText) writeFileSync(schemaPath, schema);

const inventory = await collectInventory();
const pages = await regeneratedPages(inventory);
const stale = [
  ...(schema !== schemaText ? ['specs/target-profile.schema.json'] : []),
  ...[...pages].filter(([page, text]) => readFileSync(projectPath(page), 'utf8') !== text).map(([page]) => page),
];
if (check) {
  if (stale.length > 0) {
    process.stderr.write(`${stale.join(', ')} out of date\nfix: npm run docs\n`);
    process.exit(1);
  }
} else {
  for (const page of stale.filter((p) => pages.has(p))) writeFileSync(projectPath(page), pages.get(page)!);
  process.stdout.write(`${stale.length ? stale.join(', ') : 'nothing'} rewritten (${inventory.length} checks)\n`);
}
process.exit(0);
