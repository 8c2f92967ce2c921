/**
 * The embedded target: the reference server started in this process, its sandbox keys
 * exported into the environment variables its profile names (workers read them there).
 */
import type { TargetProfile } from '../harness/run-config.js';
import type { ReferenceServerOptions } from '../reference/server.js';
import { startWebhookInbox } from './webhook-inbox.js';

/** Extra reference-server options for an embedded run (benchmarks: data-set sizes, tier, request counting). */
export type EmbeddedServerOptions = Omit<ReferenceServerOptions, 'fault'>;

// The reference server loads only when a run uses it: a run against a remote target never does.
const reference = () => import('../reference/server.js');

export interface EmbeddedTarget {
  server: { url: string; close(): Promise<void> };
  profile: TargetProfile;
  /** The receiver of the server's webhooks (RunConfig.webhookInboxUrl). */
  webhookInboxUrl: string;
}

/** A reference server that delivers its webhooks to a local inbox; `close` stops both. */
export async function startReferenceWithInbox(
  fault: string | undefined,
  options: EmbeddedServerOptions = {},
): Promise<{ url: string; webhookInboxUrl: string; close(): Promise<void> }> {
  const { startReferenceServer } = await reference();
  const inbox = await startWebhookInbox();
  const server = await startReferenceServer({ ...options, fault, webhookUrl: inbox.deliveryUrl }).catch(async (err: unknown) => {
    await inbox.close();
    throw err;
  });
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
export function pointProfileAt(profile: TargetProfile, url: string): TargetProfile {
  return {
    ...profile,
    baseUrl: url,
    ...(profile.legacyBaseUrl !== undefined ? { legacyBaseUrl: url } : {}),
    ...(profile.medicareBaseUrl !== undefined ? { medicareBaseUrl: url } : {}),
  };
}

export async function startEmbedded(profile: TargetProfile, fault?: string, options: EmbeddedServerOptions = {}): Promise<EmbeddedTarget> {
  await exportReferenceKeys();
  const server = await startReferenceWithInbox(fault, options);
  return { server, profile: pointProfileAt(profile, server.url), webhookInboxUrl: server.webhookInboxUrl };
}

/** The key values the run may use: scrubbed from every finding before it is written. */
export function keyValues(profile: TargetProfile, env: NodeJS.ProcessEnv = process.env): string[] {
  return Object.values(profile.keys)
    .map((ref) => env[ref.env])
    .filter((v): v is string => typeof v === 'string' && v.length > 0);
}
