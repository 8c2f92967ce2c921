/**
 * The production smoke check as a monitor, end to end through the CLI: the shipped production
 * profile against the reference server behind a proxy that a test makes slow, fail once, fail
 * twice or cut connections; what the on-call gets from each (exit code, every report format,
 * metrics, history, notifications to a local receiver), and the request cap kept throughout.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGERDUTY_ROUTING_KEY_ENV } from '../../engine/monitor/notify/pagerduty.js';
import { RUN_PROFILES } from '../../harness/run-profiles.js';
import { readSummary, runCli, saveEnv } from './cli.js';
import { COUNTIES, PRODUCTION, ROUTING_KEY, useFronts } from './smoke-fronts.js';

const CAP = RUN_PROFILES.smoke.requestCap;
const restore = saveEnv([PAGERDUTY_ROUTING_KEY_ENV, 'GITHUB_ACTIONS', 'GITHUB_STEP_SUMMARY']);
const world = useFronts('monitor', restore);
const { tmp } = world;
const hasPromtool = spawnSync('promtool', ['--version']).status === 0;

const productionAtProxy = world.productionAt;
const smoke = world.smokeRun;

const countiesCheck = (summary: ReturnType<typeof readSummary>) =>
  summary.findings.find((f) => f.family === 'reference')!;

describe('a healthy production target', () => {
  it(
    'the shipped profile (at tier low): every family a production key reaches is watched, none ' +
      'skips, within the cap',
    async () => {
      const { proxy, legacy } = world.fronts;
      const before = { proxy: proxy.received.length, legacy: legacy.received.length };
      const reportDir = tmp.path('shipped');
      const result = await runCli([
        'run',
        '--profile',
        'smoke',
        '--target',
        PRODUCTION,
        '--base-url',
        world.fronts.proxy.url,
        '--legacy-base-url',
        world.fronts.legacy.url,
        '--report-dir',
        reportDir,
      ]);
      expect(result.err).toBe('');
      expect(result.code).toBe(0);
      const summary = readSummary(reportDir);
      // No check of a family skips; a run-wide check whose kind of answer smoke never asks for (a create, a
      // keyed request, one made wrong on purpose) skips saying so.
      const skipped = summary.findings.filter((f) => f.verdict === 'skipped');
      expect(skipped.filter((f) => f.family !== 'contract').map((f) => f.check)).toEqual([]);
      // Each family a production key reaches, and the run-wide checks over every answer (the run's own: `contract`).
      expect(new Set(summary.findings.map((f) => f.family))).toEqual(
        new Set(['utility', 'reference', 'quotes', 'policy-status', 'enrollments', 'legacy-ichra', 'contract']),
      );
      const wire = [...proxy.received.slice(before.proxy), ...legacy.received.slice(before.legacy)];
      // Two of the ten are kept to confirm a failure.
      expect(wire.length).toBeLessThanOrEqual(CAP - RUN_PROFILES.smoke.confirm.requests);
      expect(summary.requests).toBe(wire.length);
      expect(wire.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v1/quotes']);
      for (const r of wire)
        expect(r.headers['user-agent']).toMatch(new RegExp(`^partner-conformance/\\S+ \\(run ${summary.runId};`));
    },
  );

  it("sends the profile's headers, whose values no report or recording holds", async () => {
    const token = 'synthetic-Token-e2e-5d4c3b2a1f0e';
    const restoreToken = saveEnv(['E2E_SYNTHETIC_TOKEN']);
    process.env.E2E_SYNTHETIC_TOKEN = token;
    try {
      const run = await smoke(
        'headers',
        productionAtProxy('headers', { headers: { 'X-Synthetic-Token': { env: 'E2E_SYNTHETIC_TOKEN' } } }),
      );
      expect(run.code).toBe(0);
      // The preflight and every check carried it.
      expect(run.wire.every((r) => r.headers['x-synthetic-token'] === token)).toBe(true);
      for (const file of ['summary.json', 'junit.xml', 'report.html', 'exchanges.har', 'metrics.prom'])
        expect(readFileSync(join(run.reportDir, file), 'utf8'), file).not.toContain(token);
      expect(run.out + run.err).not.toContain(token);
    } finally {
      restoreToken();
    }
  });

  it.skipIf(!hasPromtool)('writes metrics.prom that promtool accepts (skipped without promtool)', async () => {
    const run = await smoke('healthy-metrics', productionAtProxy('healthy-metrics'));
    expect(run.code).toBe(0);
    const check = spawnSync('promtool', ['check', 'metrics'], {
      input: readFileSync(join(run.reportDir, 'metrics.prom'), 'utf8'),
      encoding: 'utf8',
    });
    expect(`${check.stdout}${check.stderr}`).toBe('');
    expect(check.status).toBe(0);
  });
});

describe('a target made slow', () => {
  it('is degraded, exit 10, naming the operation and its duration in every report format', async () => {
    world.fronts.proxy.script({ path: COUNTIES, delayMs: 700 });
    const summaryFile = tmp.path('slow-step-summary.md');
    writeFileSync(summaryFile, '');
    process.env.GITHUB_ACTIONS = 'true';
    process.env.GITHUB_STEP_SUMMARY = summaryFile;
    const run = await smoke(
      'slow',
      productionAtProxy('slow', { latency: { operations: { 'GET /v1/reference/counties': 300 } } }),
    ).finally(() => restore(['GITHUB_ACTIONS', 'GITHUB_STEP_SUMMARY']));
    expect(run.code).toBe(10);
    expect(run.summary.outcome).toBe('degraded');
    expect(run.summary.counts.failed).toBe(0);
    const [over] = run.summary.latency!.over;
    expect(over).toMatchObject({ operation: 'GET /v1/reference/counties', budgetMs: 300 });
    expect(over!.durationMs).toBeGreaterThanOrEqual(700);
    const named = /GET \/v1\/reference\/counties \d+\.\d\d s \(budget 0\.3 s\)/;
    expect(run.out).toMatch(named);
    expect(run.out).toContain('Result: DEGRADED');
    expect(readFileSync(summaryFile, 'utf8')).toMatch(named);
    expect(readFileSync(join(run.reportDir, 'junit.xml'), 'utf8')).toMatch(
      /<property name="latency\.over\.GET \/v1\/reference\/counties" value="\d+(\.\d+)? ms \(budget 300 ms\)"\/>/,
    );
    expect(readFileSync(join(run.reportDir, 'report.html'), 'utf8')).toMatch(
      /<tr class="over-budget"><td><code>GET \/v1\/reference\/counties<\/code>/,
    );
    expect(readFileSync(join(run.reportDir, 'metrics.prom'), 'utf8')).toMatch(
      /partner_conformance_exit_code\{target="production",run_profile="smoke"\} 10/,
    );
  });
});

describe('a target made to fail once', () => {
  it('is tried again after the pause: transient, the run passes, one request more on the wire', async () => {
    world.fronts.proxy.script({ path: COUNTIES, times: 1, status: 503 });
    const run = await smoke('once', productionAtProxy('once'));
    expect(run.code).toBe(0);
    expect(run.summary.outcome).toBe('passed');
    const counties = countiesCheck(run.summary);
    expect(counties.verdict).toBe('passed');
    expect(counties.confirmation).toMatchObject({ result: 'transient', pauseMs: 200 });
    expect(run.summary.confirmations).toEqual({ confirmed: 0, transient: 1, unconfirmed: 0 });
    expect(run.wire.filter((r) => r.path.startsWith(COUNTIES))).toHaveLength(2);
    expect(run.wire.length).toBeLessThanOrEqual(CAP);
    expect(run.out).toMatch(/transient: \[reference\] .*\(first: 503; again after 0\.2 s: passed\)/);
  });
});

describe('a target made to fail twice: a blip the window rides out', () => {
  it('two failed requests, then an answer: transient, the run passes, nobody is paged', async () => {
    world.fronts.proxy.script({ path: COUNTIES, times: 2, status: 503 });
    const run = await smoke(
      'twice',
      productionAtProxy('twice'),
      '--history',
      tmp.path('history-twice'),
      '--notify',
      `pagerduty=${world.fronts.receiver.url}/pagerduty-twice`,
    );
    expect(run.code).toBe(0);
    expect(countiesCheck(run.summary).confirmation).toMatchObject({ result: 'transient', attempts: 3 });
    expect(run.wire.filter((r) => r.path.startsWith(COUNTIES))).toHaveLength(3);
    expect(run.wire.length).toBeLessThanOrEqual(CAP);
    expect(run.heard).toEqual([]);
  });
});

describe('a target made to fail three times, with a history and notifications', () => {
  const history = tmp.path('history');
  const notify = (path: string, spec: string) => ['--notify', `${spec}=${world.fronts.receiver.url}${path}`];
  const flags = () => [
    '--history',
    history,
    ...notify('/json', 'json'),
    ...notify('/slack', 'slack'),
    ...notify('/pagerduty', 'pagerduty'),
  ];

  it('is confirmed and fails the run; the change is told, once, to each destination in its format', async () => {
    world.fronts.proxy.script({ path: COUNTIES, times: 3, status: 503 });
    const run = await smoke('thrice', productionAtProxy('thrice'), ...flags());
    expect(run.code).toBe(1);
    const counties = countiesCheck(run.summary);
    expect(counties.verdict).toBe('failed');
    expect(counties.confirmation).toMatchObject({ result: 'confirmed', attempts: 3 });
    expect(run.wire.length).toBeLessThanOrEqual(CAP);
    expect(run.summary.history?.new.map((c) => c.key)).toEqual(expect.arrayContaining(['rule:COUNTIES-200']));
    expect(run.out).toMatch(/new since last run: COUNTIES-200 §4\.2 failed.*\(alerting\)/);
    const json = run.heard.find((b) => b.path === '/json')!.body;
    expect(json).toMatchObject({ format: 'partner-conformance.notification/1', exitCode: 1, runId: run.summary.runId });
    expect(run.heard.find((b) => b.path === '/slack')!.body.text).toContain('new since last run: COUNTIES-200');
    const triggers = run.heard.filter((b) => b.path === '/pagerduty').map((b) => b.body);
    expect(triggers.every((t) => t.event_action === 'trigger' && t.routing_key === ROUTING_KEY)).toBe(true);
    expect(triggers.map((t) => t.dedup_key)).toContain('partner-conformance/production/smoke/rule:COUNTIES-200');
  });

  it('recovers on the next healthy run: recovered, and PagerDuty resolves the same dedup key', async () => {
    const run = await smoke('recovered', productionAtProxy('thrice'), ...flags());
    expect(run.code).toBe(0);
    expect(run.summary.history?.recovered.map((c) => c.key)).toContain('rule:COUNTIES-200');
    expect(run.out).toMatch(/recovered: COUNTIES-200/);
    expect(
      run.heard.find((b) => b.path === '/pagerduty' && b.body.dedup_key.endsWith('rule:COUNTIES-200'))?.body,
    ).toEqual({
      routing_key: ROUTING_KEY,
      event_action: 'resolve',
      dedup_key: 'partner-conformance/production/smoke/rule:COUNTIES-200',
    });
  });

  it('tells nothing when nothing changed', async () => {
    const run = await smoke('unchanged', productionAtProxy('thrice'), ...flags());
    expect(run.code).toBe(0);
    expect(run.summary.history?.changed).toBe(false);
    expect(run.heard).toEqual([]);
  });
});

describe('a target whose connections are cut during the run', () => {
  it('is confirmed as the network, exit 4; a destination of that route hears it, and no other', async () => {
    world.fronts.proxy.script({ path: COUNTIES, times: 3, reset: true });
    const run = await smoke(
      'cut',
      productionAtProxy('cut'),
      '--history',
      tmp.path('history-cut'),
      '--notify',
      `network:json=${world.fronts.receiver.url}/network`,
      '--notify',
      `json=${world.fronts.receiver.url}/everyone-else`,
    );
    expect(run.code).toBe(4);
    expect(countiesCheck(run.summary)).toMatchObject({ verdict: 'blocked', blockedBy: 'E_TARGET_RESET' });
    expect(countiesCheck(run.summary).confirmation?.result).toBe('confirmed');
    expect(run.heard.map((b) => b.path)).toEqual(['/network']);
    expect(run.heard[0]!.body.new).toEqual([expect.objectContaining({ key: 'exit:4', route: 'network' })]);
  });
});

describe('a target made unreachable, then refusing the key, then healthy again', () => {
  const history = tmp.path('history-outage');
  const destinations = () => [
    '--history',
    history,
    '--notify',
    `credentials:json=${world.fronts.receiver.url}/secret-owner`,
    '--notify',
    `pagerduty=${world.fronts.receiver.url}/pagerduty-outage`,
  ];
  const heard = (run: { heard: Array<{ path: string; body: any }> }) => run.heard.map((b) => [b.path, b.body]);

  it('unreachable: the preflight stops the run after its window; it leaves its record, and pages', async () => {
    world.fronts.proxy.script({ path: '/', reset: true });
    const run = await smoke('outage', productionAtProxy('outage'), ...destinations());
    expect(run.code).toBe(4);
    expect(run.summary).toMatchObject({
      outcome: 'unusable',
      exitCode: 4,
      preflightStop: { code: 'E_TARGET_RESET', attempts: 3, confirmed: true },
    });
    expect(run.wire).toHaveLength(3);
    expect(readFileSync(join(run.reportDir, 'metrics.prom'), 'utf8')).toMatch(/partner_conformance_success\{[^}]*\} 0/);
    expect(heard(run)).toEqual([
      [
        '/pagerduty-outage',
        expect.objectContaining({
          event_action: 'trigger',
          dedup_key: 'partner-conformance/production/smoke/target:down',
        }),
      ],
    ]);
  });

  it("the key refused (exit 5): told to the secret's owner only; the outage resolved", async () => {
    world.fronts.proxy.script({ path: '/v1/ping', status: 403 });
    const run = await smoke('key-refused', productionAtProxy('outage'), ...destinations());
    expect(run.code).toBe(5);
    expect(run.summary.history).toMatchObject({
      new: [{ key: 'exit:5', route: 'credentials' }],
      recovered: [{ key: 'target:down' }],
    });
    expect(heard(run)).toEqual(
      expect.arrayContaining([
        [
          '/pagerduty-outage',
          expect.objectContaining({
            event_action: 'resolve',
            dedup_key: 'partner-conformance/production/smoke/target:down',
          }),
        ],
        ['/secret-owner', expect.objectContaining({ exitCode: 5, new: [expect.objectContaining({ key: 'exit:5' })] })],
      ]),
    );
    expect(
      heard(run).filter(([path, body]) => path === '/pagerduty-outage' && body.event_action === 'trigger'),
    ).toEqual([]);
  });

  it("healthy again: the secret's owner hears it recovered, PagerDuty nothing", async () => {
    const run = await smoke('key-back', productionAtProxy('outage'), ...destinations());
    expect(run.code).toBe(0);
    expect(heard(run)).toEqual([
      ['/secret-owner', expect.objectContaining({ recovered: [expect.objectContaining({ key: 'exit:5' })] })],
    ]);
  });
});

describe('metrics for the ecosystem', () => {
  it("are written for node_exporter's textfile collector, whole, into a folder", async () => {
    const folder = tmp.path('textfile');
    const run = await smoke('textfile', productionAtProxy('textfile'), '--metrics-textfile', folder);
    expect(run.code).toBe(0);
    const file = join(folder, 'partner_conformance_production_smoke.prom');
    expect(readFileSync(file, 'utf8')).toBe(readFileSync(join(run.reportDir, 'metrics.prom'), 'utf8'));
  });

  const pushgateway = ['prometheus-pushgateway', 'pushgateway'].find(
    (bin) => spawnSync(bin, ['--version']).status === 0,
  );
  it.skipIf(!pushgateway)('reach a real Pushgateway, a success series per check (skipped without it)', async () => {
    const { port, stop } = await startPushgateway(pushgateway!);
    try {
      const run = await smoke('pushed', productionAtProxy('pushed'), '--push-gateway', `http://127.0.0.1:${port}`);
      expect(run.code).toBe(0);
      expect(run.out).toContain(`metrics pushed to http://127.0.0.1:${port}`);
      const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      const success = text.split('\n').find((line) => line.startsWith('partner_conformance_success{'));
      expect(success).toMatch(/job="partner_conformance"[^}]*run_profile="smoke"[^}]*target="production"[^}]*\} 1/);
      expect(text).toMatch(/partner_conformance_operation_duration_seconds\{[^}]*operation="POST \/v1\/quotes"/);
      const checks = text.split('\n').filter((line) => line.startsWith('partner_conformance_check_success{'));
      expect(checks.length).toBe(run.summary.counts.total - run.summary.counts.skipped);
      expect(checks.every((line) => /job="partner_conformance"[^}]*target="production"[^}]*\} 1$/.test(line))).toBe(
        true,
      );
    } finally {
      await stop();
    }
  });
});

/** A Pushgateway of Debian's package on a free port, in memory; stopped by its own pid. */
async function startPushgateway(bin: string): Promise<{ port: number; stop(): Promise<void> }> {
  const { createServer } = await import('node:net');
  const port = await new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
  const { spawn } = await import('node:child_process');
  const child = spawn(bin, [`--web.listen-address=127.0.0.1:${port}`], { stdio: 'ignore' });
  for (let i = 0; i < 50; i++) {
    const up = await fetch(`http://127.0.0.1:${port}/-/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
}
