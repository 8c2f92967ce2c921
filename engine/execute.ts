/**
 * A planned run carried out: the target started, the suites run through a suite runner with
 * the plan's RunConfig, and the reports written. `executeRun` is the CLI's whole run;
 * `runPlanned` is one run on a runner the caller keeps (the mutation campaign's lanes).
 */
import { formatWarning } from '../harness/errors.js';
import type { Finding } from '../harness/model.js';
import { preflight } from '../harness/preflight/preflight.js';
import { publicUrl } from '../harness/reproduce.js';
import { standardWriters, type ReportWriter } from '../reports/index.js';
import { catalogueOf } from '../reports/run-info.js';
import { exitCodeOf, type RunSummary } from '../reports/summary.js';
import { defectFindings } from './defect-findings.js';
import { keyValues } from '../harness/client/keys.js';
import { startTarget, type EmbeddedServerOptions } from './embedded.js';
import type { RunIO } from './io.js';
import { runConfigOf, runInfoOf, type RunTarget } from './plan-outputs.js';
import type { RunPlan } from './plan.js';
import { linkLatest } from './report-dir.js';
import { createSuiteRunner, type SuiteRunner } from './suite-runner.js';

export interface ReportOptions {
  writers: ReportWriter[];
  /** Findings known before any test ran (the CLI: defects of the loaded document). */
  preFindings?: readonly Finding[];
}

/** One run of `plan` against `target` on `runner`; resolves with its summary once the reports are written. */
export function runPlanned(runner: SuiteRunner, plan: RunPlan, target: RunTarget, report: ReportOptions, startedAt = new Date()): Promise<RunSummary> {
  return runner.run(runConfigOf(plan, target), {
    info: runInfoOf(plan, target, startedAt),
    catalogue: catalogueOf(plan.catalogue),
    writers: report.writers,
    secrets: keyValues(target.profile),
    preFindings: report.preFindings,
  });
}

/** `server`: options for the embedded reference server (benchmarks); ignored for a remote target. */
export async function executeRun(plan: RunPlan, io: RunIO, server: EmbeddedServerOptions = {}): Promise<number> {
  const startedAt = new Date();
  const started = await startTarget(plan, undefined, server);
  try {
    const { profile } = started;
    io.out.write(`partner-conformance ${plan.runProfile} run ${plan.runId}: ${plan.families.join(', ')} against ${profile.name} (${publicUrl(profile.baseUrl)})${plan.embedded ? ' [embedded]' : ''}${plan.embedded && plan.fault ? ` with fault ${plan.fault}` : ''}, seed ${plan.seed}${plan.shard ? `, shard ${plan.shard}` : ''}\n`);
    // The embedded server's profile is its own: only its keys are compared, no fixture is looked up.
    const configWarnings = await preflight({ profile, runId: plan.runId, runProfile: plan.runProfile, lookUpFixtures: !plan.embedded });
    for (const w of configWarnings) io.out.write(`${formatWarning(w)}\n`);
    const target = { ...started, configWarnings };
    const runner = await createSuiteRunner(plan.families, { shard: plan.shard });
    let code: number;
    try {
      const summary = await runPlanned(runner, plan, target, { writers: standardWriters(plan.reportDir, io.out), preFindings: defectFindings(plan.contract) }, startedAt);
      code = exitCodeOf(summary);
    } finally {
      await runner.close();
    }
    if (plan.defaultReportDir) await linkLatest(plan.reportDir);
    return code;
  } finally {
    await started.close();
  }
}
