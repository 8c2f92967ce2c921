/**
 * The run plan turned into what a run hands on: the RunConfig the suites inject, the RunInfo
 * every report starts with, and the command that repeats the run. Built here only; the CLI
 * and the mutation campaign both come through it.
 */
import { latencyBudgetsOf } from '../harness/budgets.js';
import type { ConfigWarning } from '../harness/errors.js';
import type { RunConfig, TargetProfile } from '../harness/run-config.js';
import { publicSource, publicUrl, runCommand } from '../harness/reproduce.js';
import { runProfile } from '../harness/run-profiles.js';
import { loadRulesOnce } from '../harness/rules.js';
import { readOf } from '../harness/contract/load.js';
import { dayOf } from '../reports/baseline/match.js';
import type { TlsCertificate } from '../reports/monitor/tls.js';
import type { RunPlan } from './plan.js';
import { targetWords } from './plan-target.js';
import type { PreflightRecord } from './preflight.js';
import { versions } from './versions.js';
import type { HistoryRecord, RunInfo } from '../reports/types.js';

/** The command that repeats the planned run without its narrowing flags; findings extend it. */
function commandOf(plan: RunPlan): string {
  const remote = plan.target.kind === 'remote' ? plan.target : undefined;
  return runCommand({
    ...targetWords(plan.target),
    profilePath: remote?.profilePath,
    urlOverrides: remote?.urlOverrides,
    baseUrl: plan.profile.baseUrl,
    specSource: plan.contract.source,
    runProfile: plan.runProfile,
    // A strict profile makes the repeated run strict again: the flag is only for what it adds.
    strict: plan.strict && plan.profile.strict !== true,
  });
}

/** The running target: the plan's profile, pointed at the embedded server once it listens. */
export interface RunTarget {
  profile: TargetProfile;
  /** Where the embedded server delivers its webhooks (RunConfig.webhookInboxUrl). */
  webhookInboxUrl?: string;
  /** What the preflight saw (remote targets); its pings count against the run profile's cap. */
  preflight?: PreflightRecord;
  /** What the preflight found wrong with the profile against this target (harness/config-warnings). */
  configWarnings?: ConfigWarning[];
  /** The https target's certificate, read during the preflight. */
  tls?: TlsCertificate[];
  /** `--history`: the history of this target and run profile, when it has one, and how its conditions alert. */
  history?: { previous?: HistoryRecord; alertAfter: number };
}

const warningsOf = (target: RunTarget) =>
  target.configWarnings && target.configWarnings.length > 0 ? { configWarnings: target.configWarnings } : {};

/** The run's overall deadline in ms: the target profile's `runTimeoutMs`, else its run profile's. */
export function runTimeoutOf(plan: Pick<RunPlan, 'profile' | 'runProfile'>): number {
  return plan.profile.runTimeoutMs ?? runProfile(plan.runProfile).runTimeoutMs;
}

/** `startedAt`: when the run started, from which its deadline counts. */
export function runConfigOf(plan: RunPlan, target: RunTarget, startedAt?: Date): RunConfig {
  return {
    runId: plan.runId,
    runProfile: plan.runProfile,
    profile: target.profile,
    specSource: plan.contract.source,
    families: plan.families,
    rules: plan.rules,
    ...(plan.excludedRules ? { excludedRules: plan.excludedRules } : {}),
    seed: plan.seed,
    ...(plan.path ? { path: plan.path } : {}),
    runs: plan.runs,
    strict: plan.strict,
    reportDir: plan.reportDir,
    journal: plan.journal,
    ...targetWords(plan.target),
    ...(target.webhookInboxUrl !== undefined ? { webhookInboxUrl: target.webhookInboxUrl } : {}),
    ...(target.preflight
      ? { requestsSpent: target.preflight.pings.length, confirmationsSpent: target.preflight.confirmations }
      : {}),
    ...(startedAt ? { deadlineAt: startedAt.getTime() + runTimeoutOf(plan) } : {}),
    ...warningsOf(target),
    command: commandOf(plan),
    ...(target.preflight ? { preflight: target.preflight } : {}),
    inputs: { catalogue: { version: loadRulesOnce().version, rules: plan.catalogue }, contract: readOf(plan.contract) },
  };
}

export function runInfoOf(plan: RunPlan, target: RunTarget, startedAt: Date): RunInfo {
  const { contract } = plan;
  return {
    runId: plan.runId,
    startedAt: startedAt.toISOString(),
    runProfile: plan.runProfile,
    target: {
      name: target.profile.name,
      baseUrl: publicUrl(target.profile.baseUrl),
      ...targetWords(plan.target),
    },
    spec: {
      // Reports name the document without the folders of the machine that ran (its digest identifies it).
      source: publicSource(contract.source),
      version: contract.version || undefined,
      digest: contract.digest ? `sha256:${contract.digest}` : undefined,
      title: contract.title || undefined,
      defects: contract.defects.map(({ pointer, operationId, message }) => ({
        pointer,
        ...(operationId ? { operationId } : {}),
        message,
      })),
    },
    families: plan.families,
    rules: plan.rules,
    ...(plan.excludedRules ? { excludedRules: plan.excludedRules } : {}),
    ...(plan.excludedFamilies ? { excludedFamilies: plan.excludedFamilies } : {}),
    // Expiry is judged on the day the run started (UTC), the same for every check of it.
    ...(plan.baseline ? { baseline: { ...plan.baseline, today: dayOf(startedAt) } } : {}),
    ...(plan.shard ? { shard: plan.shard } : {}),
    ...versions(),
    seed: plan.seed,
    runs: plan.runs,
    strict: plan.strict,
    command: commandOf(plan),
    ...(target.preflight ? { preflight: target.preflight } : {}),
    ...warningsOf(target),
    ...monitorOf(plan, target),
  };
}

/**
 * What a monitoring run reports beside its checks: latency budgets (never against the embedded
 * server, whose answer times say nothing about a service), the certificate, the history.
 */
function monitorOf(plan: RunPlan, target: RunTarget): Pick<RunInfo, 'latency' | 'tls' | 'history'> {
  const latency = plan.target.kind === 'embedded' ? undefined : latencyBudgetsOf(plan.runProfile, target.profile);
  return {
    ...(latency ? { latency } : {}),
    ...(target.tls ? { tls: target.tls } : {}),
    ...(target.history ? { history: target.history } : {}),
  };
}
