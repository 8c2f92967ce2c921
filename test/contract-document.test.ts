/**
 * The contract is kept in specs/ byte for byte, so the rule audit's quotes can be checked on a
 * clean clone: when the shared copy is present (a developer's checkout), the two must not drift.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const KEPT = here('../specs/partner-api.md');
const SHARED = here('../../shared/partner-api.md');

describe('the contract kept in specs/partner-api.md', () => {
  it('is the Partner Insurance API contract, sections 1 to 9', () => {
    const text = readFileSync(KEPT, 'utf8');
    expect(text.startsWith('# Partner Insurance API')).toBe(true);
    const sections = [...text.matchAll(/^## (\d+)\. /gm)].map((m) => Number(m[1]));
    expect(sections).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it("is the catalogue's contract", () => {
    const catalogue = JSON.parse(readFileSync(here('../specs/rules.json'), 'utf8')) as { contract?: string };
    expect(existsSync(here(`../specs/${catalogue.contract}`))).toBe(true);
  });

  it.skipIf(!existsSync(SHARED))('is byte for byte the shared copy', () => {
    expect(readFileSync(KEPT).equals(readFileSync(SHARED))).toBe(true);
  });
});
