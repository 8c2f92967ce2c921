/**
 * The mutation campaign, measured: run through its own API (mutation/campaign.ts)
 * with a request counter on every reference server it starts, so the requests of each fault
 * run are known. Used by `npm run bench` (every fault) and `npm run bench:peers` (a sample).
 */
import { exportReferenceKeys, startReferenceWithInbox } from '../../engine/embedded.js';
import type { RunIO } from '../../engine/io.js';
import { DEFAULT_SPEC } from '../../harness/paths.js';
import { loadContract } from '../../harness/contract/index.js';
import { runCampaign } from '../../mutation/campaign.js';
import type { CampaignResult } from '../../mutation/matrix.js';
import type { FaultInfo } from '../../mutation/outcome.js';
import { FAMILIES } from '../../harness/model.js';
import { loadTargetProfile, referenceProfilePath } from '../../harness/profile.js';
import { loadRules } from '../../harness/rules.js';

export interface CampaignRequest {
  faults: readonly FaultInfo[];
  lanes: number;
  scope: 'all' | 'family';
  seed: number;
  /** fast-check runs per property (the campaign's default is the conformance profile's). */
  runs: number;
  reportDir: string;
  io: RunIO;
}

export interface CampaignMeasurement {
  wallMs: number;
  lanes: number;
  scope: CampaignResult['scope'];
  faults: number;
  caught: number;
  ownRule: number;
  falseFailures: number;
  /** Requests the clean run sent. */
  cleanRequests: number;
  /** Requests of every run of the campaign, the clean one included. */
  totalRequests: number;
  /** Requests per fault run, by fault name. */
  requestsByFault: Record<string, number>;
  result: CampaignResult;
}

export async function measureCampaign(req: CampaignRequest): Promise<CampaignMeasurement> {
  await exportReferenceKeys();
  const [contract, catalogue, profile] = await Promise.all([
    loadContract(DEFAULT_SPEC),
    loadRules().rules,
    loadTargetProfile(referenceProfilePath()),
  ]);
  const requestsByRun = new Map<string, number>();
  const started = performance.now();
  const result = await runCampaign({
    campaignId: `bench-${Date.now()}`,
    faults: req.faults,
    lanes: req.lanes,
    scope: req.scope,
    families: [...FAMILIES],
    contract,
    catalogue,
    profile,
    seed: req.seed,
    runs: req.runs,
    reportDir: req.reportDir,
    io: req.io,
    // Each run gets its own server; the counter is keyed by the fault it carries.
    startServer: (fault) => {
      const key = fault ?? '(clean)';
      requestsByRun.set(key, 0);
      // With the webhook inbox, as the CLI's campaign: the older ICHRA webhook checks need it.
      return startReferenceWithInbox(fault, {
        onRequest: () => void requestsByRun.set(key, requestsByRun.get(key)! + 1),
      });
    },
  });
  const wallMs = performance.now() - started;
  const requestsByFault = Object.fromEntries(req.faults.map((f) => [f.name, requestsByRun.get(f.name) ?? 0]));
  return {
    wallMs,
    lanes: result.lanes,
    scope: result.scope,
    faults: result.score.total,
    caught: result.score.caught,
    ownRule: result.score.ownRule,
    falseFailures: result.clean.falseFailures.length,
    cleanRequests: requestsByRun.get('(clean)') ?? 0,
    totalRequests: [...requestsByRun.values()].reduce((a, b) => a + b, 0),
    requestsByFault,
    result,
  };
}
