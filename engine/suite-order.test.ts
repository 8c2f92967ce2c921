import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { PROJECT_ROOT } from '../harness/paths.js';
import type { TestSpecification, Vitest } from 'vitest/node';
import {
  byPath,
  FamiliesSpread,
  isRunWide,
  LAST_IN_FAMILY,
  LAST_IN_RUN,
  RUN_WIDE_FOLDER,
  spreadGroups,
} from './suite-order.js';

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const family = (path: string) => path.split('/')[0]!;

describe('spreadGroups', () => {
  test('spreads a small group between the members of a large one, each group in its own order', () => {
    const files = ['big/e', 'big/a', 'small/y', 'big/c', 'big/d', 'small/x', 'big/b'];
    expect(spreadGroups(files, family, byName)).toEqual([
      'big/a',
      'small/x',
      'big/b',
      'big/c',
      'big/d',
      'small/y',
      'big/e',
    ]);
  });

  test('is the same whatever order the files come in', () => {
    const files = ['u/1', 'r/1', 'e/1', 'e/2', 'r/2', 'e/3'];
    expect(spreadGroups([...files].reverse(), family, byName)).toEqual(spreadGroups(files, family, byName));
  });
});

describe('LAST_IN_FAMILY', () => {
  test('names suite files that exist', () => {
    for (const { file } of LAST_IN_FAMILY) expect(existsSync(join(PROJECT_ROOT, `${file}.ts`)), file).toBe(true);
  });

  test("its files run after the rest of their family, in the table's order", () => {
    const files = ['history', 'create', 'list-pages', 'read-update'].map((f) => ({
      moduleId: `/repo/suites/enrollments/${f}.conformance.ts`,
    }));
    expect(files.sort(byPath).map((f) => f.moduleId.split('/').at(-1))).toEqual([
      'create.conformance.ts',
      'read-update.conformance.ts',
      'list-pages.conformance.ts',
      'history.conformance.ts',
    ]);
  });
});

describe('LAST_IN_RUN', () => {
  const root = '/repo';
  const file = (f: string) => ({ moduleId: `${root}/suites/${f}` }) as TestSpecification;
  const specs = [
    'run-wide/invariants.conformance.ts',
    'medicare/owed-429.conformance.ts',
    'utility/rate-limits.conformance.ts',
    'reference/owed-429.conformance.ts',
    'utility/owed-429.conformance.ts',
    'utility/ping.conformance.ts',
    'reference/owed.conformance.ts',
    'enrollments/owed-429.conformance.ts',
  ].map(file);

  test('names suite files that exist', () => {
    for (const { file: name } of LAST_IN_RUN)
      expect(existsSync(join(PROJECT_ROOT, 'suites', 'utility', `${name}.ts`))).toBe(true);
  });

  test("its files run after the families' other files: the table's order, then the families'", async () => {
    const sorted = await new FamiliesSpread({ config: { root } } as unknown as Vitest).sort([...specs]);
    expect(sorted.map((s) => s.moduleId.slice(`${root}/suites/`.length))).toEqual([
      'reference/owed.conformance.ts',
      'utility/ping.conformance.ts',
      'utility/owed-429.conformance.ts',
      'reference/owed-429.conformance.ts',
      'enrollments/owed-429.conformance.ts',
      'medicare/owed-429.conformance.ts',
      'utility/rate-limits.conformance.ts',
      'run-wide/invariants.conformance.ts',
    ]);
  });
});

describe('the run-wide checks', () => {
  const root = '/repo';
  const specs = [
    'suites/run-wide/invariants.conformance.ts',
    'suites/utility/ping.conformance.ts',
    'suites/reference/issuers.conformance.ts',
    'suites/utility/edge.conformance.ts',
    'suites/enrollments/create.conformance.ts',
    'suites/reference/counties.conformance.ts',
  ].map((f) => ({ moduleId: `${root}/${f}` }) as TestSpecification);
  const sequencer = (shard?: { index: number; count: number }) =>
    new FamiliesSpread({ config: { root, shard } } as unknown as Vitest);

  test('run after every other file', async () => {
    const sorted = await sequencer().sort([...specs]);
    expect(sorted.map((s) => isRunWide(s.moduleId))).toEqual([false, false, false, false, false, true]);
  });

  test("run in every shard, over that shard's own exchanges", async () => {
    const shards = await Promise.all([1, 2, 3].map((index) => sequencer({ index, count: 3 }).shard([...specs])));
    for (const shard of shards) expect(shard.filter((s) => isRunWide(s.moduleId))).toHaveLength(1);
    const rest = shards.flatMap((shard) => shard.filter((s) => !isRunWide(s.moduleId)).map((s) => s.moduleId));
    expect(rest.sort()).toEqual(
      specs
        .filter((s) => !isRunWide(s.moduleId))
        .map((s) => s.moduleId)
        .sort(),
    );
  });

  test('live in a folder that exists', () => {
    expect(existsSync(join(PROJECT_ROOT, RUN_WIDE_FOLDER))).toBe(true);
  });
});
