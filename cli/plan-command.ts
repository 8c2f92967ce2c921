/**
 * `plan`: what a run of a target profile and a run profile would do, without sending a
 * request: which checks run, which are skipped and for what, and whether the run can reach a
 * complete verdict (exit 0) or not (exit 7). The profile is checked as a run checks it.
 */
import { FIXTURES, KEY_ROLES, type FixtureSpec, type KeyRoleSpec } from '../harness/profile-vocabulary.js';
import type { RunIO } from '../engine/io.js';
import { forecastOf, type Forecast } from '../engine/forecast.js';
import { exportReferenceKeys } from '../engine/embedded.js';
import { planRun } from '../engine/plan.js';
import { createSuiteRunner } from '../engine/suite-runner.js';
import { INCOMPLETE_EXIT } from '../harness/exit-codes.js';
import { missingByNeeds } from '../reports/required.js';
import { flagHelp, parseFlags, type FlagTable, type CommandDefinition } from './args.js';
import { runRequestOf } from './run-command.js';
import { RUN_FLAGS } from './run-flags.js';

const PICKED = [
  'target',
  'base-url',
  'spec',
  'profile',
  'family',
  'rule',
  'exclude-family',
  'exclude-rule',
  'shard',
  'strict',
  'webhook-listen',
] as const;

export const PLAN_FLAGS: FlagTable = {
  ...Object.fromEntries(PICKED.map((name) => [name, RUN_FLAGS[name]!])),
  json: { type: 'boolean', help: 'print the plan as JSON (format partner-conformance.plan/1)' },
  help: { type: 'boolean', help: 'this help' },
};

const roleLines = Object.entries(KEY_ROLES as Record<string, KeyRoleSpec>)
  .map(([role, spec]) => `  ${role.padEnd(22)} ${spec.meaning}${spec.required ? ' (required)' : ''}`)
  .join('\n');
const fixtureLines = Object.entries(FIXTURES as Record<string, FixtureSpec>)
  .map(([name, spec]) => `  ${name.padEnd(22)} ${spec.format}`)
  .join('\n');

export const PLAN_HELP = `partner-conformance plan [flags]

Reads a target profile and a run profile and prints, without sending any request, which
checks the run would run, which it would skip and what each needs, and whether it can reach a
complete verdict (every rule the run profile requires has a check that runs). The profile is
checked as \`run\` checks it (unknown roles and fixtures, fixture formats, key variables set).
Exit codes: 0 a complete verdict is reachable, 7 it is not (the rules and what they need are
listed), 2 usage or configuration error: whatever stops a run before its first request. What
only the target's answers decide (a fixture it does not have, data a check needs) shows in the
run, not here.

${flagHelp(PLAN_FLAGS)}

Key roles (profile "keys": role -> { env, tier }):
${roleLines}

Fixtures (profile "fixtures": name -> value):
${fixtureLines}
`;

/** Most ids listed per need in the text form; --json has them all. */
const IDS_SHOWN = 6;

const list = (ids: readonly string[]) =>
  `${ids.slice(0, IDS_SHOWN).join(', ')}${ids.length > IDS_SHOWN ? ` and ${ids.length - IDS_SHOWN} more` : ''}`;

/** Whether a failed inferred rule fails the run, and what says so. */
function strictLine({ on, by, inferred }: Forecast['strict']): string {
  if (on)
    return (
      `Strict: yes (${by === 'profile' ? 'the target profile\'s "strict": true' : '--strict'}): a failed ` +
      `inferred rule fails the run (${inferred} in the selection)`
    );
  return (
    `Strict: no: a failed inferred rule warns, with the reason a conforming target could break it ` +
    `(${inferred} in the selection; --strict or the profile's "strict": true makes them fail)`
  );
}

export function renderPlan(forecast: Forecast): string {
  const { counts, required } = forecast;
  const lines = [
    `Plan of a ${forecast.runProfile} run ` +
      `against ${forecast.target.name}${forecast.target.embedded ? ' [embedded]' : ''}: ` +
      `families ${forecast.families.join(', ')}${forecast.rules ? `; rules ${forecast.rules.join(', ')}` : ''}` +
      `${forecast.shard ? `; shard ${forecast.shard}` : ''} (no request was sent)`,
    `${counts.selected} checks: ${counts.run} will run, ${counts.skip} will be skipped`,
  ];
  const skipped = new Map<string, string[]>();
  for (const c of forecast.checks.filter((c) => c.will === 'skip'))
    skipped.set(c.needs ?? 'unknown', [...(skipped.get(c.needs ?? 'unknown') ?? []), `${c.family}/${c.id}`]);
  for (const [needs, ids] of [...skipped].sort((a, b) => b[1].length - a[1].length))
    lines.push(`  – needs ${needs} (${ids.length}): ${list(ids)}`);
  if (forecast.keys.length > 0) lines.push(`Key roles: ${forecast.keys.map((k) => `${k.role} ${k.env}`).join(', ')}`);
  const never = required.unreachable.length
    ? `; never required, no run can reach them: ${required.unreachable.join(', ')}`
    : '';
  lines.push(`Required: ${required.basis}: ${required.rules.length} rules${never}`);
  lines.push(strictLine(forecast.strict));
  if (forecast.complete)
    lines.push('Verdict: a complete verdict is reachable: every required rule has a check that runs');
  else {
    lines.push(
      `Verdict: not complete: ${required.missing.length} required ` +
        `rule${required.missing.length === 1 ? '' : 's'} would not be proven (exit 7):`,
      ...missingByNeeds(required.missing).map(([needs, ids]) => `  ? needs ${needs}: ${list(ids)}`),
      ...trafficLine(required.missing),
    );
  }
  return `${lines.join('\n')}\n`;
}

/** The missing rules the run's traffic may still show to a run-wide check, said apart (MissingRule.traffic). */
function trafficLine(missing: ReadonlyArray<{ rule: string; traffic?: true }>): string[] {
  const shown = missing.filter((m) => m.traffic).map((m) => m.rule);
  return shown.length === 0
    ? []
    : [`  (a run-wide check judges ${list(shown)} on every answer: the run's traffic may still prove them)`];
}

export async function planCommand(argv: readonly string[], io: RunIO): Promise<number> {
  const flags = parseFlags('plan', argv, PLAN_FLAGS);
  if (flags.help) {
    io.out.write(PLAN_HELP);
    return 0;
  }
  // The run's own decision: a profile that cannot run (a key variable unset) is exit 2 here too.
  const plan = await planRun(runRequestOf(flags));
  // The embedded server's keys are the sandbox's, exported into the run's environment when it starts.
  const env = { ...process.env };
  if (plan.target.kind === 'embedded') await exportReferenceKeys(env);
  const runner = await createSuiteRunner(plan.families, { shard: plan.shard });
  let forecast: Forecast;
  try {
    forecast = forecastOf(plan, (await runner.collect?.(plan.families)) ?? [], env);
  } finally {
    await runner.close();
  }
  io.out.write(flags.json ? `${JSON.stringify(forecast, null, 2)}\n` : renderPlan(forecast));
  return forecast.complete ? 0 : INCOMPLETE_EXIT;
}

export const command: CommandDefinition = { run: planCommand, help: PLAN_HELP, flags: PLAN_FLAGS };
