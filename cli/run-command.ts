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

/** Flags whose member of the run request is not their name in camelCase: the repeatable ones are plural. */
const MEMBER_OF: Readonly<Record<string, keyof RunRequest>> = {
  family: 'families',
  rule: 'rules',
  'exclude-family': 'excludeFamilies',
  'exclude-rule': 'excludeRules',
  variant: 'variants',
};

const camelCase = (name: string) => name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

/**
 * The parsed flags of `run` as the engine's run request: each flag the member of its name, so a
 * new flag is its entry in RUN_FLAGS and its member of RunRequest, which the plan checks.
 */
export function runRequestOf(flags: ParsedFlags): RunRequest {
  return Object.fromEntries(
    Object.entries(flags)
      .filter(([name, value]) => name !== 'help' && value !== undefined)
      .map(([name, value]) => [MEMBER_OF[name] ?? camelCase(name), value]),
  ) as RunRequest;
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
