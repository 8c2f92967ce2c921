/**
 * The run plan: everything a run needs, validated before any request is sent. The CLI makes
 * one from its flags (`planRun`), the mutation campaign one per fault (`embeddedPlan`); both
 * hand it to the engine, which turns it into the RunConfig, the RunInfo and the command.
 */
import { join, resolve } from 'node:path';
import type { Contract } from '../harness/contract/index.js';
import { loadContract } from '../harness/contract/index.js';
import { FAMILIES, type Family, type Rule } from '../harness/model.js';
import { DEFAULT_SPEC } from '../harness/paths.js';
import { journalIn } from '../harness/client/journal.js';
import { requireKeys } from '../harness/client/keys.js';
import { loadRulesOnce } from '../harness/rules.js';
import type { TargetProfile } from '../harness/run-config.js';
import { DEFAULT_RUN_PROFILE, type RunProfile } from '../harness/run-profiles.js';
import {
  checkBaselineFlags,
  checkSpecOfThisApi,
  faultOf,
  familiesOf,
  junitXmlOf,
  keepOf,
  pathOf,
  REQUIRED_ROLES,
  rulesOf,
  runProfileOf,
  runsOf,
  seedOf,
  shardOf,
  checkShardSeed,
  variantsOf,
} from './plan-inputs.js';
import { defaultReportDir, newRunId } from './report-dir.js';
import { checkRulesMeetFamilies, checkSelectionLeft } from './selection.js';
import { checkTargetFlags, type PlannedTarget, targetOf, withWebhookListen } from './plan-target.js';
import { readBaseline, type RunBaseline } from '../reports/baseline/file.js';
import { checkBaseline } from '../reports/baseline/check.js';
import { checkLatencyOperations } from './profile-checks.js';
import { companions } from '../harness/run-documents.js';
import { monitorPlanOf, type MonitorPlan, type MonitorRequest } from './monitor/plan.js';
import { checkConfirmBudget } from '../harness/budgets.js';
import { runTimeoutOf } from './plan-outputs.js';

export interface RunPlan {
  runId: string;
  runProfile: RunProfile;
  families: Family[];
  rules?: string[];
  /** `--exclude-rule`: rules the run does not hold the target to. */
  excludedRules?: string[];
  /** `--exclude-family`: families taken out of the run's families. */
  excludedFamilies?: Family[];
  /** `--baseline` (and `--update-baseline`): the failures the run accepts, read before any request. */
  baseline?: RunBaseline;
  seed: number;
  /** fast-check path to replay one property input (`--path`, with `--seed`). */
  path?: string;
  runs: number;
  /** vitest shard `i/n` of the suite files, when the run is split across jobs. */
  shard?: string;
  /** Failed inferred rules fail the run: `--strict`, or the target profile's `strict`. */
  strict: boolean;
  reportDir: string;
  /** True when reportDir is the default, so `reports/out/latest` follows it. */
  defaultReportDir: boolean;
  /** `--keep`: the runs kept under the default report root after this one; none with `--report-dir`. */
  keep?: number;
  /** `--junit-xml`: where the run's JUnit report is copied once written (absolute). */
  junitXml?: string;
  /** The run's journal of every exchange (harness/client/journal.ts), in or under reportDir. */
  journal: string;
  /** The journal serves the run alone (a campaign's run writes no HAR or evidence): removed once the run ends. */
  discardJournal?: true;
  contract: Contract;
  catalogue: Rule[];
  /**
   * The target profile: a remote target's, or the embedded server's own, whose base URLs are
   * filled in once it listens. Every run has one, so it stays beside the target's kind.
   */
  profile: TargetProfile;
  /** The embedded server with what it switches on, or a remote target with where its profile came from. */
  target: PlannedTarget;
  /**
   * History, notifications and metrics beyond the report folder (`--history`, `--notify`, `--push-gateway`,
   * `--metrics-textfile`).
   */
  monitor?: MonitorPlan;
}

/** What a run is asked for, as the CLI's flags say it; every value still unchecked. */
export interface RunRequest {
  /** Target profile file (`--target`). */
  target?: string;
  baseUrl?: string;
  /** `--legacy-base-url`, `--medicare-base-url`: over the profile's. */
  legacyBaseUrl?: string;
  medicareBaseUrl?: string;
  spec?: string;
  /** Run profile name (`--profile`). */
  profile?: string;
  families?: string[];
  rules?: string[];
  /** `--exclude-family`, `--exclude-rule`. */
  excludeFamilies?: string[];
  excludeRules?: string[];
  /** `--baseline <file>`; `--update-baseline` writes the run's failures into it. */
  baseline?: string;
  updateBaseline?: boolean;
  seed?: string;
  /** fast-check path of a printed counterexample (`--path`). */
  path?: string;
  runs?: string;
  shard?: string;
  strict?: boolean;
  reportDir?: string;
  /** `--keep <n>`. */
  keep?: string;
  /** `--junit-xml <file>`. */
  junitXml?: string;
  fault?: string;
  /** `--webhook-listen <port>`. */
  webhookListen?: string;
  variants?: string[];
  /**
   * `--history <dir>`, `--alert-after <n>`, `--remind-every <minutes>`, `--notify <spec>`, `--push-gateway <url>`,
   * `--metrics-textfile <path>`.
   */
  history?: MonitorRequest['history'];
  alertAfter?: MonitorRequest['alertAfter'];
  remindEvery?: MonitorRequest['remindEvery'];
  notify?: MonitorRequest['notify'];
  pushGateway?: MonitorRequest['pushGateway'];
  metricsTextfile?: MonitorRequest['metricsTextfile'];
}

/**
 * The plan of a run, or the ConfigError (exit 2) that stops it before any request: `run` and
 * `plan` both make it here, so a profile that cannot run is exit 2 for both.
 */
export async function planRun(request: RunRequest): Promise<RunPlan> {
  checkBaselineFlags(request.baseline, request.updateBaseline);
  checkTargetFlags(request);
  const runProfile = runProfileOf(request.profile);
  const requestedFamilies = familiesOf(request.families);
  const seed = seedOf(request.seed);
  const path = pathOf(request.path, request.seed);
  const runs = runsOf(request.runs, runProfile);
  const shard = shardOf(request.shard);
  checkShardSeed(runProfile, shard, request.seed);
  const keep = keepOf(request.keep, request.reportDir);
  const junitXml = junitXmlOf(request.junitXml);
  const fault = await faultOf(request.fault);
  const spec = request.spec ?? DEFAULT_SPEC;
  const variants = await variantsOf(request.variants, spec);
  const catalogue = [...loadRulesOnce().rules];
  const rules = rulesOf(request.rules, catalogue);
  const excludedRules = rulesOf(request.excludeRules, catalogue, '--exclude-rule')?.map((r) => r.id);
  const excludedFamilies = familiesOf(request.excludeFamilies, '--exclude-family');
  // With --rule and no --family, run only the families those rules apply to.
  const families = (
    requestedFamilies ?? (rules ? FAMILIES.filter((f) => rules.some((r) => r.families.includes(f))) : [...FAMILIES])
  ).filter((f) => !excludedFamilies?.includes(f));
  checkSelectionLeft(families, rules, excludedRules);
  checkRulesMeetFamilies(families, rules);
  const baseline =
    request.baseline !== undefined
      ? readBaseline(request.baseline, request.updateBaseline === true, catalogue)
      : undefined;
  const contract = await loadContract(spec);
  if (spec !== DEFAULT_SPEC) checkSpecOfThisApi(contract, await loadContract(DEFAULT_SPEC));
  const documents = [contract, ...(await companions())];
  // Every entry must be able to match a failure of this run: an operation of its documents, a rule of that operation.
  if (baseline) checkBaseline(baseline, documents, catalogue, contract.version || undefined);
  const { profile, target: planned } = targetOf(request, fault, variants);
  checkLatencyOperations(profile, documents);
  // Every role the profile declares must hold a usable key before any request: a missing one is a
  // mistake of the profile's, not a check to skip.
  if (planned.kind === 'remote') {
    const roles = [...new Set([...REQUIRED_ROLES, ...Object.keys(profile.keys)])];
    requireKeys(profile, roles, process.env);
  }
  const target = withWebhookListen(request.webhookListen, planned, profile);
  // The confirmation the profile sets must fit the run's budget and deadline before any request.
  checkConfirmBudget(runProfile, profile, runTimeoutOf({ profile, runProfile }));
  const monitor = await monitorPlanOf(request, profile);
  const runId = newRunId();
  const reportDir = request.reportDir !== undefined ? resolve(request.reportDir) : defaultReportDir(runId);
  return {
    runId,
    runProfile,
    families,
    rules: rules?.map((r) => r.id),
    ...(excludedRules ? { excludedRules } : {}),
    ...(excludedFamilies ? { excludedFamilies } : {}),
    ...(baseline ? { baseline } : {}),
    seed,
    ...(path ? { path } : {}),
    runs,
    shard,
    // The flag makes a run strict; nothing makes a strict profile's run lenient.
    strict: request.strict === true || profile.strict === true,
    reportDir,
    defaultReportDir: request.reportDir === undefined,
    ...(keep !== undefined ? { keep } : {}),
    ...(junitXml ? { junitXml } : {}),
    journal: journalIn(reportDir),
    contract,
    catalogue,
    profile,
    target,
    ...(monitor ? { monitor } : {}),
  };
}

export interface EmbeddedRun {
  runId: string;
  fault?: string;
  variants?: readonly string[];
  families: readonly Family[];
  /** Only the checks naming one of these rules (`--rule`); absent: every check of the families. */
  rules?: readonly string[];
  contract: Contract;
  catalogue: readonly Rule[];
  /** The reference server's own profile. */
  profile: TargetProfile;
  seed: number;
  runs: number;
  reportDir: string;
}

let embeddedRuns = 0;

/** The plan of one default-profile run against the embedded server (a mutation campaign or variants matrix run). */
export function embeddedPlan(run: EmbeddedRun): RunPlan {
  return {
    runId: run.runId,
    runProfile: DEFAULT_RUN_PROFILE,
    families: [...run.families],
    ...(run.rules ? { rules: [...run.rules] } : {}),
    seed: run.seed,
    runs: run.runs,
    strict: false,
    reportDir: run.reportDir,
    defaultReportDir: false,
    // Runs of a campaign share its report folder: each has a journal of its own, so an exchange a
    // run left under way never lands in the next run's.
    journal: join(run.reportDir, 'journals', `${run.runId}-${++embeddedRuns}.ndjson`),
    discardJournal: true,
    contract: run.contract,
    catalogue: [...run.catalogue],
    profile: run.profile,
    target: {
      kind: 'embedded',
      ...(run.fault !== undefined ? { fault: run.fault } : {}),
      variants: run.variants ?? [],
    },
  };
}
