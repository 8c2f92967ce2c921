/**
 * The one error a check throws: a rule the target broke, with what was expected and seen.
 * verify() turns it into a Finding; anything else thrown by a check is a defect of the check.
 * Whether it fails the run or warns is the broken rules' strength in the catalogue, never the
 * check's to say: a warning carries the rules' reason (harness/suite/outcome.ts).
 */
import type { Exchange } from '../model.js';

export interface RuleViolationInit {
  /** Rule ids the observation breaks (never empty). */
  rules: readonly string[];
  /** Short headline, e.g. `unexpected status`. */
  title: string;
  expected: string;
  observed: string;
  /** The exchange that showed it (already redacted by the client). */
  exchange?: Exchange;
  /** Name of the check that raised it (its key in the check table). */
  check?: string;
}

export class RuleViolation extends Error {
  readonly code = 'E_RULE_VIOLATION' as const;
  readonly rules: string[];
  readonly title: string;
  readonly expected: string;
  readonly observed: string;
  readonly exchange?: Exchange;
  readonly check?: string;

  constructor(init: RuleViolationInit) {
    if (init.rules.length === 0) throw new TypeError('RuleViolation needs at least one rule id');
    super(`[${init.rules.join(', ')}] ${init.title}: expected ${init.expected}; observed ${init.observed}`);
    this.name = 'RuleViolation';
    this.rules = [...init.rules];
    this.title = init.title;
    this.expected = init.expected;
    this.observed = init.observed;
    this.exchange = init.exchange;
    this.check = init.check;
  }
}

export function isRuleViolation(e: unknown): e is RuleViolation {
  return e instanceof RuleViolation;
}
