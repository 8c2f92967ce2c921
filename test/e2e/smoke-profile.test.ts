/**
 * The smoke profile as a product (issue "Ready for CI", section 1): a smoke run sends at most
 * 10 requests, all GETs but the one quote its target profile opts in to (the contract's
 * side-effect-free write), counted both from the reports and on the wire (a counting proxy in
 * front of the reference server); a target without an `unapproved` key still gets a clean
 * run; and a smoke check that would send an eleventh request is refused with a clear finding.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../harness/paths.js';
import { createSuiteRunner } from '../../engine/suite-runner.js';
import { loadTargetProfile } from '../../harness/profile.js';
import { RUN_PROFILES } from '../../harness/run-profiles.js';
import { loadRules } from '../../harness/rules.js';
import { standardWriters } from '../../reports/index.js';
import { catalogueOf } from '../../reports/run-info.js';
import { sampleInfo } from '../../reports/testing/sample.js';
import type { LocalServer } from '../fault-servers/listen.js';
import { allExchanges, readSummary, runCli, scratch } from './cli.js';
import { referenceBehindProxy, type ReferenceBehindProxy } from './reference-behind-proxy.js';

const SMOKE_MAX_REQUESTS = RUN_PROFILES.smoke.requestCap;
/** What a smoke run sends besides GETs: the quote the reference profile opts in to, nothing else. */
const notGet = (requests: Array<{ method: string; path?: string; url?: string }>) =>
  requests
    .filter((r) => r.method !== 'GET')
    .map((r) => `${r.method} ${new URL(r.path ?? r.url!, 'http://x').pathname}`);
const tmp = scratch('smoke-profile');
let target: ReferenceBehindProxy;
let proxy: LocalServer;

beforeAll(async () => {
  target = await referenceBehindProxy();
  proxy = target.proxy;
});
afterAll(async () => {
  await target.close();
  tmp.dispose();
});

/** The reference profile pointed at the proxy, optionally without some key roles. */
const proxiedProfile = (file: string, dropRoles: string[] = []): string => target.profileAt(tmp.path(file), dropRoles);

describe('smoke run against the embedded server', () => {
  it('sends at most 10 requests, only GETs and the opted-in quote, and passes', async () => {
    const dir = tmp.path('embedded');
    const result = await runCli(['run', '--profile', 'smoke', '--report-dir', dir]);
    expect(result.code).toBe(0);
    const summary = readSummary(dir);
    const exchanges = allExchanges(summary);
    expect(summary.runProfile).toBe('smoke');
    expect(exchanges.length).toBeGreaterThan(0);
    expect(exchanges.length).toBeLessThanOrEqual(SMOKE_MAX_REQUESTS);
    expect(notGet(exchanges.map((ex) => ex.request))).toEqual(['POST /v1/quotes']);
    // Reachability, key validity and the envelope of one error are all probed.
    expect(exchanges.some((ex) => ex.response?.status === 200)).toBe(true);
    expect(exchanges.some((ex) => ex.response?.status === 403)).toBe(true);
  });
});

describe("smoke's watch on quoting", () => {
  it('fires on the fault of its own rule (a quote answered 201), failing the run by QUOTES-200', async () => {
    const dir = tmp.path('quotes-fault');
    const result = await runCli(['run', '--profile', 'smoke', '--fault', 'quotes-200-as-201', '--report-dir', dir]);
    expect(result.code).toBe(1);
    const failed = readSummary(dir).findings.filter((f) => f.verdict === 'failed');
    // The run-wide oracle of documented statuses sees the same answer: a 201 the document does not list.
    expect(failed.map((f) => [f.family, f.rules])).toEqual([
      ['quotes', ['QUOTES-200']],
      ['contract', ['SCHEMA-DOCUMENTED-STATUS']],
    ]);
  });
});

describe('smoke run through a counting proxy', () => {
  it('puts at most 10 requests on the wire, all GETs but the opted-in quote, and matches the report', async () => {
    const before = proxy.received.length;
    const dir = tmp.path('proxied');
    const result = await runCli([
      'run',
      '--profile',
      'smoke',
      '--target',
      proxiedProfile('proxied.json'),
      '--report-dir',
      dir,
    ]);
    expect(result.code).toBe(0);
    const wire = proxy.received.slice(before);
    expect(wire.length).toBeGreaterThan(0);
    expect(wire.length).toBeLessThanOrEqual(SMOKE_MAX_REQUESTS);
    expect(notGet(wire)).toEqual(['POST /v1/quotes']);
    // The preflight ping (engine/preflight.ts) is on the wire too, within the cap.
    expect(wire.length).toBe(allExchanges(readSummary(dir)).length + 1);
  });

  it('works without an unapproved key: checks that need it are skipped, nothing fails', async () => {
    const before = proxy.received.length;
    const dir = tmp.path('no-unapproved');
    const result = await runCli([
      'run',
      '--profile',
      'smoke',
      '--target',
      proxiedProfile('no-unapproved.json', ['unapproved']),
      '--report-dir',
      dir,
    ]);
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    const summary = readSummary(dir);
    expect(summary.counts.failed).toBe(0);
    expect(summary.counts.passed).toBeGreaterThan(0);
    for (const f of summary.findings.filter((x) => x.needs?.includes('unapproved'))) expect(f.verdict).toBe('skipped');
    expect(proxy.received.length - before).toBeLessThanOrEqual(SMOKE_MAX_REQUESTS);
  });
});

describe('a smoke subset above the budget', () => {
  it('refuses request 11 before it leaves the process and fails the check saying why', async () => {
    // A suite of its own: one smoke check that asks for 12 pings.
    const root = tmp.path('over-budget');
    mkdirSync(join(root, 'suites', 'utility'), { recursive: true });
    writeFileSync(
      join(root, 'suites', 'utility', 'over-budget.conformance.ts'),
      `import { verify } from ${JSON.stringify(join(PROJECT_ROOT, 'harness', 'suite', 'index.ts'))};
verify('twelve pings', ['PING-200'], async (t) => {
  for (let i = 0; i < 12; i++) t.expect.status(await t.send({ method: 'GET', path: '/v1/ping' }), 200);
}, { profiles: ['smoke'] });
`,
    );
    const before = proxy.received.length;
    const profile = loadTargetProfile(proxiedProfile('budget.json'));
    const runner = await createSuiteRunner(['utility'], { root });
    try {
      const summary = await runner.run(
        {
          runId: 'over-budget',
          runProfile: 'smoke',
          profile,
          specSource: join(PROJECT_ROOT, 'specs', 'partner-api.yaml'),
          families: ['utility'],
          seed: 1,
          runs: 1,
          strict: false,
          reportDir: tmp.path('over-budget-out'),
          embedded: false,
          command: 'npx partner-conformance run --profile smoke',
        },
        {
          info: sampleInfo({ runProfile: 'smoke', families: ['utility'] }),
          catalogue: catalogueOf(loadRules().rules),
          writers: standardWriters(tmp.path('over-budget-out'), { write: () => undefined }),
          secrets: [],
        },
      );
      const finding = summary.findings.find((f) => f.check === 'twelve pings');
      expect(finding?.verdict).toBe('failed');
      expect(finding?.message).toContain(
        'the smoke profile sends at most 10 requests a run and this would be request 11',
      );
      expect(finding?.exchanges).toHaveLength(SMOKE_MAX_REQUESTS);
      expect(proxy.received.length - before).toBe(SMOKE_MAX_REQUESTS);
    } finally {
      await runner.close();
    }
  });
});
