/**
 * `plan` and `run` share one decision, as a property over target profiles: for any profile
 * (roles present or not, keys shared or not, variables set or not, fixtures, read-only, run
 * profile, families), both stop with exit 2 before any request or neither does; when they go
 * on, the plan's checks are the run's (each run or skipped for the same need, the same rules left
 * unproven by a running check), and so are the required rules left unproven and the verdict of
 * completeness the run's own summary gives. The run's side is the worker's own: the target
 * context it builds (harness/target.ts) and the summary the reporter builds.
 */
import { writeFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { forecastOf } from '../engine/forecast.js';
import { planRun, type RunPlan } from '../engine/plan.js';
import { runConfigOf, runInfoOf } from '../engine/plan-outputs.js';
import { ConfigError } from '../harness/errors.js';
import { FAMILIES, type Finding } from '../harness/model.js';
import { FIXTURES, KEY_ROLE_NAMES } from '../harness/profile-vocabulary.js';
import { loadTargetProfile, referenceProfilePath } from '../harness/profile.js';
import { RUN_PROFILE_NAMES } from '../harness/run-profiles.js';
import { unmetNeed, unmetRuleNeeds } from '../harness/suite/needs.js';
import { createTargetContext } from '../harness/target.js';
import { catalogueOf } from '../reports/run-info.js';
import { selectedChecks } from '../reports/required.js';
import { buildSummary } from '../reports/summary.js';
import { useInventory } from './collected-inventory.js';
import { scratch } from './e2e/cli.js';

const tmp = scratch('plan-run');
const reference = loadTargetProfile(referenceProfilePath());
const VARIABLES = ['PR_KEY_A', 'PR_KEY_B', 'PR_KEY_C', 'PR_KEY_D'] as const;
const collected = useInventory();
afterAll(() => tmp.dispose());

interface Drawn {
  roles: Record<string, { variable: (typeof VARIABLES)[number]; tier: 'low' | 'medium' | 'high' }>;
  /** Each variable: a key of one of three values, or unset. */
  values: Record<string, string | undefined>;
  fixtures: string[];
  readOnly: boolean;
  runProfile: string;
  families: string[];
}

const drawn: fc.Arbitrary<Drawn> = fc.record({
  roles: fc
    .dictionary(
      fc.constantFrom(...KEY_ROLE_NAMES.filter((r) => r !== 'approved')),
      fc.record({ variable: fc.constantFrom(...VARIABLES), tier: fc.constantFrom('low', 'medium', 'high') }),
      { maxKeys: 6 },
    )
    .chain((more) =>
      fc
        .record({ variable: fc.constantFrom(...VARIABLES), tier: fc.constantFrom('low', 'medium', 'high') })
        .map((approved) => ({ approved, ...more })),
    ),
  values: fc.record(
    Object.fromEntries(
      VARIABLES.map((v) => [v, fc.option(fc.constantFrom('key-one', 'key-two', 'key-three'), { nil: undefined })]),
    ),
  ) as fc.Arbitrary<Record<string, string | undefined>>,
  fixtures: fc.subarray(Object.keys(FIXTURES)),
  readOnly: fc.boolean(),
  runProfile: fc.constantFrom(...RUN_PROFILE_NAMES),
  families: fc.subarray([...FAMILIES], { minLength: 1 }),
});

let written = 0;

/** The drawn profile as a file, and the environment its variables are read from. */
function profileOf(d: Drawn): { path: string; env: NodeJS.ProcessEnv } {
  const path = tmp.path(`profile-${++written}.json`);
  const fixtures = Object.fromEntries(d.fixtures.map((name) => [name, reference.fixtures[name]]));
  writeFileSync(
    path,
    JSON.stringify({
      name: 'drawn',
      baseUrl: 'http://127.0.0.1:9',
      readOnly: d.readOnly,
      keys: Object.fromEntries(Object.entries(d.roles).map(([role, k]) => [role, { env: k.variable, tier: k.tier }])),
      fixtures: Object.fromEntries(Object.entries(fixtures).filter(([, value]) => value !== undefined)),
    }),
  );
  const env = Object.fromEntries(Object.entries(d.values).filter(([, value]) => value !== undefined));
  return { path, env };
}

/** `planRun` with `env` as the process's environment: the one gate both commands pass. */
async function plannedWith(
  env: NodeJS.ProcessEnv,
  request: Parameters<typeof planRun>[0],
): Promise<RunPlan | ConfigError> {
  const saved = Object.fromEntries(VARIABLES.map((v) => [v, process.env[v]]));
  for (const v of VARIABLES) delete process.env[v];
  Object.assign(process.env, env);
  try {
    return await planRun(request);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  } finally {
    for (const v of VARIABLES) {
      if (saved[v] === undefined) delete process.env[v];
      else process.env[v] = saved[v];
    }
  }
}

/** The run's own decision for each selected check, as findings: the worker's capabilities decide. */
async function runFindings(plan: RunPlan, env: NodeJS.ProcessEnv): Promise<Finding[]> {
  const target = await createTargetContext(runConfigOf(plan, { profile: plan.profile }), env);
  try {
    const catalogue = catalogueOf(plan.catalogue);
    return selectedChecks(collected.checks, { ...plan }).flatMap(({ family, entry }): Finding[] => {
      const base = { check: entry.title, id: entry.id, family: family as Finding['family'], exchanges: [] };
      const rules = entry.rules.map((id) => catalogue.get(id)!);
      const need = unmetNeed(entry.needs, rules, target.capabilities);
      if (need !== undefined) return [{ ...base, rules: [...entry.rules], verdict: 'skipped', needs: need }];
      const unproven = unmetRuleNeeds(entry.needs, target.capabilities);
      const proven = entry.rules.filter((r) => !unproven.some((u) => u.rule === r));
      return [
        { ...base, rules: proven, verdict: 'passed', proof: Object.fromEntries(proven.map((r) => [r, [0]])) },
        ...unproven.map((u): Finding => ({ ...base, rules: [u.rule], verdict: 'skipped', needs: u.needs })),
      ];
    });
  } finally {
    await target.client.close();
  }
}

describe('plan and run share one decision', () => {
  it('over any target profile: the same exit 2, the same checks, the same unproven rules', async () => {
    await fc.assert(
      fc.asyncProperty(drawn, async (d) => {
        const { path, env } = profileOf(d);
        const request = { target: path, profile: d.runProfile, families: d.families };
        const planned = await plannedWith(env, request);
        const unset = Object.values(d.roles).some((k) => env[k.variable] === undefined);
        if (planned instanceof ConfigError) {
          // Exit 2 before any request, for plan and run alike, only for a profile that cannot run.
          expect(planned.code).toBe('E_KEY_ENV_MISSING');
          expect(unset).toBe(true);
          return;
        }
        expect(unset).toBe(false);
        const forecast = forecastOf(planned, collected.checks, env);
        const findings = await runFindings(planned, env);
        const ran = findings.filter((f) => f.verdict === 'passed');
        const skipped = new Map(
          findings
            .filter((f) => f.verdict === 'skipped')
            .map((f) => [`${f.family}/${f.id} ${f.rules.join()}`, f.needs]),
        );
        // The run-wide and history checks (family contract) run on what the others send: no decision of the profile.
        for (const check of forecast.checks.filter((c) => c.family !== 'contract')) {
          if (check.will === 'skip') {
            expect(skipped.get(`${check.family}/${check.id} ${check.rules.join()}`), check.id).toBe(check.needs);
            continue;
          }
          expect(
            ran.some((f) => f.family === check.family && f.id === check.id),
            check.id,
          ).toBe(true);
          for (const u of check.unproven ?? [])
            expect(skipped.get(`${check.family}/${check.id} ${u.rule}`), check.id).toBe(u.needs);
        }
        const own = (f: { family: string }) => f.family !== 'contract';
        expect(ran.filter(own).length + [...skipped.keys()].filter((k) => !k.startsWith('contract/')).length).toBe(
          forecast.checks.filter(own).reduce((n, c) => n + 1 + (c.unproven?.length ?? 0), 0),
        );
        const summary = buildSummary(
          runInfoOf(planned, { profile: planned.profile }, new Date()),
          findings,
          catalogueOf(planned.catalogue),
          { finishedAt: new Date(), inventory: collected.checks },
        );
        // The run-wide checks judge what the others send (and the preflight's pings): a rule is theirs to
        // prove only with traffic, no decision of the profile's. Compared: the rules the other checks name.
        const others = new Set(
          selectedChecks(collected.checks, { ...planned })
            .filter(({ family }) => family !== 'contract')
            .flatMap(({ entry }) => entry.rules),
        );
        const withoutRunWide = (f: Finding) => f.family !== 'contract' || f.verdict !== 'passed';
        const ownSummary = buildSummary(
          runInfoOf(planned, { profile: planned.profile }, new Date()),
          findings.filter(withoutRunWide),
          catalogueOf(planned.catalogue),
          { finishedAt: new Date(), inventory: collected.checks },
        );
        const decided = (m: { rule: string }[]) =>
          m
            .map((r) => r.rule)
            .filter((r) => others.has(r))
            .sort();
        expect(decided(forecast.required.missing)).toEqual(decided(ownSummary.required.missing));
        expect(decided(summary.required.missing)).toEqual(
          decided(forecast.required.missing).filter((r) => summary.required.missing.some((m) => m.rule === r)),
        );
        expect(forecast.complete).toBe(forecast.required.missing.length === 0);
      }),
      { numRuns: 40, seed: 31 },
    );
  }, 180_000);
});
