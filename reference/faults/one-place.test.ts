/**
 * A fault (or a variant) lives in one place: its declaration in its family's table carries its
 * name, rule (or the section that permits it), summary and probe, and everything else is derived
 * from it. Its name is written nowhere else in the server (handlers and the core ask with the
 * declaration, probes sit in it), and no switch is built outside core/declare-fault.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CORE_CHECKED, CORE_VARIANTS } from '../core/faults.js';
import type { IsOn } from '../core/switch.js';
import { POLICY_FAULTS } from '../policy-status/faults.js';
import { listFaults, listVariants } from '../server.js';
import { allFaults, allSwitches, allVariants, faultNames, variantNames } from './index.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The server's sources: every .ts file under reference/ but the tests. */
const sources = (readdirSync(ROOT, { recursive: true }) as string[])
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  .map((f) => ({ file: relative(ROOT, join(ROOT, f)), text: readFileSync(join(ROOT, f), 'utf8') }));

const literal = (name: string) => new RegExp(`['"\`]${name}['"\`]`, 'g');

describe('a fault is declared in one place', () => {
  it("writes each fault's and variant's name once, in its declaration", () => {
    // A fault generated per operation is declared by its column and route (operations/): its name is written nowhere.
    const elsewhere = allSwitches.flatMap((f) => {
      const hits = sources.flatMap(({ file, text }) => (text.match(literal(f.name)) ?? []).map(() => file));
      const declared = f.kind === 'fault' && f.cell ? 0 : 1;
      return hits.length === declared ? [] : [`${f.name}: ${hits.join(', ') || 'nowhere'}`];
    });
    expect(elsewhere).toEqual([]);
  });

  it('asks for a switch with its declaration, never with a name', () => {
    // A kebab-case literal: event names (req.on('data')) have no hyphen.
    const byName = sources
      .filter(({ text }) => /\bon\(\s*['"`][a-z0-9]+-[a-z0-9-]*['"`]/.test(text))
      .map(({ file }) => file);
    expect(byName).toEqual([]);
    const on: IsOn = (s) => s === POLICY_FAULTS.limitUnchecked;
    // @ts-expect-error a bare name is not a switch: asking by string does not compile
    expect(on('policy-limit-not-checked')).toBe(false);
    expect(on(POLICY_FAULTS.limitUnchecked)).toBe(true);
  });

  it('builds faults and variants only in core/declare-fault.ts', () => {
    expect(sources.filter(({ text }) => /kind: 'fault',/.test(text)).map(({ file }) => file)).toEqual([
      'core/declare-fault.ts',
    ]);
    expect(sources.filter(({ text }) => /kind: 'variant',/.test(text)).map(({ file }) => file)).toEqual([
      'core/declare-fault.ts',
    ]);
  });

  it("lists every fault and variant the core checks for another family in that family's table", () => {
    expect(
      Object.values(CORE_CHECKED)
        .filter((f) => !allFaults.includes(f))
        .map((f) => f.name),
    ).toEqual([]);
    expect(
      Object.values(CORE_VARIANTS)
        .filter((v) => !allVariants.includes(v))
        .map((v) => v.name),
    ).toEqual([]);
  });

  it('derives the lists of names from the declarations', () => {
    expect(faultNames()).toEqual(allFaults.map((f) => f.name));
    expect(listFaults()).toEqual(
      allFaults.map((f) => ({
        name: f.name,
        rules: [f.rule],
        family: f.family,
        summary: f.summary,
        ...(f.cell ? { cell: f.cell } : {}),
      })),
    );
    expect(variantNames()).toEqual(allVariants.map((v) => v.name));
    expect(listVariants().map((v) => v.name)).toEqual(variantNames());
  });
});
