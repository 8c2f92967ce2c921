/**
 * The target profile `init` writes: every key role and fixture the selected checks of a run
 * profile declare in their `needs` (the declarations `plan` reads), each key its role's
 * conventional variable, each value only the target's owner knows marked `FILL: …` with what it
 * must be (the loader refuses the file until none is left: E_PROFILE_UNFILLED), and the lines
 * that say what is left to fill.
 */
import { REQUIRED_ROLES } from '../engine/plan-inputs.js';
import { FILL_PREFIX } from '../harness/profile.js';
import { FIXTURES, KEY_ROLES, type FixtureSpec, type KeyRoleSpec } from '../harness/profile-vocabulary.js';
import { runProfile, type RunProfile } from '../harness/run-profiles.js';
import { tiersToMeasure } from '../harness/suite/stage-keys.js';
import type { InventoryCheck } from '../reports/required.js';

export interface ScaffoldRequest {
  /** Checked base URLs, without `/v1`. */
  baseUrl: string;
  legacyBaseUrl?: string;
  medicareBaseUrl?: string;
  name: string;
  runProfile: RunProfile;
  /** The checks such a run selects. */
  checks: readonly InventoryCheck[];
  /** Where the profile schema is, from the file written (for editors). */
  schemaRef: string;
}

export interface Scaffold {
  profile: Record<string, unknown>;
  /** What is left to fill, a line each, for the console. */
  leftToFill: string[];
}

const ROLES = KEY_ROLES as Record<string, KeyRoleSpec>;
const FIXTURE_SPECS = FIXTURES as Record<string, FixtureSpec>;
const TIER_TO_FILL = `${FILL_PREFIX}low, medium or high: the rate tier of this key (the client paces to it)`;

/**
 * The tier roles a check that measures tiers besides tierLow's (`needs.otherTier`) would take in
 * this run profile, chosen as the run chooses them (tiersToMeasure) among the roles whose tier the
 * vocabulary states.
 */
function tierRolesToMeasure(name: RunProfile): string[] {
  const tiered = Object.entries(ROLES).flatMap(([role, spec]) =>
    spec.tier ? [[role, { env: spec.env, tier: spec.tier }] as const] : [],
  );
  return tiersToMeasure(Object.fromEntries(tiered), () => true, runProfile(name).tierRequests ?? 0).map((t) => t.role);
}

/** Names of `table` the checks need, in the table's order. */
function needed(table: Record<string, unknown>, names: Iterable<string>): string[] {
  const wanted = new Set(names);
  return Object.keys(table).filter((name) => wanted.has(name));
}

export function profileScaffold(request: ScaffoldRequest): Scaffold {
  const needs = request.checks.map((c) => c.entry.needs);
  // A run-wide or history check judges what the family checks send: the key it needs (the other
  // account's) is asked for by the family checks that send with it, and not for a run without them.
  const own = request.checks.filter((c) => c.family !== 'contract').map((c) => c.entry.needs);
  const roles = needed(ROLES, [
    ...REQUIRED_ROLES,
    ...own.flatMap((n) => [...(n.roles ?? []), ...(n.distinctKeys ?? [])]),
    ...(needs.some((n) => n.otherTier) ? tierRolesToMeasure(request.runProfile) : []),
  ]);
  const fixtures = needed(
    FIXTURE_SPECS,
    needs.flatMap((n) => n.fixtures ?? []),
  );
  const writes = runProfile(request.runProfile).writes;
  const sends = [...new Set(needs.flatMap((n) => n.sends ?? []))];
  const webhookChecks = needs.filter((n) => n.webhookReceiver).length;
  const profile = {
    $schema: request.schemaRef,
    name: request.name,
    description:
      `Written by partner-conformance init for a ${request.runProfile} run. Replace each "${FILL_PREFIX}..." ` +
      'value, or remove an entry the target cannot give (`partner-conformance plan` then names the rules that ' +
      'leaves unproven).',
    baseUrl: request.baseUrl,
    ...(request.legacyBaseUrl ? { legacyBaseUrl: request.legacyBaseUrl } : {}),
    ...(request.medicareBaseUrl ? { medicareBaseUrl: request.medicareBaseUrl } : {}),
    readOnly: !writes,
    ...(!writes && sends.length > 0 ? { sideEffectFreeWrites: sends } : {}),
    keys: Object.fromEntries(
      roles.map((role) => [role, { env: ROLES[role]!.env, tier: ROLES[role]!.tier ?? TIER_TO_FILL }]),
    ),
    fixtures: Object.fromEntries(
      fixtures.map((name) => [name, `${FILL_PREFIX}${FIXTURE_SPECS[name]!.format}: ${FIXTURE_SPECS[name]!.meaning}`]),
    ),
  };
  const untiered = roles.filter((role) => ROLES[role]!.tier === undefined);
  const leftToFill = [
    'Left to fill:',
    `  export each key's variable from your secret store (never write a key in the file):`,
    ...roles.map((role) => `    ${ROLES[role]!.env.padEnd(32)} ${role}: ${ROLES[role]!.meaning}`),
    ...(untiered.length
      ? [`  the rate tier of ${untiered.join(', ')} ("tier": low, medium or high; the client paces to it)`]
      : []),
    ...(fixtures.length
      ? [`  ${fixtures.length} fixtures: replace each "${FILL_PREFIX}..." with your target's value, or remove it`]
      : []),
    ...fixtures.map((name) => `    ${name.padEnd(32)} ${FIXTURE_SPECS[name]!.format}`),
    ...(request.legacyBaseUrl && request.medicareBaseUrl
      ? []
      : ['  legacyBaseUrl, medicareBaseUrl: the older ICHRA and Medicare APIs, where not at baseUrl']),
    ...(webhookChecks
      ? [
          `  ${webhookChecks} checks need a receiver of the older ICHRA webhooks: run with ` +
            '--webhook-listen <port> and name its public address in "webhookReceiver" (docs/profiles.md)',
        ]
      : []),
    'Optional: the roles and fixtures some checks read when present ("when present" in the tables of ' +
      'docs/profiles.md); a reader and a sessions key carry families in rate buckets of their own.',
  ];
  return { profile, leftToFill };
}
