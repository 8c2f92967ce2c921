/**
 * A selection that holds no check is an error (exit 2, E_SELECTION_EMPTY), never a pass: told
 * before the run where the flags alone show it, and after it from the summary otherwise
 * (a run profile or a shard whose files hold no selected check; deselected checks send nothing).
 * So is a run whose every check was skipped (E_NOTHING_TESTED): the profile lacks what they need.
 */
import { ConfigError } from '../harness/errors.js';
import type { Family, Rule } from '../harness/model.js';
import { needsTally } from '../reports/console-writer.js';
import type { RunSummary } from '../reports/types.js';

/** `--rule` ids none of which applies to any `--family`: empty before anything runs. */
export function checkRulesMeetFamilies(families: readonly Family[], rules: readonly Rule[] | undefined): void {
  if (!rules) return;
  if (rules.some((rule) => rule.families.some((f) => families.includes(f)))) return;
  const own = [...new Set(rules.flatMap((r) => r.families))];
  throw new ConfigError(
    'E_SELECTION_EMPTY',
    `no rule of --rule ${rules.map((r) => r.id).join(', ')} applies to --family ${families.join(', ')} ` +
      `(those rules belong to ${own.join(', ')})`,
  );
}

/** Exclusions that leave nothing: every family excluded, or every --rule excluded too. */
export function checkSelectionLeft(
  families: readonly Family[],
  rules: readonly Rule[] | undefined,
  excludedRules: readonly string[] | undefined,
): void {
  const hint = 'Exclude fewer families or rules, or select others with --family and --rule.';
  if (families.length === 0)
    throw new ConfigError(
      'E_SELECTION_EMPTY',
      '--exclude-family leaves no family to run (after --family, if given)',
      hint,
    );
  if (rules && excludedRules && rules.every((r) => excludedRules.includes(r.id)))
    throw new ConfigError(
      'E_SELECTION_EMPTY',
      `--exclude-rule excludes every rule of --rule ${rules.map((r) => r.id).join(', ')}`,
      hint,
    );
}

export interface SelectionFlags {
  runProfile: string;
  families: readonly string[];
  rules?: readonly string[];
  shard?: string;
}

/**
 * Throws E_SELECTION_EMPTY when the finished run held no check about the target, and
 * E_NOTHING_TESTED when it held some but skipped every one (what they need, in the message).
 */
export function checkRanSomething(summary: Pick<RunSummary, 'outcome' | 'findings'>, selection: SelectionFlags): void {
  if (summary.outcome !== 'empty') return;
  const skipped = summary.findings.filter((f) => f.subject !== 'document' && f.verdict === 'skipped');
  const which =
    skipped.length === 1 ? 'the one selected check was' : `every one of the ${skipped.length} selected checks was`;
  if (skipped.length > 0)
    throw new ConfigError('E_NOTHING_TESTED', `${which} skipped, so nothing was tested (${needsTally(skipped)})`);
  const parts = [
    `profile ${selection.runProfile}`,
    `families ${selection.families.join(', ')}`,
    ...(selection.rules ? [`rules ${selection.rules.join(', ')}`] : []),
    ...(selection.shard ? [`shard ${selection.shard}`] : []),
  ];
  throw new ConfigError('E_SELECTION_EMPTY', `the selection (${parts.join('; ')}) holds no check: nothing was tested`);
}
