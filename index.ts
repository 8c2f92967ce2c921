/**
 * The programmatic API: run the conformance suite from code (a partner's own vitest project or
 * script) and get its summary. The command line is the same machine (`partner-conformance run`).
 */
import { executeRun } from './engine/execute.js';
import type { RunIO } from './engine/io.js';
import { planRun, type RunRequest } from './engine/plan.js';
import type { RunSummary } from './reports/types.js';

export type { RunRequest } from './engine/plan.js';
export type { RunSummary } from './reports/types.js';
export type { Evidence } from './reports/evidence.js';
export { ConfigError, TargetUnusable, ERROR_CODES } from './harness/errors.js';

/** Console output of a run from code: none by default. */
const quiet: RunIO = { out: { write: () => true }, err: { write: () => true } };

/**
 * Runs the suite as `partner-conformance run` would with these flags (default: every family,
 * profile conformance, the embedded reference server) and resolves with its exit code and
 * summary. Setup mistakes reject with a ConfigError (its `code` and `exitCode`).
 */
export async function runConformance(
  request: RunRequest = {},
  io: RunIO = quiet,
): Promise<{ exitCode: number; summary: RunSummary; reportDir: string }> {
  const plan = await planRun(request);
  const { exitCode, summary } = await executeRun(plan, io);
  return { exitCode, summary, reportDir: plan.reportDir };
}
