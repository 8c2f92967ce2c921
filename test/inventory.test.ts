/**
 * The inventory of checks, collected from the suite files without running one: every check has
 * an id unique within its family and names only key roles and fixtures of the vocabulary; the
 * profile schema is what `npm run docs` makes of the vocabulary (docs/profiles.md's tables:
 * test/docs.test.ts); `plan --help` lists the vocabulary.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PLAN_HELP } from '../cli/plan-command.js';
import { FAMILIES } from '../harness/model.js';
import { profileSchemaPath } from '../harness/profile.js';
import { profileSchemaFrom } from '../harness/profile-schema.js';
import { FIXTURE_NAMES, KEY_ROLE_NAMES } from '../harness/profile-vocabulary.js';
import { checkId } from '../harness/suite/inventory.js';
import { useInventory } from './collected-inventory.js';

const collected = useInventory();

describe('the inventory of checks', () => {
  it('holds every check of every family, each with an id derived from its title', () => {
    expect(collected.checks.length).toBeGreaterThan(150);
    // Besides the families, the run's own checks (suites/run-wide/: `contract`).
    expect(new Set(collected.checks.map((c) => c.family))).toEqual(new Set([...FAMILIES, 'contract']));
    for (const { entry } of collected.checks) expect(entry.id).toBe(checkId(entry.title));
  });

  it('gives each check an id no other check of its family has', () => {
    const keys = collected.checks.map((c) => `${c.family}/${c.entry.id}`);
    const repeated = keys.filter((k, i) => keys.indexOf(k) !== i);
    expect(repeated).toEqual([]);
  });

  it('declares only key roles and fixtures of the vocabulary', () => {
    for (const { family, entry } of collected.checks) {
      const where = `${family}/${entry.id}`;
      for (const role of [...(entry.needs.roles ?? []), ...(entry.needs.distinctKeys ?? [])])
        expect(KEY_ROLE_NAMES, where).toContain(role);
      for (const fixture of entry.needs.fixtures ?? []) expect(FIXTURE_NAMES, where).toContain(fixture);
    }
  });

  it('is what the profile schema was generated from (npm run docs)', () => {
    const schemaText = readFileSync(profileSchemaPath(), 'utf8');
    expect(JSON.parse(schemaText)).toEqual(profileSchemaFrom(JSON.parse(schemaText)));
  });

  it('plan --help lists every key role and fixture', () => {
    for (const name of [...KEY_ROLE_NAMES, ...FIXTURE_NAMES]) expect(PLAN_HELP).toMatch(new RegExp(`\\n  ${name} `));
  });
});
