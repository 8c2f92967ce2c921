/**
 * One `partner-conformance run` against the embedded reference server, measured: it goes
 * through the CLI's own planning and execution (so it measures what a user runs), with a
 * request counter on the server and, where asked, a bigger data set or another tier for the
 * approved key. The run's summary gives its counts and 429s.
 */
import { executeRun } from '../../engine/execute.js';
import type { RunIO } from '../../engine/io.js';
import { planRun } from '../../engine/plan.js';
import type { RunProfile } from '../../harness/run-config.js';
import { unprovoked429s, type Unprovoked429 } from './unprovoked-429.js';
import type { RunSummary } from '../../reports/types.js';

export type Tier = 'low' | 'medium' | 'high';

export interface RunRequest {
  /** Label in the table, e.g. `certification (tier low)`. */
  label: string;
  profile: RunProfile;
  reportDir: string;
  /** fast-check seed: fixed, so two measurements run the same requests. */
  seed: number;
  /** Data-set sizes of the reference server (scale run). */
  data?: { enrollments: number; providers: number };
  /** Tier of the approved key, in the profile (client pacing) and on the server (its bucket). */
  approvedTier?: Tier;
}

export interface RunMeasurement {
  label: string;
  profile: RunProfile;
  exitCode: number;
  /** From the call to the CLI's planning to the reports written (the process's own start-up excluded). */
  wallMs: number;
  /** Loading spec, catalogue and profile before anything starts. */
  planMs: number;
  /** The suites alone, as the reporter timed them. */
  suiteMs: number;
  /** Requests the reference server received (counted at the server). */
  requests: number;
  counts: RunSummary['counts'];
  /** 429 answers in checks that do not test rate limits. */
  unprovoked429: Unprovoked429;
  /** Failed checks, for the note when a run is not clean. */
  failedChecks: string[];
  data?: RunRequest['data'];
  approvedTier?: Tier;
  /** Process peak resident set (KiB) after this run: cumulative over the process. */
  maxRssKiB: number;
}

/** Discards the run's console report; the bench prints its own table. */
export const quietIO: RunIO = { out: { write: () => true }, err: { write: (t: string) => process.stderr.write(t) } };

export async function measureRun(req: RunRequest, io: RunIO = quietIO): Promise<RunMeasurement> {
  const started = performance.now();
  const plan = await planRun({ profile: req.profile, seed: String(req.seed), reportDir: req.reportDir });
  const planMs = performance.now() - started;
  if (req.approvedTier && plan.target.kind === 'embedded') {
    const { profile } = plan;
    plan.profile = {
      ...profile,
      keys: { ...profile.keys, approved: { ...profile.keys.approved!, tier: req.approvedTier } },
    };
  }
  let requests = 0;
  const { exitCode, summary } = await executeRun(plan, io, {
    onRequest: () => void requests++,
    ...(req.data ? { seed: req.data } : {}),
    ...(req.approvedTier ? { approvedTier: req.approvedTier } : {}),
  });
  const wallMs = performance.now() - started;
  return {
    label: req.label,
    profile: req.profile,
    exitCode,
    wallMs,
    planMs,
    suiteMs: summary.durationMs,
    requests,
    counts: summary.counts,
    unprovoked429: unprovoked429s(summary.findings),
    failedChecks: summary.findings.filter((f) => f.verdict === 'failed').map((f) => `[${f.family}] ${f.check}`),
    ...(req.data ? { data: req.data } : {}),
    ...(req.approvedTier ? { approvedTier: req.approvedTier } : {}),
    maxRssKiB: process.resourceUsage().maxRSS,
  };
}
