/**
 * The rule catalogue as verify() needs it at registration time: synchronously, so an unknown
 * rule id in a suite fails the file while it is collected, before any request is sent.
 */
import { inject } from 'vitest';
import type { Rule } from '../model.js';
import { catalogueFrom, loadRulesOnce, type RuleCatalogue } from '../rules.js';

let cached: RuleCatalogue | undefined;

/** The rule catalogue: the one the engine read (RunInputs), else specs/rules.json read once. */
export function ruleCatalogue(): RuleCatalogue {
  cached ??= providedCatalogue() ?? loadRulesOnce();
  return cached;
}

function providedCatalogue(): RuleCatalogue | undefined {
  const read = inject('runConfig')?.inputs?.catalogue;
  return read ? catalogueFrom(read) : undefined;
}

export type RuleLookup = Pick<RuleCatalogue, 'byId'>;

/** The catalogue entries of a check's rules; an unknown or repeated id throws, naming the check. */
export function resolveRules(catalogue: RuleLookup, check: string, ids: readonly string[]): Rule[] {
  if (ids.length === 0)
    throw new Error(`check "${check}" names no rule; every check verifies at least one rule of specs/rules.json`);
  const unknown = ids.filter((id) => catalogue.byId(id) === undefined);
  if (unknown.length > 0) {
    throw new Error(
      `check "${check}" names unknown rule id(s) ${unknown.join(', ')}; use ids from specs/rules.json ` +
        `(partner-conformance rules)`,
    );
  }
  const repeated = ids.filter((id, i) => ids.indexOf(id) !== i);
  if (repeated.length > 0) throw new Error(`check "${check}" names rule(s) ${repeated.join(', ')} twice`);
  return ids.map((id) => catalogue.byId(id)!);
}
