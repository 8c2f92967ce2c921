/**
 * A preview deployment without a generated profile: `--base-url` over a profile's base URL
 * (the rest of the profile kept, the repeat command naming both), and profile URLs that name
 * an environment variable (`${PREVIEW_URL}`); an unset one is exit 2 before any request.
 */
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportReferenceKeys } from '../../engine/embedded.js';
import { loadTargetProfile, referenceProfilePath } from '../../harness/profile.js';
import { startReferenceServer, type ReferenceServer } from '../../reference/server.js';
import { countingProxy } from '../fault-servers/proxy.js';
import type { LocalServer } from '../fault-servers/listen.js';
import { allExchanges, readSummary, runCli, saveEnv, scratch } from './cli.js';

const tmp = scratch('preview-urls');
const restore = saveEnv(['PREVIEW_URL']);
let reference: ReferenceServer;
let proxy: LocalServer;

beforeAll(async () => {
  await exportReferenceKeys();
  reference = await startReferenceServer();
  proxy = await countingProxy(reference.url);
});
afterAll(async () => {
  restore();
  await proxy.close();
  await reference.close();
  tmp.dispose();
});

/** The reference profile with `baseUrl` as given (the other URLs follow it). */
function profileWith(file: string, baseUrl: string): string {
  const profile = loadTargetProfile(referenceProfilePath());
  const path = tmp.path(file);
  writeFileSync(
    path,
    JSON.stringify({ ...profile, baseUrl, legacyBaseUrl: baseUrl, medicareBaseUrl: baseUrl }, null, 2),
  );
  return path;
}

const PING = ['--family', 'utility', '--rule', 'PING-200'];

describe('preview URLs', () => {
  it('--base-url points a profile at a preview deployment; the repeat command names both', async () => {
    const profile = profileWith('staging.json', 'http://127.0.0.1:9');
    const dir = tmp.path('override');
    const result = await runCli(['run', '--target', profile, '--base-url', proxy.url, ...PING, '--report-dir', dir]);
    expect(result.code, result.err).toBe(0);
    const summary = readSummary(dir);
    expect(summary.target.baseUrl).toBe(proxy.url);
    expect(summary.command).toContain(`--target ${profile}`);
    expect(summary.command).toContain(`--base-url ${proxy.url}`);
    expect(allExchanges(summary).every((ex) => ex.request.url.startsWith(proxy.url))).toBe(true);
  });

  it('a profile URL may name an environment variable', async () => {
    process.env.PREVIEW_URL = proxy.url;
    const profile = profileWith('preview.json', '${PREVIEW_URL}');
    const dir = tmp.path('variable');
    const result = await runCli(['run', '--target', profile, ...PING, '--report-dir', dir]);
    expect(result.code, result.err).toBe(0);
    expect(readSummary(dir).target.baseUrl).toBe(proxy.url);
  });

  it('an unset variable is exit 2 with its name and a fix, before any request', async () => {
    delete process.env.PREVIEW_URL;
    const profile = profileWith('unset.json', '${PREVIEW_URL}');
    const before = proxy.received.length;
    const result = await runCli(['run', '--target', profile, ...PING, '--report-dir', tmp.path('unset')]);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(
      /^E_PROFILE_VARIABLE_UNSET: .*\/baseUrl names \$\{PREVIEW_URL\}, which is not set\n {2}fix: /,
    );
    expect(proxy.received.length).toBe(before);
  });
});
