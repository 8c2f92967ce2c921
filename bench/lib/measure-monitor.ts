/**
 * The production smoke check as a monitor runs it: the shipped production profile (tier low,
 * read-only but for the opted-in quote) against the reference server behind a local proxy that
 * adds a round trip to every answer, and, where asked, answers a path 503 once (a blip each
 * confirmation absorbs). Requests are counted on the wire, at the proxy: the preflight and the
 * confirmations included.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { exportReferenceKeys } from '../../engine/embedded.js';
import { executeRun } from '../../engine/execute.js';
import { planRun } from '../../engine/plan.js';
import { projectPath } from '../../harness/paths.js';
import { loadTargetProfile } from '../../harness/profile.js';
import { startReferenceServer } from '../../reference/server.js';
import { scriptedProxy } from '../../test/fault-servers/scripted-proxy.js';
import { quietIO, type RunMeasurement } from './measure-run.js';
import { unprovoked429s } from './unprovoked-429.js';

export interface MonitorRunRequest {
  label: string;
  reportDir: string;
  seed: number;
  /** Added before every answer, ms: the round trip of a distant target. */
  rttMs: number;
  /** Paths answered 503 once each (a confirmation makes each transient). */
  blips?: string[];
}

export async function measureProductionSmoke(req: MonitorRunRequest): Promise<RunMeasurement> {
  await exportReferenceKeys();
  const reference = await startReferenceServer();
  const proxy = await scriptedProxy(reference.url);
  try {
    // The reference server loads its ZIP data on the first county read: a sandbox's start-up, not a round trip.
    await fetch(`${reference.url}/v1/reference/counties?zip_code=40202`, {
      headers: { 'x-api-key': process.env.PARTNER_KEY_APPROVED ?? '' },
    });
    proxy.script(...(req.blips ?? []).map((path) => ({ path, times: 1, status: 503 })), {
      path: '/',
      delayMs: req.rttMs,
    });
    const shipped = loadTargetProfile(projectPath('specs', 'profiles', 'production.json'));
    const target = join(req.reportDir, '..', `${req.reportDir.split('/').at(-1)}-profile.json`);
    await writeFile(target, JSON.stringify({ ...shipped, baseUrl: proxy.url, legacyBaseUrl: proxy.url }));
    const started = performance.now();
    const plan = await planRun({ target, profile: 'smoke', seed: String(req.seed), reportDir: req.reportDir });
    const planMs = performance.now() - started;
    const { exitCode, summary } = await executeRun(plan, quietIO);
    const wallMs = performance.now() - started;
    return {
      label: req.label,
      profile: 'smoke',
      exitCode,
      wallMs,
      planMs,
      suiteMs: summary.durationMs,
      requests: proxy.received.length,
      counts: summary.counts,
      unprovoked429: unprovoked429s(summary.findings),
      failedChecks: summary.findings.filter((f) => f.verdict === 'failed').map((f) => `[${f.family}] ${f.check}`),
      approvedTier: shipped.keys.approved!.tier,
      maxRssKiB: process.resourceUsage().maxRSS,
    };
  } finally {
    await proxy.close();
    await reference.close();
  }
}
