/**
 * From what a check did (returned, threw a RuleViolation, threw a skip, crashed) to its
 * Finding. The rule catalogue decides strength: a failed `stated` rule fails the run, a failed
 * `inferred` rule is a warning, with the rule's reason to warn, unless the run is strict.
 */
import type { Exchange, Family, Finding, PropertyRuns, Rule } from '../model.js';
import { warningReasonOf } from '../rules.js';
import type { CheckNote } from '../checks/note.js';
import { isRuleViolation, type RuleViolation } from '../checks/violation.js';
import { isPropertyCounterexample, type Replay } from './counterexample.js';
import { isPropertyCutShort } from './cut-short.js';
import { isRunDeadlinePassed } from './run-deadline.js';
import { isSkipCheck } from './skip.js';
import { isStepFailed } from './setup-step.js';

interface CheckIdentity {
  /** The test title. */
  check: string;
  /** Its stable id (harness/suite/inventory.ts). */
  id?: string;
  family: Family | 'contract';
  /** The rules the check declares, from the catalogue. */
  rules: readonly Rule[];
}

export interface OutcomeInput extends CheckIdentity {
  /** undefined when the check returned normally. */
  thrown?: unknown;
  exchanges: readonly Exchange[];
  /** Per rule, the indexes in `exchanges` of the exchanges the check judged for it (none: nothing judged). */
  proof?: Record<string, number[]>;
  strict: boolean;
  durationMs: number;
  /** Builds the reproduction command for the rules a finding names. */
  /** The command that repeats the check for `rules`; `path` replays a property's counterexample alone. */
  reproduce(rules: readonly string[], path?: string): string;
  /** Non-fatal notes the check recorded; a passing check with notes is a warning. */
  notes?: readonly CheckNote[];
  /**
   * Rules the check had nothing to judge against (CheckContext.unjudged): skipped with what they need, never passed.
   */
  unjudged?: ReadonlyArray<{ rule: string; needs: string }>;
  /** A property check's runs, planned and made. */
  runs?: PropertyRuns;
}

/** A finding plus what verify() does with the test: pass, fail (rethrow) or skip. */
export interface Outcome {
  finding: Finding;
  action: 'pass' | 'fail' | 'skip';
  /** For `fail`: the error the test throws. For `skip`: the note. */
  error?: unknown;
  note?: string;
  /** Findings beside `finding`: rules of a passed check it had nothing to judge against, skipped. */
  more?: Finding[];
}

/** The rules a passed check had nothing to judge against and no exchange proved, as skipped findings, one per need. */
function unjudgedFindings(
  base: Pick<Finding, 'check' | 'family' | 'exchanges' | 'durationMs'>,
  input: OutcomeInput,
  proof: Record<string, number[]>,
): Finding[] {
  const byNeed = new Map<string, string[]>();
  for (const { rule, needs } of input.unjudged ?? [])
    if (!proof[rule]) byNeed.set(needs, [...(byNeed.get(needs) ?? []), rule]);
  return [...byNeed].map(([needs, rules]) => ({
    ...base,
    rules,
    section: sectionsOf(input.rules.filter((r) => rules.includes(r.id))),
    verdict: 'skipped',
    needs,
    message: `skipped: needs ${needs}`,
  }));
}

/** Sections of the rules, in order, without repeats: `4.1, 5.2`. */
export function sectionsOf(rules: readonly Rule[]): string {
  return [...new Set(rules.map((r) => r.section))].join(', ');
}

/** A violation's verdict, and for a warning why it is not a failure (Finding.warningReason). */
type ViolationVerdict = { verdict: 'failed' } | { verdict: 'warning'; warningReason: string };

/**
 * `warning` only when every violated rule is inferred and the run is not strict, with the
 * rules' reasons; a stated rule, or a rule the catalogue does not have, fails.
 */
export function verdictOf(violation: RuleViolation, catalogue: readonly Rule[], strict: boolean): ViolationVerdict {
  const violated = catalogue.filter((r) => violation.rules.includes(r.id));
  if (strict || violated.length === 0 || violated.some((r) => r.strength === 'stated')) return { verdict: 'failed' };
  return { verdict: 'warning', warningReason: warningReasonOf(violated) };
}

/** A check that threw a Check-library-free error: a defect of the check or an unmapped failure. */
function crashMessage(e: unknown): string {
  return e instanceof Error ? `${e.name}: ${e.message}` : String(e);
}

/** What running a property's minimal input once more said, in the finding's words. */
const REPLAY_NOTES: Record<Replay, string> = {
  reproduced: 'reproduced: the same seed and path failed again',
  flaky:
    'FLAKY: the same seed and path passed when run again (the outcome turns on timing); ' +
    'reported as failed, never as passed',
  'not replayed': 'not run again (the time of the check was spent)',
};

/** Where a property check's failure came from, added to what the finding observed. */
function counterexampleNote(thrown: unknown): string {
  if (!isPropertyCounterexample(thrown)) return '';
  const path = thrown.path ? `, path ${thrown.path}` : '';
  return (
    `\ncounterexample (seed ${thrown.seed}${path}, ${thrown.numRuns} run(s)): ${thrown.counterexample}` +
    `\n${REPLAY_NOTES[thrown.replay]}`
  );
}

/**
 * One check's outcome from how it ended (returned, threw a violation, a step failure, a crash):
 * its finding and what the test does with it. The run's outcome is reports/summary.ts's.
 */
export function checkOutcomeOf(
  input: OutcomeInput,
  violatedRules: (ids: readonly string[]) => readonly Rule[],
): Outcome {
  // A property failure is judged by what its minimal run threw, and shows that run's exchanges.
  const thrown = isPropertyCounterexample(input.thrown) ? input.thrown.failure : input.thrown;
  const note = counterexampleNote(input.thrown);
  const replayPath = isPropertyCounterexample(input.thrown) && input.thrown.path ? input.thrown.path : undefined;
  const exchanges = isPropertyCounterexample(input.thrown) ? [...input.thrown.exchanges] : [...input.exchanges];
  const declared = input.rules.map((r) => r.id);
  const base = {
    check: input.check,
    ...(input.id ? { id: input.id } : {}),
    family: input.family,
    exchanges,
    durationMs: Math.round(input.durationMs),
    ...(isPropertyCounterexample(input.thrown) && input.thrown.steps ? { steps: input.thrown.steps } : {}),
    ...(input.runs ? { runs: input.runs } : {}),
  };
  if (thrown === undefined) {
    const proof = proofOf(input.proof, declared);
    // A rule held only to exchanges it had nothing to judge against is skipped with what it needs.
    const skipped = unjudgedFindings(base, input, proof);
    const more = skipped.length > 0 ? { more: skipped } : {};
    // A check proves a rule only on an exchange it judged: one that judged none passed nothing.
    if (Object.keys(proof).length === 0)
      return skipped.length > 0
        ? { action: 'skip', finding: skipped[0]!, note: `needs ${skipped[0]!.needs}`, more: skipped.slice(1) }
        : nothingJudged(base, input);
    const notes = distinct(input.notes ?? []);
    if (notes.length > 0)
      return {
        action: 'pass',
        finding: { ...notedFinding(base, notes, violatedRules, input.reproduce), proof },
        ...more,
      };
    // The rules skipped for want of something to judge against are not among those it passed.
    const unproven = new Set(skipped.flatMap((f) => f.rules));
    const passed = declared.filter((id) => !unproven.has(id));
    return {
      action: 'pass',
      finding: {
        ...base,
        rules: passed,
        section: sectionsOf(input.rules.filter((r) => !unproven.has(r.id))),
        verdict: 'passed',
        proof,
        reproduce: input.reproduce(declared),
      },
      ...more,
    };
  }
  if (isSkipCheck(thrown)) {
    const finding: Finding = {
      ...base,
      rules: declared,
      section: sectionsOf(input.rules),
      verdict: 'skipped',
      needs: thrown.needs,
      message: `skipped: needs ${thrown.needs}`,
      ...(thrown.warning ? { configWarnings: [thrown.warning] } : {}),
    };
    return { action: 'skip', finding, note: `needs ${thrown.needs}` };
  }
  // Not a verdict on the check's rules: a cause that is not theirs stopped it.
  const blocked = (blockedBy: string, message: string, more: Partial<Finding> = {}): Outcome => ({
    action: 'skip',
    finding: {
      ...base,
      rules: declared,
      section: sectionsOf(input.rules),
      verdict: 'blocked',
      blockedBy,
      ...more,
      message: `blocked: ${message}`,
      reproduce: input.reproduce(declared),
    },
    note: `blocked by ${blockedBy}`,
  });
  // A step it needed failed; the reporter tells the step once.
  if (isStepFailed(thrown))
    return blocked(`setup step: ${thrown.failure.name}`, `setup step "${thrown.failure.name}" failed`, {
      step: thrown.failure,
    });
  // Cut short by the run's deadline (or begun after it): what it judged so far is no verdict on its
  // rules. Not run, as the checks the run's stop leaves unfinished (its exchanges are in the journal).
  if (isRunDeadlinePassed(thrown))
    return {
      action: 'skip',
      finding: { ...base, exchanges: [], rules: declared, verdict: 'not run', message: `not run: ${thrown.message}` },
      note: 'not run: the run reached its deadline',
    };
  // A property cut short by its time limit: the runs it made are no verdict on a claim over all of them.
  if (isPropertyCutShort(thrown))
    return {
      action: 'skip',
      finding: {
        ...base,
        runs: thrown.runs,
        rules: declared,
        section: sectionsOf(input.rules),
        verdict: 'not run',
        needs: thrown.needs,
        message: `not run to its end: ${thrown.message}`,
        reproduce: input.reproduce(declared),
      },
      note: `not run to its end: cut short after ${thrown.runs.executed} of ${thrown.runs.planned} runs`,
    };
  if (isRuleViolation(thrown)) {
    const rules = violatedRules(thrown.rules);
    const judged = verdictOf(thrown, rules, input.strict);
    // A check that judges an exchange of an earlier check (the run's history) shows that exchange too.
    const shown = thrown.exchange;
    const finding: Finding = {
      ...base,
      ...(shown && !base.exchanges.includes(shown) ? { exchanges: [...base.exchanges, shown] } : {}),
      ...operationOf(shown),
      rules: [...thrown.rules],
      section: sectionsOf(rules),
      ...judged,
      expected: thrown.expected,
      observed: thrown.observed + note,
      message: thrown.title,
      reproduce: input.reproduce(thrown.rules, replayPath),
    };
    return judged.verdict === 'failed' ? { action: 'fail', finding, error: input.thrown } : { action: 'pass', finding };
  }
  const finding: Finding = {
    ...base,
    rules: declared,
    section: sectionsOf(input.rules),
    verdict: 'failed',
    message: `the check could not complete: ${crashMessage(thrown)}${note}`,
    reproduce: input.reproduce(declared),
  };
  return { action: 'fail', finding, error: input.thrown };
}

/** What the check judged, for its own rules only; empty when it judged nothing. */
function proofOf(proof: Record<string, number[]> | undefined, declared: readonly string[]): Record<string, number[]> {
  return Object.fromEntries(declared.filter((id) => (proof?.[id]?.length ?? 0) > 0).map((id) => [id, proof![id]!]));
}

/** What a check needs that returned without judging any exchange: it proved nothing, so it is skipped. */
const NOTHING_JUDGED = 'an exchange to judge (the check ended without judging one)';

function nothingJudged(base: Omit<Finding, 'rules' | 'verdict'>, input: OutcomeInput): Outcome {
  const declared = input.rules.map((r) => r.id);
  return {
    action: 'skip',
    note: `needs ${NOTHING_JUDGED}`,
    finding: {
      ...base,
      rules: declared,
      section: sectionsOf(input.rules),
      verdict: 'skipped',
      needs: NOTHING_JUDGED,
      message: `skipped: needs ${NOTHING_JUDGED}`,
    },
  };
}

/** The operation a violation was judged on, when its exchange names one (a baseline entry names it). */
const operationOf = (ex: Exchange | undefined): Pick<Finding, 'operation'> =>
  ex?.operation !== undefined ? { operation: ex.operation } : {};

/** Notes once each (a property's runs may note the same thing again). */
function distinct(notes: readonly CheckNote[]): CheckNote[] {
  const seen = new Set<string>();
  return notes.filter((n) => {
    const key = `${n.rules.join()}|${n.title}|${n.observed}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A passed check that noted answers only one source allows: a warning naming each note. */
function notedFinding(
  base: Pick<Finding, 'check' | 'family' | 'exchanges' | 'durationMs'>,
  notes: readonly CheckNote[],
  rulesOf: (ids: readonly string[]) => readonly Rule[],
  reproduce: (rules: readonly string[]) => string,
): Finding {
  const rules = [...new Set(notes.flatMap((n) => n.rules))];
  const join = (pick: (n: CheckNote) => string) => [...new Set(notes.map(pick))].join('; ');
  return {
    ...base,
    ...operationOf(notes.find((n) => n.exchange)?.exchange),
    rules,
    section: sectionsOf(rulesOf(rules)),
    verdict: 'warning',
    warningReason:
      `only one of the two sources allows the answer (disagreement ${join((n) => n.disagreement)}): the ` +
      "contract's prose and the provider's document disagree there, and an answer either allows is not a failure",
    expected: join((n) => n.expected),
    observed: join((n) => n.observed),
    message: join((n) => n.title),
    reproduce: reproduce(rules),
  };
}
