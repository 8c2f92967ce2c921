/**
 * What a run would do, known without sending a request: the checks its suite files hold
 * (collected, not run), which of them a profile can serve and which it would skip with what
 * they need, and whether the run can reach a complete verdict (every required rule proven).
 * It reuses the run's own decisions (unmetNeed, ruleVerdicts, the required rules), so the
 * `plan` command says what the run will say. What only the target's answers decide (a
 * fixture the preflight finds absent, data a check needs) it cannot foresee.
 */
import { KeyRing } from '../harness/client/keys.js';
import type { Finding, Rule } from '../harness/model.js';
import { FIXTURES, KEY_ROLES, type FixtureSpec, type KeyRoleSpec } from '../harness/profile-vocabulary.js';
import { runProfile } from '../harness/run-profiles.js';
import { sideEffectFreeWrites } from '../harness/side-effect-free.js';
import { unmetNeed, unmetRuleNeeds, type Capabilities } from '../harness/suite/needs.js';
import { capabilitiesOf } from '../harness/suite/capabilities.js';
import { catalogueOf } from '../reports/run-info.js';
import { missingRequired, requiredRules, selectedChecks, type InventoryCheck } from '../reports/required.js';
import { ruleVerdicts } from '../reports/summary.js';
import type { RunPlan } from './plan.js';
import type { MissingRule, RequiredSummary } from '../reports/types.js';

const PLAN_FORMAT = 'partner-conformance.plan/1';

interface ForecastCheck {
  family: string;
  id: string;
  title: string;
  rules: string[];
  will: 'run' | 'skip';
  /** For a skip: what the check needs that the run will not have. */
  needs?: string;
  /** For a check that runs: the rules it will not prove here, each with what it needs (`needs.ruleNeeds`). */
  unproven?: Array<{ rule: string; needs: string }>;
}

interface ForecastKey {
  role: string;
  /** The variable the profile names (never its value); a plan is made only when every one is set, as a run is. */
  env: string;
}

export interface Forecast {
  format: typeof PLAN_FORMAT;
  target: { name: string; embedded: boolean };
  runProfile: RunPlan['runProfile'];
  families: RunPlan['families'];
  rules?: string[];
  shard?: string;
  /**
   * Whether a failed inferred rule fails the run, and what makes it (`profile`: the target
   * profile's `strict`, `flag`: `--strict`); `inferred`: the selected checks' inferred rules, which
   * warn, each with its reason, when the run is not strict.
   */
  strict: { on: boolean; by?: 'profile' | 'flag'; inferred: number };
  checks: ForecastCheck[];
  counts: { selected: number; run: number; skip: number };
  required: RequiredSummary;
  /** Every required rule has a check that will run: the run can reach a complete verdict. */
  complete: boolean;
  keys: ForecastKey[];
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
    runProfile: plan.runProfile,
    keys: new KeyRing(profile.keys, env),
    writable,
    allowedWrites: writable ? [] : sideEffectFreeWrites(profile.sideEffectFreeWrites),
    embedded: plan.target.kind === 'embedded',
    webhookReceiver: plan.target.kind === 'embedded' || plan.target.webhookListen !== undefined,
  });
}

/**
 * The findings each check will have as far as needs decide: run (proving its rules, if the
 * target conforms, but those whose own needs are unmet: skipped with them) or skip.
 */
function forecastFindings(check: ForecastCheck): Finding[] {
  const base = { check: check.title, id: check.id, family: check.family as Finding['family'], rules: check.rules };
  if (check.will === 'skip') return [{ ...base, verdict: 'skipped', needs: check.needs, exchanges: [] }];
  const unproven = check.unproven ?? [];
  const proven = check.rules.filter((r) => !unproven.some((u) => u.rule === r));
  return [
    {
      ...base,
      rules: proven,
      verdict: 'passed',
      exchanges: [],
      proof: Object.fromEntries(proven.map((r) => [r, [0]])),
    },
    ...unproven.map(
      ({ rule, needs }): Finding => ({ ...base, rules: [rule], verdict: 'skipped', needs, exchanges: [] }),
    ),
  ];
}

/**
 * The run-wide and history checks (suites/run-wide/, family `contract`) judge what the run's
 * other checks send. A rule another check of the run names is shown only by that check's
 * exchanges (a 429's envelope by the low-tier checks, the account boundary by the other
 * account's): foreseen proven only where such a check runs and proves it. A rule only they name
 * (a history rule, an order every answer keeps) is shown by the traffic of its families, which
 * a check of them that runs sends: none when no family of the rule runs (the issuers' order in
 * a run of the enrollments).
 */
interface RunWideForesight {
  /** The rule is foreseen proven by a run-wide check that runs. */
  proven(rule: string): boolean;
  /** The run sends traffic of the rule's families: a run-wide check with such a rule judges something. */
  trafficOf(rule: string): boolean;
}

function runWideForesight(checks: readonly ForecastCheck[], familiesOf: (rule: string) => readonly string[]) {
  const own = checks.filter((c) => c.family !== 'contract');
  const named = new Set(own.flatMap((c) => c.rules));
  const running = own.filter((c) => c.will === 'run');
  const sent = new Set(running.flatMap((c) => c.rules.filter((r) => !c.unproven?.some((u) => u.rule === r))));
  const families = new Set<string>(running.map((c) => c.family));
  const trafficOf = (rule: string) => familiesOf(rule).some((f) => families.has(f));
  return { proven: (rule) => sent.has(rule) || (!named.has(rule) && trafficOf(rule)), trafficOf } as RunWideForesight;
}

/** What a run-wide check with no rule left to show needs, in the words of a finding's `needs`. */
const RUN_WIDE_NEED = 'a check of the run that sends what shows its rules';

function runWideChecks(checks: ForecastCheck[], foresight: RunWideForesight): ForecastCheck[] {
  return checks.map((c) =>
    c.family === 'contract' && c.will === 'run' && !c.rules.some(foresight.trafficOf)
      ? { ...c, will: 'skip', needs: RUN_WIDE_NEED }
      : c,
  );
}

/** A run-wide check that runs proves the rules of it the run's checks show (RunWideForesight.proven). */
function runWideProofs(findings: Finding[], foresight: RunWideForesight): Finding[] {
  return findings.map((f) =>
    f.family === 'contract' && f.verdict === 'passed'
      ? { ...f, proof: Object.fromEntries(f.rules.filter(foresight.proven).map((r) => [r, [0]])) }
      : f,
  );
}

/**
 * The missing rules a run-wide check that runs judges: a plan foresees the checks, not what their
 * requests carry (a bound request's list filters), so the run may still prove them over its traffic.
 */
function maybeShownByTraffic(missing: MissingRule[], checks: readonly ForecastCheck[]): MissingRule[] {
  const judged = new Set(checks.filter((c) => c.family === 'contract' && c.will === 'run').flatMap((c) => c.rules));
  return missing.map((m) => (judged.has(m.rule) ? { ...m, traffic: true as const } : m));
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
  const inferred = new Set(
    selected.flatMap(({ entry }) => entry.rules).filter((id) => catalogue.get(id)?.strength === 'inferred'),
  );
  const foreseen: ForecastCheck[] = selected.map(({ family, entry }): ForecastCheck => {
    const need = unmetNeed(entry.needs, rulesOf(entry.rules), can);
    const unproven = need === undefined ? unmetRuleNeeds(entry.needs, can) : [];
    return {
      family,
      id: entry.id,
      title: entry.title,
      rules: [...entry.rules],
      will: need === undefined ? 'run' : 'skip',
      ...(need !== undefined ? { needs: need } : {}),
      ...(unproven.length > 0 ? { unproven } : {}),
    };
  });
  const foresight = runWideForesight(foreseen, (rule) => catalogue.get(rule)?.families ?? []);
  const checks = runWideChecks(foreseen, foresight);
  const findings = runWideProofs(checks.flatMap(forecastFindings), foresight);
  const verdicts = ruleVerdicts(findings, catalogue, selection);
  const required = requiredRules(catalogue, selection, inventory);
  const missing = maybeShownByTraffic(missingRequired(required.rules, verdicts, findings, selected), checks);
  const run = checks.filter((c) => c.will === 'run').length;
  return {
    format: PLAN_FORMAT,
    target: { name: plan.profile.name, embedded: plan.target.kind === 'embedded' },
    runProfile: plan.runProfile,
    families: plan.families,
    ...(plan.rules ? { rules: plan.rules } : {}),
    ...(plan.shard ? { shard: plan.shard } : {}),
    strict: strictnessOf(plan, inferred.size),
    checks,
    counts: { selected: checks.length, run, skip: checks.length - run },
    required: { ...required, missing },
    complete: missing.length === 0,
    keys:
      plan.target.kind === 'embedded'
        ? []
        : Object.entries(plan.profile.keys).map(([role, ref]) => ({ role, env: ref.env })),
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

/** The run's strictness and what sets it: the profile wins the telling, as the flag adds nothing to it. */
function strictnessOf(plan: RunPlan, inferred: number): Forecast['strict'] {
  if (!plan.strict) return { on: false, inferred };
  return { on: true, by: plan.profile.strict === true ? 'profile' : 'flag', inferred };
}
