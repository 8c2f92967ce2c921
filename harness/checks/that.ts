import type { Check } from './scope.js';
import { violation } from './scope.js';

export interface Claim {
  /** The observation that must hold. */
  holds: boolean;
  title: string;
  expected: string;
  /** Evaluated only on failure, so it may describe the body at length. */
  observed: string | (() => string);
}

/** A rule-specific claim about an exchange that no library check covers (e.g. `ok` is a boolean). */
export const expectThat: Check<Claim> = (exchange, claim, scope) => {
  if (claim.holds) return;
  const observed = typeof claim.observed === 'function' ? claim.observed() : claim.observed;
  throw violation(scope, exchange, claim.title, claim.expected, observed);
};
