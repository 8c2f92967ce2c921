/** `run`: the flags as a run request, planned and executed by the engine; the outcome is the exit code. */
import { RUN_PROFILE_NAMES, RUN_PROFILES } from '../harness/run-profiles.js';
import { REQUIRES_WORDS } from '../reports/required.js';
import { executeRun } from '../engine/execute.js';
import type { RunIO } from '../engine/io.js';
import { planRun, type RunRequest } from '../engine/plan.js';
import { exitCodesLine } from '../harness/exit-codes.js';
import { flagHelp, parseFlags, type ParsedFlags, type CommandDefinition } from './args.js';
import { RUN_FLAGS } from './run-flags.js';

const withEvidence = RUN_PROFILE_NAMES.filter((p) => RUN_PROFILES[p].evidence);

export const RUN_HELP = `partner-conformance run [flags]

Runs the conformance suites against a target (default: the embedded reference server) and
writes summary.json, junit.xml, report.html, exchanges.har and metrics.prom (plus evidence.json for
${withEvidence.join(', ')}).
A run passes only when it proved every rule its run profile requires
(${RUN_PROFILE_NAMES.map((p) => `${p}: ${REQUIRES_WORDS[RUN_PROFILES[p].requires]}`).join('; ')});
\`partner-conformance plan\` tells before a run whether it can.
Exit codes: ${exitCodesLine()}
(\`partner-conformance route <code>\` says what one means and whose it is; docs/exit-codes.md).

${flagHelp(RUN_FLAGS)}
`;

/** The parsed flags of `run` as the engine's run request. */
export function runRequestOf(flags: ParsedFlags): RunRequest {
  const str = (name: string) => flags[name] as string | undefined;
  const list = (name: string) => flags[name] as string[] | undefined;
  return {
    target: str('target'),
    baseUrl: str('base-url'),
    legacyBaseUrl: str('legacy-base-url'),
    medicareBaseUrl: str('medicare-base-url'),
    spec: str('spec'),
    profile: str('profile'),
    families: list('family'),
    rules: list('rule'),
    excludeFamilies: list('exclude-family'),
    excludeRules: list('exclude-rule'),
    baseline: str('baseline'),
    updateBaseline: flags['update-baseline'] === true,
    seed: str('seed'),
    path: str('path'),
    runs: str('runs'),
    shard: str('shard'),
    strict: flags.strict === true,
    reportDir: str('report-dir'),
    keep: str('keep'),
    fault: str('fault'),
    webhookListen: str('webhook-listen'),
    variants: list('variant'),
    history: str('history'),
    alertAfter: str('alert-after'),
    remindEvery: str('remind-every'),
    notify: list('notify'),
    pushGateway: str('push-gateway'),
    metricsTextfile: str('metrics-textfile'),
  };
}

export async function runCommand(argv: readonly string[], io: RunIO): Promise<number> {
  const flags = parseFlags('run', argv, RUN_FLAGS);
  if (flags.help) {
    io.out.write(RUN_HELP);
    return 0;
  }
  return (await executeRun(await planRun(runRequestOf(flags)), io)).exitCode;
}

export const command: CommandDefinition = { run: runCommand, help: RUN_HELP, flags: RUN_FLAGS };
