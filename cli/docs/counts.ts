/**
 * Every count docs/ and README quote, from the code that decides it: the rule catalogue, the
 * inventory of checks, the reference server's faults and variants, the families, key roles and
 * fixtures. A page quotes one as `<!-- n:faults -->…<!-- /n -->`.
 */
import { FAMILIES } from '../../harness/model.js';
import { FIXTURES, KEY_ROLES } from '../../harness/profile-vocabulary.js';
import { loadRulesOnce } from '../../harness/rules.js';
import { RUN_PROFILE_NAMES, type RunProfile } from '../../harness/run-profiles.js';
import { allFaults, allVariants } from '../../reference/faults/index.js';
import { catalogueOf } from '../../reports/run-info.js';
import { requiredRules, selectedChecks, type InventoryCheck } from '../../reports/required.js';

export function docCounts(inventory: readonly InventoryCheck[]): Record<string, number> {
  const rules = loadRulesOnce().rules;
  const whole = (runProfile: RunProfile) => ({ runProfile, families: [...FAMILIES] });
  const perProfile = RUN_PROFILE_NAMES.flatMap((profile) => [
    [`checks-${profile}`, selectedChecks(inventory, whole(profile)).length],
    [`required-${profile}`, requiredRules(catalogueOf(rules), whole(profile), inventory).rules.length],
  ]);
  return {
    rules: rules.length,
    'rules-stated': rules.filter((r) => r.strength === 'stated').length,
    'rules-inferred': rules.filter((r) => r.strength === 'inferred').length,
    'rules-unreachable': rules.filter((r) => r.unreachable !== undefined).length,
    checks: inventory.length,
    ...Object.fromEntries(perProfile),
    // The named faults; those generated per operation are a count of their own (mutation --scope operations).
    faults: allFaults.filter((f) => f.cell === undefined).length,
    'faults-per-operation': allFaults.filter((f) => f.cell !== undefined).length,
    variants: allVariants.length,
    families: FAMILIES.length,
    'key-roles': Object.keys(KEY_ROLES).length,
    fixtures: Object.keys(FIXTURES).length,
  };
}
