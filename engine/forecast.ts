/**
 * What a run would do, known without sending a request: the checks its suite files hold
 * (collected, not run), which of them a profile can serve and which it would skip with what
 * they need, and whether the run can reach a complete verdict (every required rule proven).
 * It reuses the run's own decisions (unmetNeed, ruleVerdicts, the required rules), so the
 * `plan` command says what the run will say. What only the target's answers decide (a
 * fixture the preflight finds absent, data a check needs) it cannot foresee.
 */
import { KeyRing, rolesSet } from '../harness/client/keys.js';
import type { Finding, Rule } from '../harness/model.js';
import { FIXTURES, KEY_ROLES, type FixtureSpec, type KeyRoleSpec } from '../harness/profile-vocabulary.js';
import { runProfile } from '../harness/run-profiles.js';
import { sideEffectFreeWrites } from '../harness/side-effect-free.js';
import { unmetNeed, type Capabilities } from '../harness/suite/needs.js';
import { capabilitiesOf } from '../harness/suite/capabilities.js';
import { catalogueOf } from '../reports/run-info.js';
import {
  missingRequired,
  requiredRules,
  selectedChecks,
  type InventoryCheck,
  type RequiredSummary,
} from '../reports/required.js';
import { ruleVerdicts } from '../reports/summary.js';
import type { RunPlan } from './plan.js';

const PLAN_FORMAT = 'partner-conformance.plan/1';

interface ForecastCheck {
  family: string;
  id: string;
  title: string;
  rules: string[];
  will: 'run' | 'skip';
  /** For a skip: what the check needs that the run will not have. */
  needs?: string;
}

interface ForecastKey {
  role: string;
  /** The variable the profile names (never its value). */
  env: string;
  /** Whether that variable is set in this environment (a run stops with exit 2 when it is not). */
  set: boolean;
}

export interface Forecast {
  format: typeof PLAN_FORMAT;
  target: { name: string; embedded: boolean };
  runProfile: RunPlan['runProfile'];
  families: RunPlan['families'];
  rules?: string[];
  shard?: string;
  checks: ForecastCheck[];
  counts: { selected: number; run: number; skip: number };
  required: RequiredSummary;
  /** Every required rule has a check that will run: the run can reach a complete verdict. */
  complete: boolean;
  keys: ForecastKey[];
  /** Declared roles whose variable is unset: a run would stop before any request (E_KEY_ENV_MISSING). */
  unsetKeys: string[];
}

/**
 * What the run will have, from the profile and the environment: the capabilities the run's
 * worker builds (harness/suite/capabilities.ts), with the fixtures as stated (what the
 * preflight finds absent only the run can know). A run stops before its first request when a
 * declared role's variable is unset (`planRun`), so every declared role here is set.
 */
export function plannedCapabilities(plan: RunPlan, env: NodeJS.ProcessEnv = process.env): Capabilities {
  const { profile } = plan;
  const writable = runProfile(plan.runProfile).writes && profile.readOnly !== true;
  return capabilitiesOf({
    profile,
    keys: new KeyRing(profile.keys, env),
    writable,
    allowedWrites: writable ? [] : sideEffectFreeWrites(profile.sideEffectFreeWrites),
    embedded: plan.embedded,
    webhookReceiver: plan.embedded || plan.webhookListen !== undefined,
  });
}

/** The verdict each check will have as far as needs decide: run (proving its rules, if the target conforms) or skip. */
function forecastFinding(check: ForecastCheck): Finding {
  const base = { check: check.title, id: check.id, family: check.family as Finding['family'], rules: check.rules };
  if (check.will === 'skip') return { ...base, verdict: 'skipped', needs: check.needs, exchanges: [] };
  return { ...base, verdict: 'passed', exchanges: [], proof: Object.fromEntries(check.rules.map((r) => [r, [0]])) };
}

export function forecastOf(
  plan: RunPlan,
  inventory: readonly InventoryCheck[],
  env: NodeJS.ProcessEnv = process.env,
): Forecast {
  const can = plannedCapabilities(plan, env);
  const catalogue = catalogueOf(plan.catalogue);
  const rulesOf = (ids: readonly string[]) => ids.map((id) => catalogue.get(id)).filter((r): r is Rule => !!r);
  const selection = {
    runProfile: plan.runProfile,
    families: plan.families,
    rules: plan.rules,
    shard: plan.shard,
    excludedRules: plan.excludedRules,
    excludedFamilies: plan.excludedFamilies,
  };
  const selected = selectedChecks(inventory, selection);
  const checks: ForecastCheck[] = selected.map(({ family, entry }) => {
    const need = unmetNeed(entry.needs, rulesOf(entry.rules), can);
    return {
      family,
      id: entry.id,
      title: entry.title,
      rules: [...entry.rules],
      will: need === undefined ? 'run' : 'skip',
      ...(need !== undefined ? { needs: need } : {}),
    };
  });
  const findings = checks.map(forecastFinding);
  const verdicts = ruleVerdicts(findings, catalogue, selection);
  const required = requiredRules(catalogue, selection, inventory);
  const missing = missingRequired(required.rules, verdicts, findings, selected);
  const set = rolesSet(plan.profile.keys, env);
  const keys = Object.entries(plan.profile.keys).map(([role, ref]) => ({
    role,
    env: ref.env,
    set: set.includes(role),
  }));
  const run = checks.filter((c) => c.will === 'run').length;
  return {
    format: PLAN_FORMAT,
    target: { name: plan.profile.name, embedded: plan.embedded },
    runProfile: plan.runProfile,
    families: plan.families,
    ...(plan.rules ? { rules: plan.rules } : {}),
    ...(plan.shard ? { shard: plan.shard } : {}),
    checks,
    counts: { selected: checks.length, run, skip: checks.length - run },
    required: { ...required, missing },
    complete: missing.length === 0,
    keys: plan.embedded ? [] : keys,
    unsetKeys: plan.embedded ? [] : keys.filter((k) => !k.set).map((k) => k.role),
  };
}

/** How many checks of the inventory need each fixture and key role (they skip without it), by family. */
export function readersOf(inventory: readonly InventoryCheck[]): {
  fixtures: Map<string, Map<string, number>>;
  roles: Map<string, Map<string, number>>;
} {
  const fixtures = new Map<string, Map<string, number>>();
  const roles = new Map<string, Map<string, number>>();
  const add = (table: typeof fixtures, name: string, family: string) => {
    const byFamily = table.get(name) ?? new Map<string, number>();
    byFamily.set(family, (byFamily.get(family) ?? 0) + 1);
    table.set(name, byFamily);
  };
  for (const { family, entry } of inventory) {
    for (const name of entry.needs.fixtures ?? []) add(fixtures, name, family);
    for (const role of new Set([...(entry.needs.roles ?? []), ...(entry.needs.distinctKeys ?? [])]))
      if (role !== 'approved') add(roles, role, family);
  }
  return { fixtures, roles };
}

/** The families that read a fixture or role only when present (the vocabulary's `optionalIn`). */
export const optionalReaders = (name: string, kind: 'fixture' | 'role'): readonly string[] =>
  (kind === 'fixture'
    ? (FIXTURES as Record<string, FixtureSpec>)[name]?.optionalIn
    : (KEY_ROLES as Record<string, KeyRoleSpec>)[name]?.optionalIn) ?? [];
