/**
 * The checks of a run, known before any of them runs: verify() attaches each check's entry to
 * its vitest test when the test is registered (`meta.check`), so collecting the suite files
 * lists every check with its identity, rules, needs and run profiles (engine/inventory.ts),
 * and the reporter names a check the same way whether it passes, fails, is skipped, blocked
 * or not run.
 */
import type { CheckProfiles } from '../run-profiles.js';
import type { Rule } from '../model.js';
import { needsWrites, type Needs } from './needs.js';

/** One check as registered: nothing in it depends on a run or a verdict. */
export interface CheckEntry {
  /** Stable within its family: the slug of its title (checkId). */
  id: string;
  /** The check's title (the finding's `check`). */
  title: string;
  rules: string[];
  /** What it needs of the target and the run, with `writes` resolved from its rules. */
  needs: Needs;
  /**
   * The run profiles it names (`all`), or none: then those whose RUN_PROFILES entry takes
   * `defaultChecks` (checkBelongsTo decides, so a profile added to the table is honoured).
   */
  profiles?: CheckProfiles;
  /** A property check (its inputs are drawn). */
  property?: true;
}

/**
 * A check's id: its title in lower case, every run of other characters one `-` (`ping answers
 * 200 with the ping object` -> `ping-answers-200-with-the-ping-object`). It changes only when
 * the title does; `test/inventory.test.ts` holds ids unique within each family.
 */
export function checkId(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'check';
}

/** The entry verify() attaches to a check's test. */
export function checkEntry(
  title: string,
  rules: readonly Rule[],
  needs: Needs | undefined,
  profiles: CheckProfiles | undefined,
  property: boolean,
): CheckEntry {
  return {
    id: checkId(title),
    title,
    rules: rules.map((r) => r.id),
    needs: { ...needs, writes: needsWrites(needs, rules) },
    ...(profiles !== undefined ? { profiles } : {}),
    ...(property ? { property: true as const } : {}),
  };
}
