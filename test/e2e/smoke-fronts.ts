/**
 * The production smoke check's world for end-to-end tests: the reference server behind two
 * scripted fronts (the base URL's and the older ICHRA host's, so each host can reset, blip, slow
 * down or go down alone), a listener standing in for Slack, PagerDuty and webhooks (any path
 * under `/dead` answers 404, as a Slack webhook that was deleted), and the shipped production
 * profile aimed at the fronts.
 */
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { exportReferenceKeys } from '../../engine/embedded.js';
import { PAGERDUTY_ROUTING_KEY_ENV } from '../../engine/monitor/notify/pagerduty.js';
import { projectPath } from '../../harness/paths.js';
import { loadTargetProfile } from '../../harness/profile.js';
import { startReferenceServer, type ReferenceServer } from '../../reference/server.js';
import { listen, type LocalServer } from '../fault-servers/listen.js';
import { scriptedProxy, type ScriptedProxy } from '../fault-servers/scripted-proxy.js';
import { readSummary, runCli, scratch } from './cli.js';

export const PRODUCTION = projectPath('specs', 'profiles', 'production.json');
export const COUNTIES = '/v1/reference/counties';
export const ROUTING_KEY = 'pd-routing-key-e2e-0001';

export interface Fronts {
  reference: ReferenceServer;
  /** The base URL's front. */
  proxy: ScriptedProxy;
  /** The older ICHRA host's front: another host:port before the same server. */
  legacy: ScriptedProxy;
  receiver: LocalServer & { bodies: Array<{ path: string; body: any }> };
  close(): Promise<void>;
}

async function startFronts(): Promise<Fronts> {
  await exportReferenceKeys();
  process.env[PAGERDUTY_ROUTING_KEY_ENV] = ROUTING_KEY;
  const reference = await startReferenceServer();
  // The first county read loads the ZIP data: done here, so no run meets that one slow answer.
  await fetch(`${reference.url}${COUNTIES}?zip_code=40202`, {
    headers: { 'x-api-key': process.env.PARTNER_KEY_APPROVED! },
  });
  const [proxy, legacy] = await Promise.all([scriptedProxy(reference.url), scriptedProxy(reference.url)]);
  const bodies: Array<{ path: string; body: any }> = [];
  const server = await listen(
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const path = req.url ?? '';
        bodies.push({ path, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
        const dead = path.startsWith('/dead');
        res.writeHead(dead ? 404 : 202, { 'content-type': dead ? 'text/plain' : 'application/json' });
        res.end(dead ? 'no_service' : '{"status":"success"}');
      });
    },
    { readsBody: true },
  );
  const receiver = Object.assign(server, { bodies });
  return {
    reference,
    proxy,
    legacy,
    receiver,
    close: async () => {
      await Promise.all([proxy.close(), legacy.close(), receiver.close(), reference.close()]);
    },
  };
}

/**
 * The shipped production profile aimed at the fronts, at the reference server's tier (its key
 * is tier high there), confirmations 200 ms apart; `extra` over it.
 */
function productionAt(
  fronts: Fronts,
  tmp: ReturnType<typeof scratch>,
  name: string,
  extra: Record<string, unknown> = {},
): string {
  const profile = loadTargetProfile(PRODUCTION);
  const path = tmp.path(`${name}.json`);
  writeFileSync(
    path,
    JSON.stringify({
      ...profile,
      baseUrl: fronts.proxy.url,
      legacyBaseUrl: fronts.legacy.url,
      keys: { approved: { ...profile.keys.approved!, tier: 'high' } },
      confirm: { pauseMs: 200 },
      ...extra,
    }),
  );
  return path;
}

/** A smoke run: its exit code, output, reports, and what reached the fronts and the listener. */
async function smokeRun(
  fronts: Fronts,
  tmp: ReturnType<typeof scratch>,
  name: string,
  target: string,
  ...flags: string[]
) {
  const reportDir = tmp.path(name);
  const before = { proxy: fronts.proxy.received.length, legacy: fronts.legacy.received.length };
  const heard = fronts.receiver.bodies.length;
  const result = await runCli(['run', '--profile', 'smoke', '--target', target, '--report-dir', reportDir, ...flags]);
  const wire = [...fronts.proxy.received.slice(before.proxy), ...fronts.legacy.received.slice(before.legacy)];
  return {
    ...result,
    reportDir,
    wire,
    heard: fronts.receiver.bodies.slice(heard),
    summary: readSummary(reportDir),
  };
}

/** `trigger partner-conformance/production/smoke/target:down`, for each PagerDuty event a run sent to `path`. */
export const pagerdutyEvents = (heard: Array<{ path: string; body: any }>, path: string) =>
  heard.filter((h) => h.path === path).map((h) => `${h.body.event_action} ${h.body.dedup_key}`);

/**
 * The fronts of a test file: started before its tests, healed before each, closed after them
 * with its scratch folder (`prefix`); `restore` puts back the environment the file changed.
 */
export function useFronts(prefix: string, restore: () => void) {
  const tmp = scratch(prefix);
  let fronts: Fronts | undefined;
  beforeAll(async () => {
    fronts = await startFronts();
  });
  beforeEach(() => {
    fronts!.proxy.heal();
    fronts!.legacy.heal();
  });
  afterAll(async () => {
    restore();
    await fronts?.close();
    tmp.dispose();
  });
  return {
    tmp,
    get fronts(): Fronts {
      return fronts!;
    },
    productionAt: (name: string, extra: Record<string, unknown> = {}) => productionAt(fronts!, tmp, name, extra),
    smokeRun: (name: string, target: string, ...flags: string[]) => smokeRun(fronts!, tmp, name, target, ...flags),
  };
}
