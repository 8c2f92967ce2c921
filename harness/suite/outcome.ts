/**
 * From what a check did (returned, threw a RuleViolation, threw a skip, crashed) to its
 * Finding. The rule catalogue decides strength: a failed `stated` rule fails the run, a failed
 * `inferred` rule is a warning unless the run is strict.
 */
import type { Exchange, Family, Finding, Rule, Verdict } from '../model.js';
import { isRuleViolation, type RuleViolation } from '../checks/violation.js';
import { isPropertyCounterexample } from './counterexample.js';
import { isSkipCheck } from './skip.js';

export interface CheckIdentity {
  /** The test title. */
  check: string;
  family: Family | 'contract';
  /** The rules the check declares, from the catalogue. */
  rules: readonly Rule[];
}

export interface OutcomeInput extends CheckIdentity {
  /** undefined when the check returned normally. */
  thrown?: unknown;
  exchanges: readonly Exchange[];
  strict: boolean;
  durationMs: number;
  /** Builds the reproduction command for the rules a finding names. */
  reproduce(rules: readonly string[]): string;
}

/** A finding plus what verify() does with the test: pass, fail (rethrow) or skip. */
export interface Outcome {
  finding: Finding;
  action: 'pass' | 'fail' | 'skip';
  /** For `fail`: the error the test throws. For `skip`: the note. */
  error?: unknown;
  note?: string;
}

/** Sections of the rules, in order, without repeats: `4.1, 5.2`. */
export function sectionsOf(rules: readonly Rule[]): string {
  return [...new Set(rules.map((r) => r.section))].join(', ');
}

/** `warning` only when every violated rule is inferred (or the check said so) and the run is not strict. */
export function verdictOf(violation: RuleViolation, catalogue: readonly Rule[], strict: boolean): Extract<Verdict, 'failed' | 'warning'> {
  if (strict) return 'failed';
  if (violation.severity === 'warning') return 'warning';
  const violated = catalogue.filter((r) => violation.rules.includes(r.id));
  const anyStated = violated.length === 0 || violated.some((r) => r.strength === 'stated');
  return anyStated ? 'failed' : 'warning';
}

/** A check that threw a Check-library-free error: a defect of the check or an unmapped failure. */
function crashMessage(e: unknown): string {
  return e instanceof Error ? `${e.name}: ${e.message}` : String(e);
}

/** Where a property check's failure came from, added to what the finding observed. */
function counterexampleNote(thrown: unknown): string {
  return isPropertyCounterexample(thrown) ? `\ncounterexample (seed ${thrown.seed}, ${thrown.numRuns} run(s)): ${thrown.counterexample}` : '';
}

export function outcomeOf(input: OutcomeInput, violatedRules: (ids: readonly string[]) => readonly Rule[]): Outcome {
  // A property failure is judged by what its minimal run threw, and shows that run's exchanges.
  const thrown = isPropertyCounterexample(input.thrown) ? input.thrown.failure : input.thrown;
  const note = counterexampleNote(input.thrown);
  const exchanges = isPropertyCounterexample(input.thrown) ? [...input.thrown.exchanges] : [...input.exchanges];
  const declared = input.rules.map((r) => r.id);
  const base = {
    check: input.check,
    family: input.family,
    exchanges,
    durationMs: Math.round(input.durationMs),
  };
  if (thrown === undefined) {
    return { action: 'pass', finding: { ...base, rules: declared, section: sectionsOf(input.rules), verdict: 'passed', reproduce: input.reproduce(declared) } };
  }
  if (isSkipCheck(thrown)) {
    const finding: Finding = { ...base, rules: declared, section: sectionsOf(input.rules), verdict: 'skipped', needs: thrown.needs, message: `skipped: needs ${thrown.needs}` };
    return { action: 'skip', finding, note: `needs ${thrown.needs}` };
  }
  if (isRuleViolation(thrown)) {
    const rules = violatedRules(thrown.rules);
    const verdict = verdictOf(thrown, rules, input.strict);
    const finding: Finding = {
      ...base,
      rules: [...thrown.rules],
      section: sectionsOf(rules),
      verdict,
      expected: thrown.expected,
      observed: thrown.observed + note,
      message: thrown.title,
      reproduce: input.reproduce(thrown.rules),
    };
    return verdict === 'failed' ? { action: 'fail', finding, error: input.thrown } : { action: 'pass', finding };
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
