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
import { loadContract } from '../harness/contract/index.js';
import { PROVIDER_SPEC } from '../harness/paths.js';
import { onOneItem } from '../harness/suite/index.js';
import { checkId } from '../harness/suite/inventory.js';
import { OPERATIONS } from '../suites/operations.js';
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

/**
 * What the operations table (suites/operations.ts) declares, each family's checks hold: a new
 * operation fails here, naming what its family lacks, until a check of its family holds it.
 */
describe("the checks and the operations table's entries", () => {
  const rulesOf = (family: string) =>
    new Set(collected.checks.filter((c) => c.family === family).flatMap((c) => c.entry.rules));

  it("holds each entry's success answer in a check of its family (expectSuccessAnswer)", () => {
    const unheld = OPERATIONS.filter((op) => op.success && !rulesOf(op.family).has(op.success.rule)).map(
      (op) => `${op.operationId}: no check of suites/${op.family}/ names ${op.success!.rule}`,
    );
    expect(unheld).toEqual([]);
  });

  it('holds each /v1 create with a JSON body to the size limit (413) and media type (415) in its family', async () => {
    const contract = await loadContract(PROVIDER_SPEC);
    const jsonBody = (operationId: string) => {
      const content = contract.operation(operationId)?.requestBody?.content;
      return typeof content === 'object' && content !== null && Object.keys(content).some((m) => /json/i.test(m));
    };
    const creates = OPERATIONS.filter(
      (op) => op.route.startsWith('POST /v1/') && !onOneItem(op) && jsonBody(op.operationId),
    );
    expect(creates.map((op) => op.operationId).sort()).toEqual([
      'createEnrollment',
      'createEnrollmentSession',
      'createQuote',
    ]);
    const unheld = creates.flatMap((op) =>
      ['EDGE-413', 'EDGE-415']
        .filter((rule) => !rulesOf(op.family).has(rule))
        .map((rule) => `${op.operationId}: no check of suites/${op.family}/ names ${rule}`),
    );
    expect(unheld).toEqual([]);
  });
});
