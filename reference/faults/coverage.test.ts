/**
 * Which rules of specs/rules.json the named faults cover. A rule without a fault must say here
 * why no fault can break it observably; a reason for a rule that has a fault is stale.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FAMILIES } from '../../harness/model.js';
import { allFaults } from './index.js';

/** Rules no fault can break in a way a black-box client observes within a bounded run. */
const UNINJECTABLE: Record<string, string> = {
  'RATE-MONTHLY-QUOTA':
    'The quota is 100,000 requests a month per key-to-plan association; reaching it takes 100,000 requests, far ' +
    'beyond the request budget of any run (certification stays under 600).',
};

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const rules = (
  JSON.parse(readFileSync(new URL('../../specs/rules.json', import.meta.url), 'utf8')) as {
    rules: Array<{ id: string }>;
  }
).rules.map((r) => r.id);
const catalogue = new Set(rules);
const covered = new Set(allFaults.map((f) => f.rule));

describe('fault coverage of the rule catalogue', () => {
  it('gives every rule without a fault a reason it cannot be injected', () => {
    expect(rules.filter((id) => !covered.has(id) && !UNINJECTABLE[id])).toEqual([]);
  });

  it('keeps no reason for a rule that has a fault (stale) or is not in the catalogue', () => {
    expect(Object.keys(UNINJECTABLE).filter((id) => covered.has(id))).toEqual([]);
    expect(Object.keys(UNINJECTABLE).filter((id) => !catalogue.has(id))).toEqual([]);
  });

  it('lists the uncovered rules with their reasons', () => {
    const uncovered = Object.fromEntries(rules.filter((id) => !covered.has(id)).map((id) => [id, UNINJECTABLE[id]]));
    expect(uncovered).toEqual(UNINJECTABLE);
    for (const reason of Object.values(UNINJECTABLE)) expect(reason.length).toBeGreaterThan(40);
  });

  it('names only catalogue rules in every fault', () => {
    expect(allFaults.filter((f) => !catalogue.has(f.rule)).map((f) => `${f.name} -> ${f.rule}`)).toEqual([]);
  });

  it('gives every fault a unique kebab-case name', () => {
    const names = allFaults.map((f) => f.name);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
    expect(names.filter((n) => !KEBAB.test(n))).toEqual([]);
  });

  it('has at least one fault in every family', () => {
    const families = new Set(allFaults.map((f) => f.family));
    expect(FAMILIES.filter((f) => !families.has(f))).toEqual([]);
  });
});
