import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { PROJECT_ROOT } from '../harness/paths.js';
import { byPath, LAST_IN_FAMILY, spreadGroups } from './suite-order.js';

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
