/**
 * `npm run docs:profile`: writes the vocabulary (harness/profile-vocabulary.ts) into the target
 * profile schema and README's tables of key roles and fixtures; `--check` writes nothing and
 * exits 1 when either is out of date.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createSuiteRunner } from '../engine/suite-runner.js';
import { FAMILIES } from '../harness/model.js';
import { projectPath } from '../harness/paths.js';
import { profileSchemaPath } from '../harness/profile.js';
import { profileSchemaFrom } from '../harness/profile-schema.js';
import { withTables } from './profile-tables.js';

const runner = await createSuiteRunner([...FAMILIES]);
const inventory = (await runner.collect?.([...FAMILIES])) ?? [];
await runner.close();

const schemaPath = profileSchemaPath();
const schemaText = readFileSync(schemaPath, 'utf8');
const schema = `${JSON.stringify(profileSchemaFrom(JSON.parse(schemaText)), null, 2)}\n`;
const readmePath = projectPath('README.md');
const readmeText = readFileSync(readmePath, 'utf8');
const readme = withTables(readmeText, inventory);

const stale = [
  ...(schema !== schemaText ? ['specs/target-profile.schema.json'] : []),
  ...(readme !== readmeText ? ['README.md'] : []),
];
if (process.argv.includes('--check')) {
  if (stale.length > 0) {
    process.stderr.write(`${stale.join(', ')} out of date\nfix: npm run docs:profile\n`);
    process.exit(1);
  }
} else {
  writeFileSync(schemaPath, schema);
  writeFileSync(readmePath, readme);
  process.stdout.write(`${stale.length ? stale.join(', ') : 'nothing'} rewritten (${inventory.length} checks)\n`);
}
process.exit(0);
