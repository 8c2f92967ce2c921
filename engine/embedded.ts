/**
 * The embedded target: the reference server started in this process, its sandbox keys
 * exported into the environment variables its profile names (workers read them there).
 */
import type { TargetProfile } from '../harness/run-config.js';
import type { RunPlan } from './plan.js';
import type { RunTarget } from './plan-outputs.js';
import type { ReferenceServerOptions } from '../reference/server.js';
import { startWebhookInbox } from './webhook-inbox.js';

/** Extra reference-server options for an embedded run (benchmarks: data-set sizes, tier, request counting). */
export type EmbeddedServerOptions = Omit<ReferenceServerOptions, 'fault' | 'variants'>;

// The reference server loads only when a run uses it: a run against a remote target never does.
const reference = () => import('../reference/server.js');

/** A reference server that delivers its webhooks to a local inbox; `close` stops both. */
export async function startReferenceWithInbox(
  fault: string | undefined,
  options: EmbeddedServerOptions = {},
  variants: readonly string[] = [],
): Promise<{ url: string; webhookInboxUrl: string; close(): Promise<void> }> {
  const { startReferenceServer } = await reference();
  const inbox = await startWebhookInbox();
  const server = await startReferenceServer({ ...options, fault, variants, webhookUrl: inbox.deliveryUrl }).catch(
    async (err: unknown) => {
      await inbox.close();
      throw err;
    },
  );
  return {
    url: server.url,
    webhookInboxUrl: inbox.url,
    close: async () => {
      await server.close();
      await inbox.close();
    },
  };
}

/** Sets the sandbox keys in `env` (only names the reference profile uses). */
export async function exportReferenceKeys(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const { referenceKeyEnv } = await reference();
  for (const [name, value] of Object.entries(referenceKeyEnv())) env[name] = value;
}

/** Every base URL of the profile pointed at `url` (the server answers all three families). */
function pointProfileAt(profile: TargetProfile, url: string): TargetProfile {
  return {
    ...profile,
    baseUrl: url,
    ...(profile.legacyBaseUrl !== undefined ? { legacyBaseUrl: url } : {}),
    ...(profile.medicareBaseUrl !== undefined ? { medicareBaseUrl: url } : {}),
  };
}

/**
 * Starts the reference server of a run with `fault` and `variants` switched on (the mutation campaign counts requests
 * this way).
 */
export type StartServer = (
  fault: string | undefined,
  variants?: readonly string[],
) => Promise<{ url: string; webhookInboxUrl?: string; close(): Promise<void> }>;

/** The planned target, running: a remote one as it is, the embedded one started. `close` stops it. */
export interface StartedTarget extends RunTarget {
  close(): Promise<void>;
}

/**
 * The plan's target, ready for a run: a remote profile as it is; for the embedded server, the
 * server started and the profile pointed at it. By default the reference server (with
 * `options`), its keys exported; a caller passing `start` exports whatever keys its server takes.
 */
export async function startTarget(
  plan: Pick<RunPlan, 'profile' | 'target'>,
  start?: StartServer,
  options: EmbeddedServerOptions = {},
): Promise<StartedTarget> {
  const { target } = plan;
  if (target.kind === 'remote') return { profile: plan.profile, close: async () => {} };
  if (!start) await exportReferenceKeys();
  const server = await (start ?? ((fault, variants) => startReferenceWithInbox(fault, options, variants)))(
    target.fault,
    target.variants,
  );
  return {
    profile: pointProfileAt(plan.profile, server.url),
    webhookInboxUrl: server.webhookInboxUrl,
    close: () => server.close(),
  };
}
