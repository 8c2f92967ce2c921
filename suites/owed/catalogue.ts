/**
 * Where the rule catalogue holds a rule (its `families`): an operation owes a check only when
 * the rule it proves holds for the operation's family, so the catalogue is the one place that
 * says which interface a cross-cutting rule speaks of.
 */
import type { Family } from '../../harness/model.js';
import { ruleCatalogue } from '../../harness/suite/catalogue.js';
import type { Applies } from './types.js';

/** `rules` when `rule` (the first of them unless named) holds for `family`, else why not. */
export function whereHeld(family: Family, rules: string[], rule = rules[0]!): Applies {
  const families = ruleCatalogue().byId(rule)?.families;
  if (families === undefined) throw new Error(`${rule} is not in specs/rules.json`);
  return families.includes(family) ? { rules } : { reason: `${rule} holds for ${families.join(', ')} only` };
}
