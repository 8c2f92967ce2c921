/**
 * The rule catalogue as the reports read it. What every report says about the run itself
 * (RunInfo: which target, which spec, which profile) is a type of reports/types.ts.
 */
import type { Rule } from '../harness/model.js';
import type { Catalogue } from './types.js';

/** Index a rule list by id. */
export function catalogueOf(rules: readonly Rule[]): Catalogue {
  return new Map(rules.map((rule) => [rule.id, rule]));
}
