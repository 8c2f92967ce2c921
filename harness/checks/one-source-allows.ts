/**
 * A claim both sources make, except where they disagree (specs/disagreements.json): when the
 * claim does not hold, the answer is one the named disagreement allows, so it is a note naming
 * the entry and both sources; a disagreement the table does not have is no excuse (violation).
 */
import { describeDisagreement } from './disagreements.js';
import type { Check } from './scope.js';
import { violation } from './scope.js';

export interface OneSourceClaim {
  /** The id of the entry in specs/disagreements.json that allows the answer when `holds` is false. */
  disagreement: string;
  /** What both sources accept holds (e.g. a string where the document also allows null). */
  holds: boolean;
  title: string;
  expected: string;
  /** Evaluated only when the claim does not hold. */
  observed: string | (() => string);
}

export const expectOneSourceAllows: Check<OneSourceClaim> = (exchange, claim, scope) => {
  if (claim.holds) return;
  const observed = typeof claim.observed === 'function' ? claim.observed() : claim.observed;
  const entry = scope.disagreements?.find((d) => d.id === claim.disagreement);
  if (!entry)
    throw violation(
      scope,
      exchange,
      claim.title,
      claim.expected,
      `${observed} (no disagreement ${claim.disagreement} allows it)`,
    );
  scope.note?.({
    check: scope.check,
    rules: scope.rules,
    disagreement: entry.id,
    title: `allowed by one source only (${entry.id})`,
    expected: claim.expected,
    observed: `${observed} (${describeDisagreement(entry)})`,
    exchange,
  });
};
