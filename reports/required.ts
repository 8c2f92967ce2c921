/**
 * The rules a run must prove for a complete verdict, from its run profile's `requires`
 * (harness/run-profiles.ts) and its selection, and those it did not prove with what each
 * needs. A run with a required rule skipped, blocked, not run or not reached is `incomplete`
 * (exit 7), never PASSED. Rules no run can reach (the catalogue's `unreachable`) are never
 * required; they are listed apart.
 */
import { ERROR_CODES } from '../harness/errors.js';
import { FAMILIES, type Finding, type Rule, type StopReason } from '../harness/model.js';
import { runProfile, type RequiredRules, type RunProfile } from '../harness/run-profiles.js';
import type { CheckEntry } from '../harness/suite/inventory.js';
import { notSelected } from '../harness/suite/needs.js';
import { isAccepted } from './accepted.js';
import type { Catalogue, MissingRule, RequiredSummary, RuleOutcome, RuleVerdict, RunInfo } from './types.js';

/** Each kind of requirement in a few words (`run --help`). */
export const REQUIRES_WORDS: Record<RequiredRules, string> = {
  'family-rules': 'every stated rule of the selected families',
  'check-rules': 'every stated rule its checks name',
};

/** A check of the run's inventory: its entry and the family of its file. */
export interface InventoryCheck {
  family: string;
  entry: CheckEntry;
}

/** What a run selected, as the requirement reads it. */
export type RequiredSelection = Pick<RunInfo, 'runProfile' | 'families' | 'rules' | 'shard' | 'excludedRules'>;

const families = (selection: RequiredSelection): string =>
  selection.families.length === FAMILIES.length
    ? 'every family'
    : `families ${selection.families.join(', ')} (the run's --family)`;

/** Each kind of requirement: the rules it starts from, and its words. */
const REQUIREMENTS: Record<
  RequiredRules,
  {
    rules(catalogue: readonly Rule[], selection: RequiredSelection, checks: readonly CheckEntry[]): Rule[];
    words(selection: RequiredSelection): string;
  }
> = {
  'family-rules': {
    // A rule of other families too is required of a narrower run when one of its checks names it
    // (the suite may check a shared rule in another family); a full run requires every rule.
    rules: (catalogue, selection, checks) => {
      const selected = new Set<string>(selection.families);
      const named = new Set(checks.flatMap((c) => c.rules));
      return catalogue.filter(
        (r) => r.families.every((f) => selected.has(f)) || (r.families.some((f) => selected.has(f)) && named.has(r.id)),
      );
    },
    words: (selection) =>
      selection.families.length === FAMILIES.length
        ? 'every stated rule of every family'
        : `every stated rule of ${families(selection)} that is theirs alone or that their checks name`,
  },
  'check-rules': {
    rules: (catalogue, _selection, checks) => {
      const named = new Set(checks.flatMap((c) => c.rules));
      return catalogue.filter((r) => named.has(r.id));
    },
    words: (selection) => `every stated rule the ${selection.runProfile} checks of ${families(selection)} name`,
  },
};

/**
 * A check of the run's own (`contract`: the run-wide checks, harness/suite/run-wide.ts): part of
 * every run whatever its families. It judges what the other checks sent, so the rules it names
 * are no requirement of their own: a narrow run is not held to prove them.
 */
const isRunOwn = (c: InventoryCheck): boolean => c.family === 'contract';

/** The checks of the inventory the run selected (its families, run profile and --rule; the run's own checks always). */
export function selectedChecks(inventory: readonly InventoryCheck[], selection: RequiredSelection): InventoryCheck[] {
  return inventory.filter(
    (c) =>
      ((selection.families as readonly string[]).includes(c.family) || isRunOwn(c)) &&
      notSelected(
        { runProfile: selection.runProfile, rules: selection.rules, excludedRules: selection.excludedRules },
        c.entry.rules,
        c.entry.profiles,
      ) === undefined,
  );
}

/** The rules the run must prove, and the selection's rules no run can reach. */
export function requiredRules(
  catalogue: Catalogue,
  selection: RequiredSelection,
  inventory: readonly InventoryCheck[],
): Omit<RequiredSummary, 'missing'> {
  const checks = selectedChecks(inventory, selection)
    .filter((c) => !isRunOwn(c))
    .map((c) => c.entry);
  const requirement = REQUIREMENTS[runProfile(selection.runProfile as RunProfile).requires];
  const named = new Set(checks.flatMap((c) => c.rules));
  const candidates = requirement
    .rules([...catalogue.values()], selection, checks)
    .filter((r) => r.strength === 'stated')
    .filter((r) => selection.rules === undefined || selection.rules.includes(r.id))
    // An excluded rule is never required: the run does not hold the target to it.
    .filter((r) => !selection.excludedRules?.includes(r.id))
    // A shard holds a share of the files: it answers for the rules its own checks name.
    .filter((r) => selection.shard === undefined || named.has(r.id));
  const narrowed = [
    ...(selection.rules ? [`within --rule ${selection.rules.join(', ')}`] : []),
    ...(selection.shard ? [`named by the checks of shard ${selection.shard}`] : []),
    ...(selection.excludedRules ? [`but --exclude-rule ${selection.excludedRules.join(', ')}`] : []),
  ];
  return {
    basis: [requirement.words(selection), ...narrowed].join(', '),
    rules: candidates.filter((r) => r.unreachable === undefined).map((r) => r.id),
    unreachable: candidates.filter((r) => r.unreachable !== undefined).map((r) => r.id),
  };
}

/** What a rule needs whose checks stopped at failures the run accepts (MissingRule.accepted). */
const ACCEPTED_STOP = 'its checks to get past an accepted failure they stopped at (baseline or --exclude-rule)';

/** Verdicts that prove a rule: it was judged (a failure or a warning is a verdict, not a gap). */
const PROVEN: ReadonlySet<RuleVerdict> = new Set(['passed', 'failed', 'warning']);

const STOP_WORDS: Record<StopReason, string> = {
  interrupted: 'the run was interrupted by Ctrl-C',
  deadline: 'the run stopped at its deadline',
};

/** What a required rule still needs, from its verdict, its checks' findings and the inventory. */
function needsOf(
  rule: string,
  verdict: RuleVerdict,
  findings: readonly Finding[],
  checks: readonly InventoryCheck[],
  stop: StopReason | undefined,
): string[] {
  const naming = findings.filter((f) => f.rules.includes(rule) && f.subject !== 'document');
  const distinct = (values: Array<string | undefined>) => [...new Set(values.filter((v): v is string => !!v))];
  if (verdict === 'skipped') return distinct(naming.filter((f) => f.verdict === 'skipped').map((f) => f.needs));
  if (verdict === 'blocked')
    return distinct(naming.filter((f) => f.verdict === 'blocked').map((f) => `a run not blocked by ${f.blockedBy}`));
  // A property cut short says what it needs; a check the run's stop left unfinished, the stop.
  if (verdict === 'not run')
    return distinct(
      naming
        .filter((f) => f.verdict === 'not run')
        .map((f) => f.needs ?? `its checks to run (${STOP_WORDS[stop ?? 'interrupted']})`),
    );
  const own = checks.filter((c) => c.entry.rules.includes(rule));
  if (own.length === 0) return ['a check that covers it in this run profile (none of the selected checks does)'];
  const ids = new Set(own.map((c) => `${c.family}/${c.entry.id}`));
  const theirs = findings.filter((f) => ids.has(`${f.family}/${f.id}`));
  const stoppedAt = theirs.filter((f) => f.verdict === 'failed' || f.verdict === 'warning');
  if (stoppedAt.length > 0 && stoppedAt.every(isAccepted)) return [ACCEPTED_STOP];
  if (stoppedAt.length > 0) return ['its checks to get past the violation of another rule they stopped at'];
  return ['its checks to judge an exchange for it (they ended without judging one)'];
}

/** The required rules the run did not prove, with what each needs. */
export function missingRequired(
  required: readonly string[],
  verdicts: Readonly<Record<string, RuleOutcome>>,
  findings: readonly Finding[],
  checks: readonly InventoryCheck[],
  stop?: StopReason,
): MissingRule[] {
  return required
    .map((rule) => ({ rule, verdict: verdicts[rule]?.verdict ?? 'not reached' }))
    .filter(({ verdict }) => !PROVEN.has(verdict))
    .map(({ rule, verdict }) => {
      const needs = needsOf(rule, verdict, findings, checks, stop);
      return { rule, verdict, needs, ...(needs[0] === ACCEPTED_STOP ? { accepted: true as const } : {}) };
    });
}

/** How many required rules the run proved (an accepted failure's gaps are not proven, only not counted). */
export const provenCount = (required: RequiredSummary): number =>
  required.rules.length - required.missing.length - (required.accepted?.length ?? 0);

/** The missing rules grouped by what they need, most rules first: `[needs, rule ids]`. */
export function missingByNeeds(missing: readonly MissingRule[]): Array<[string, string[]]> {
  const groups = new Map<string, string[]>();
  for (const m of missing) {
    const needs = m.needs.join('; ') || 'unknown';
    groups.set(needs, [...(groups.get(needs) ?? []), m.rule]);
  }
  return [...groups].sort((a, b) => b[1].length - a[1].length);
}

/** `12 required rules not proven (needs role tierLow ×4; ...)`: one line for headers and errors. */
export function missingLine(missing: readonly MissingRule[]): string {
  const tally = new Map<string, number>();
  for (const m of missing) for (const need of m.needs) tally.set(need, (tally.get(need) ?? 0) + 1);
  const needs = [...tally]
    .sort((a, b) => b[1] - a[1])
    .map(([need, n]) => `${need} ×${n}`)
    .join('; ');
  return (
    `${missing.length} required rule${missing.length === 1 ? '' : 's'} not ` +
    `proven${needs ? ` (needs ${needs})` : ''}`
  );
}

/** The stderr line of an incomplete run (exit 7): code, what was left unproven, the fix. */
export function incompleteLine(summary: { required: RequiredSummary; stopped?: { reason: StopReason } }): string {
  const stopped = summary.stopped ? `${STOP_WORDS[summary.stopped.reason]}; ` : '';
  return (
    `E_INCOMPLETE: ${stopped}${missingLine(summary.required.missing)}, required of this ` +
    `run: ${summary.required.basis}\n  fix: ${ERROR_CODES.E_INCOMPLETE}`
  );
}
