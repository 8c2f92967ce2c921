import { FAMILIES, type Family, type Rule } from '../model.js';

/** The folder of the checks over the whole run (engine/suite-order.ts RUN_WIDE_FOLDER): theirs is the run's family. */
const RUN_WIDE = 'run-wide';

/** The folder under `suites/` a file is in (`enrollments`, `run-wide`), if it is in one. */
export const suiteFolderOf = (filepath: string): string | undefined =>
  /(?:^|[\\/])suites[\\/]([^\\/]+)[\\/]/.exec(filepath)?.[1];

/**
 * The family of a check: the `suites/<family>/` folder of its file, the run's own (`contract`)
 * for a check over the whole run, else the first family its first rule applies to, else `contract`.
 */
export function familyOf(filepath: string | undefined, rules: readonly Rule[]): Family | 'contract' {
  const folder = filepath ? suiteFolderOf(filepath) : undefined;
  if (folder === RUN_WIDE) return 'contract';
  if (folder && (FAMILIES as readonly string[]).includes(folder)) return folder as Family;
  return rules[0]?.families[0] ?? 'contract';
}
