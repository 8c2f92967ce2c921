/**
 * What one run of the campaign says about one fault: caught or not, by which rules, and
 * whether the fault's own rule was among them.
 */
import type { Finding } from '../harness/model.js';
import { countVerdicts } from '../reports/summary.js';
import type { RunSummary } from '../reports/types.js';

export interface FaultInfo {
  name: string;
  rules: string[];
  family: string;
  summary: string;
}

/** A failing check, as the matrix shows it. */
interface Catch {
  check: string;
  family: string;
  rules: string[];
  verdict: 'failed' | 'warning';
  observed?: string;
}

export interface FaultOutcome {
  fault: string;
  /** The variant switched on beside the fault, when the campaign pairs them. */
  variant?: string;
  family: string;
  /** The rules the fault breaks. */
  faultRules: string[];
  /**
   * At least one check failed (or warned: an inferred rule) against this fault, naming a rule.
   * A failure that names no rule (a suite file that does not load) is a defect of the suite,
   * not a catch.
   */
  caught: boolean;
  /** The fault's own rule was among the failing rules. */
  ownRuleCaught: boolean;
  /** Every rule named by a failing check, sorted. */
  failingRules: string[];
  catches: Catch[];
  counts: RunSummary['counts'];
  durationMs: number;
  /** Set when the run itself could not complete. */
  error?: string;
  /**
   * Scope `operations`: the checks of its family naming its rule missed the fault, and this is
   * the outcome of its family's whole run (a rule judged over the run's every exchange).
   */
  widened?: true;
  /** Scope `operations`: no check of its family names its rule (the checks it was run against first held none). */
  unnamed?: true;
}

export interface CleanOutcome {
  counts: RunSummary['counts'];
  /** Failed or warning checks against the clean server: false failures of the suite. */
  falseFailures: Catch[];
  durationMs: number;
  reportDir?: string;
  error?: string;
}

const isCatch = (f: Finding): f is Finding & { verdict: 'failed' | 'warning' } =>
  f.verdict === 'failed' || f.verdict === 'warning';

function catchesOf(summary: RunSummary): Catch[] {
  return summary.findings
    .filter(isCatch)
    .map((f) => ({ check: f.check, family: f.family, rules: f.rules, verdict: f.verdict, observed: f.observed }));
}

export function faultOutcome(
  fault: FaultInfo,
  summary: RunSummary,
  durationMs: number,
  variant?: string,
): FaultOutcome {
  const catches = catchesOf(summary);
  const failingRules = [...new Set(catches.flatMap((c) => c.rules))].sort();
  return {
    fault: fault.name,
    ...(variant ? { variant } : {}),
    family: fault.family,
    faultRules: fault.rules,
    caught: failingRules.length > 0,
    ownRuleCaught: fault.rules.some((r) => failingRules.includes(r)),
    failingRules,
    catches,
    counts: summary.counts,
    durationMs,
  };
}

/** A run in which no check held the fault's rule: every selected check skipped, or none selected. */
export const heldNone = (o: FaultOutcome): boolean =>
  o.counts.passed + o.counts.failed + o.counts.warning + o.counts.blocked + o.counts['not run'] === 0;

export function faultError(fault: FaultInfo, error: unknown, durationMs: number, variant?: string): FaultOutcome {
  return {
    fault: fault.name,
    ...(variant ? { variant } : {}),
    family: fault.family,
    faultRules: fault.rules,
    caught: false,
    ownRuleCaught: false,
    failingRules: [],
    catches: [],
    counts: countVerdicts([]),
    durationMs,
    error: error instanceof Error ? error.message : String(error),
  };
}

export function cleanOutcome(summary: RunSummary, durationMs: number, reportDir?: string): CleanOutcome {
  return { counts: summary.counts, falseFailures: catchesOf(summary), durationMs, reportDir };
}
