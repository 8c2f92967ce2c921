/**
 * The claim phase: the report folder checked writable and claimed for this run, and the evidence
 * signing key read, all before the first request. A run that ends before writing any report gives
 * the folder back (`release`).
 */
import type { KeyObject } from 'node:crypto';
import { runProfile } from '../../harness/run-profiles.js';
import type { RunPlan } from '../plan.js';
import { claimReportDir, ensureWritableDir, releaseReportDir } from '../report-dir.js';
import { signingKeyFromEnv } from '../signing-key.js';

export interface Claimed {
  /** The evidence signing key, when the run profile writes evidence and the key is set. */
  signingKey?: KeyObject;
  /** Marks the folder as holding this run's reports: from then on it is not given back. */
  reported(): void;
  /** Gives the folder back unless the run reported into it. */
  release(): Promise<void>;
}

export async function claim(plan: RunPlan, startedAt: Date): Promise<Claimed> {
  await ensureWritableDir(plan.reportDir);
  const signingKey = runProfile(plan.runProfile).evidence ? signingKeyFromEnv() : undefined;
  await claimReportDir(plan.reportDir, plan.runId, startedAt);
  let reported = false;
  return {
    ...(signingKey ? { signingKey } : {}),
    reported: () => {
      reported = true;
    },
    release: async () => {
      if (!reported) await releaseReportDir(plan.reportDir, plan.journal);
    },
  };
}
