/**
 * `run`: validate every input, start the embedded server when no target is given, run the
 * selected suites in vitest, write the reports, and map the outcome to an exit code.
 */
import type { Contract } from '../harness/contract/index.js';
import type { Finding } from '../harness/model.js';
import type { RunConfig, TargetProfile } from '../harness/run-config.js';
import { publicUrl } from '../harness/suite/reproduce.js';
import { standardWriters } from '../reports/index.js';
import { catalogueOf, type RunInfo } from '../reports/run-info.js';
import { exitCodeOf } from '../reports/summary.js';
import { flagHelp, parseFlags } from './args.js';
import { keyValues, startEmbedded, type EmbeddedServerOptions } from '../engine/embedded.js';
import type { CliIO } from '../engine/io.js';
import { DEFAULT_SPEC } from '../harness/paths.js';
import { linkLatest } from '../engine/report-dir.js';
import { RUN_FLAGS } from './run-flags.js';
import { planRun, type RunPlan } from '../engine/plan.js';
import { createSuiteRunner } from '../engine/suite-runner.js';

export const RUN_HELP = `partner-conformance run [flags]

Runs the conformance suites against a target (default: the embedded reference server) and
writes summary.json, junit.xml and report.html (plus evidence.json for certification).
Exit codes: 0 passed (warnings allowed), 1 a rule failed (or a warning with --strict),
2 usage or configuration error.

${flagHelp(RUN_FLAGS)}
`;

export async function runCommand(argv: readonly string[], io: CliIO): Promise<number> {
  const flags = parseFlags('run', argv, RUN_FLAGS);
  if (flags.help) {
    io.out.write(RUN_HELP);
    return 0;
  }
  return executeRun(await planRun(flags), io);
}

/**
 * A defect of the loaded document itself: the parts it touches go unchecked, which the report
 * must say; it is the document's, not the target's, so it is a warning that never fails a run.
 */
export function defectFindings(contract: Contract): Finding[] {
  const document = `${contract.title || 'the loaded document'}${contract.version ? ` v${contract.version}` : ''} (${contract.source})`;
  return contract.defects.map((defect) => ({
    check: `defect of the document${defect.operationId ? ` in ${defect.operationId}` : ''} at ${defect.pointer}`,
    family: 'contract',
    rules: [],
    verdict: 'warning',
    expected: 'a valid OpenAPI document part',
    observed: defect.message,
    message: `a defect of ${document}, not of the target: ${defect.message}; the parts it touches are not checked`,
    exchanges: [],
    subject: 'document',
  }));
}

/** The command that repeats this run without its narrowing flags; findings extend it. */
export function baseCommand(plan: RunPlan): string {
  const words = ['npx partner-conformance run'];
  const { target } = plan;
  if (!target.embedded) words.push(target.profilePath ? `--target ${target.profilePath}` : `--base-url ${publicUrl(target.profile.baseUrl, '<url>')}`);
  if (target.embedded && target.fault) words.push(`--fault ${target.fault}`);
  if (plan.contract.source !== DEFAULT_SPEC) words.push(`--spec ${/^https?:/i.test(plan.contract.source) ? publicUrl(plan.contract.source, '<url>') : plan.contract.source}`);
  if (plan.runProfile !== 'conformance') words.push(`--profile ${plan.runProfile}`);
  if (plan.strict) words.push('--strict');
  return words.join(' ');
}

export function runConfigOf(plan: RunPlan, profile: TargetProfile, webhookInboxUrl?: string): RunConfig {
  return {
    runId: plan.runId,
    runProfile: plan.runProfile,
    target: profile,
    specSource: plan.contract.source,
    families: plan.families,
    rules: plan.rules,
    seed: plan.seed,
    runs: plan.runs,
    strict: plan.strict,
    reportDir: plan.reportDir,
    embedded: plan.target.embedded,
    fault: plan.target.embedded ? plan.target.fault : undefined,
    ...(webhookInboxUrl !== undefined ? { webhookInboxUrl } : {}),
    command: baseCommand(plan),
  };
}

export function runInfoOf(plan: RunPlan, profile: TargetProfile, startedAt: Date): RunInfo {
  return {
    runId: plan.runId,
    startedAt: startedAt.toISOString(),
    runProfile: plan.runProfile,
    target: { name: profile.name, baseUrl: publicUrl(profile.baseUrl, '<url>'), embedded: plan.target.embedded, fault: plan.target.embedded ? plan.target.fault : undefined },
    spec: {
      source: plan.contract.source,
      version: plan.contract.version || undefined,
      digest: plan.contract.digest ? `sha256:${plan.contract.digest}` : undefined,
      title: plan.contract.title || undefined,
      defects: plan.contract.defects.map(({ pointer, operationId, message }) => ({ pointer, ...(operationId ? { operationId } : {}), message })),
    },
    families: plan.families,
    rules: plan.rules,
    seed: plan.seed,
    runs: plan.runs,
    strict: plan.strict,
    command: baseCommand(plan),
  };
}

/** `server`: options for the embedded reference server (benchmarks); ignored for a remote target. */
export async function executeRun(plan: RunPlan, io: CliIO, server: EmbeddedServerOptions = {}): Promise<number> {
  const startedAt = new Date();
  const embedded = plan.target.embedded ? await startEmbedded(plan.target.profile, plan.target.fault, server) : undefined;
  try {
    const profile = embedded?.profile ?? plan.target.profile;
    io.out.write(`partner-conformance ${plan.runProfile} run ${plan.runId}: ${plan.families.join(', ')} against ${profile.name} (${publicUrl(profile.baseUrl, '<url>')})${embedded ? ' [embedded]' : ''}${plan.target.embedded && plan.target.fault ? ` with fault ${plan.target.fault}` : ''}, seed ${plan.seed}${plan.shard ? `, shard ${plan.shard}` : ''}\n`);
    const runner = await createSuiteRunner(plan.families, { shard: plan.shard });
    let code: number;
    try {
      const summary = await runner.run(runConfigOf(plan, profile, embedded?.webhookInboxUrl), {
        info: runInfoOf(plan, profile, startedAt),
        catalogue: catalogueOf(plan.catalogue),
        writers: standardWriters(plan.reportDir, io.out),
        secrets: keyValues(profile),
        preFindings: defectFindings(plan.contract),
      });
      code = exitCodeOf(summary);
    } finally {
      await runner.close();
    }
    if (plan.defaultReportDir) await linkLatest(plan.reportDir);
    return code;
  } finally {
    await embedded?.server.close();
  }
}
