/**
 * The order of a run's suite files: each family's files spread evenly over the run (a family's
 * files in path order). Families lean on different keys (harness/suite/family-keys.ts: the
 * ungated ones on `reader`, enrollment sessions on `sessions`, the other gated ones on
 * `approved`; the rate-limit checks on `tierLow`), and a key's bucket refills while another
 * family's file runs, so the waits of a small family fall between the files of a large one
 * instead of after them; a few files go last in their family (LAST_IN_FAMILY). The families'
 * files of LAST_IN_RUN follow, back to back in the families' order, then the run-wide checks
 * (RUN_WIDE_FOLDER), in every run and in every shard: they judge the exchanges all the others
 * sent. The order is fixed: every machine runs the same files in the same order (vitest's
 * default sorts by the durations it cached from earlier runs).
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { FAMILIES } from '../harness/model.js';
import { familyOfModule } from '../reports/finding-from-test.js';

/**
 * `items` with every group's members spread evenly: the i-th of a group of n sits at (i + ½) / n
 * of the run; ties go by group name. Within a group, `order` decides.
 */
export function spreadGroups<T>(items: readonly T[], groupOf: (item: T) => string, order: (a: T, b: T) => number): T[] {
  const groups = new Map<string, T[]>();
  for (const item of [...items].sort(order)) groups.set(groupOf(item), [...(groups.get(groupOf(item)) ?? []), item]);
  const placed = [...groups].flatMap(([group, members]) =>
    members.map((item, i) => ({ item, group, at: (i + 0.5) / members.length })),
  );
  return placed.sort((a, b) => a.at - b.at || (a.group < b.group ? -1 : a.group > b.group ? 1 : 0)).map((p) => p.item);
}

/**
 * Files that run after the rest of their family, in this order, each with why: what the
 * family's other files create or read saves them requests, or is what they judge.
 */
export const LAST_IN_FAMILY: ReadonlyArray<{ file: string; why: string }> = [
  {
    file: 'suites/enrollments/list-pages.conformance',
    why: 'tops the account up to 26 listed applications: those the family made already count',
  },
  {
    file: 'suites/enrollments/history.conformance',
    why: "replays the family's creates late and lists each state its applications last showed: what the others made",
  },
  {
    file: 'suites/enrollments/overlaps.conformance',
    why:
      "acts on the applications the family's other files leave in the states its draws need, " +
      'once the history is judged',
  },
  {
    file: 'suites/enrollments/late-replay.conformance',
    why: "replays the family's earliest create: the later it runs, the less of the profile's wait is left to spend",
  },
  {
    file: 'suites/policy-status/listed-ids.conformance',
    why: "reads the confirmation ids the family's other files listed",
  },
];

/**
 * Files that run after all the families' other files, in this order (a file of every family one family after
 * another, in the families' order), each with why.
 */
export const LAST_IN_RUN: ReadonlyArray<{ file: string; why: string }> = [
  {
    file: 'owed-429.conformance',
    why:
      "each operation is sent once with its key's rate bucket empty: back to back, the operations of every family " +
      'are sent before a token comes back, so one burst empties the bucket for all of them (suites/owed/rate.ts)',
  },
  {
    file: 'rate-limits.conformance',
    why:
      "the low tier's recovery starts from the 429 the operations before it left its bucket in: one request, " +
      'not three',
  },
];

/** A file's place among LAST_IN_RUN (1-based), or 0 for a file of the spread. */
const lastInRunRank = (moduleId: string): number => {
  const path = moduleId.replaceAll('\\', '/');
  return LAST_IN_RUN.findIndex(({ file }) => ['ts', 'js'].some((ext) => path.endsWith(`/${file}.${ext}`))) + 1;
};

/** The order of LAST_IN_RUN's files: the table's, then the families' (harness/model.ts). */
const familyIndex = (moduleId: string): number => (FAMILIES as readonly string[]).indexOf(familyOfModule(moduleId));
const inLastOrder = (a: Pick<TestSpecification, 'moduleId'>, b: Pick<TestSpecification, 'moduleId'>) =>
  lastInRunRank(a.moduleId) - lastInRunRank(b.moduleId) || familyIndex(a.moduleId) - familyIndex(b.moduleId);

/** The folder of the run-wide checks (harness/suite/run-wide.ts): part of every run, whatever its families. */
export const RUN_WIDE_FOLDER = 'suites/run-wide';

export const isRunWide = (moduleId: string): boolean => moduleId.replaceAll('\\', '/').includes(`/${RUN_WIDE_FOLDER}/`);

/** A file's place among LAST_IN_FAMILY (1-based), or 0 for the rest of its family. */
const lastRank = (moduleId: string) =>
  LAST_IN_FAMILY.findIndex(({ file }) => moduleId.replaceAll('\\', '/').includes(`/${file}.`)) + 1;
/** The order within a family: path order, LAST_IN_FAMILY's files after the rest in the table's order. */
export const byPath = (a: Pick<TestSpecification, 'moduleId'>, b: Pick<TestSpecification, 'moduleId'>) =>
  lastRank(a.moduleId) - lastRank(b.moduleId) || (a.moduleId < b.moduleId ? -1 : a.moduleId > b.moduleId ? 1 : 0);

/**
 * vitest's `sequence.sequencer`: families spread over the run, the run-wide checks last (sharding stays vitest's own).
 */
export class FamiliesSpread extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const runWide = files.filter((spec) => isRunWide(spec.moduleId)).sort(byPath);
    const last = files.filter((spec) => lastInRunRank(spec.moduleId) > 0).sort(inLastOrder);
    const rest = files.filter((spec) => !isRunWide(spec.moduleId) && lastInRunRank(spec.moduleId) === 0);
    return [...spreadGroups(rest, (spec) => familyOfModule(spec.moduleId), byPath), ...last, ...runWide];
  }

  /** Each shard runs its share of the families' files, and every run-wide file over its own exchanges. */
  override async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    const runWide = files.filter((spec) => isRunWide(spec.moduleId));
    return [...(await super.shard(files.filter((spec) => !isRunWide(spec.moduleId)))), ...runWide];
  }
}
