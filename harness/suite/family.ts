import { FAMILIES, type Family, type Rule } from '../model.js';

/**
 * The family of a check: the `suites/<family>/` folder of its file, else the first family
 * its first rule applies to, else the run's own (`contract`).
 */
export function familyOf(filepath: string | undefined, rules: readonly Rule[]): Family | 'contract' {
  const folder = filepath ? /(?:^|[\\/])suites[\\/]([^\\/]+)[\\/]/.exec(filepath)?.[1] : undefined;
  if (folder && (FAMILIES as readonly string[]).includes(folder)) return folder as Family;
  return rules[0]?.families[0] ?? 'contract';
}
