/**
 * What a monitoring run reports beside its checks, on synthetic runs: latency judged and the
 * `degraded` outcome, confirmations counted, the history's conditions and comparison, and the
 * metrics (checked with promtool when it is installed).
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../harness/model.js';
import { sampleFindings, sampleInfo, sampleSummary } from '../testing/sample.js';
import { conditionsOf } from './conditions.js';
import { compareHistory, HISTORY_FORMAT } from './history.js';
import { judgeLatency } from './latency.js';
import { monitorLines } from './lines.js';
import { metricsRegistry } from './metrics.js';
import { tlsWarningLine } from './tls.js';
import type { HistoryRecord } from '../types.js';

const passedOnly = () => sampleFindings().filter((f) => f.verdict === 'passed');

/** A run of the utility family alone: its one stated rule is the ping's, so a passed ping proves all it requires. */
const utilityRun = (extra: Parameters<typeof sampleInfo>[0] = {}) => sampleInfo({ families: ['utility'], ...extra });

/** A passed ping that took `ms` to answer. */
function pingIn(ms: number): Finding {
  const [ping] = passedOnly();
  const exchange = { ...ping!.exchanges[0]!, operation: 'GET /v1/ping', durationMs: ms };
  return { ...ping!, exchanges: [{ ...exchange, startedAt: '2025-01-01T00:00:01.000Z' }] };
}

describe('latency budgets', () => {
  it('a passing run with an answer over its budget is degraded, exit 10, naming the operation and its duration', () => {
    const info = utilityRun({ latency: { defaultMs: 2000, operations: {} } });
    const summary = sampleSummary(info, [pingIn(2412)]);
    expect(summary.outcome).toBe('degraded');
    expect(summary.exitCode).toBe(10);
    expect(summary.latency?.over).toEqual([
      { operation: 'GET /v1/ping', durationMs: 2412, budgetMs: 2000, check: 'ping answers 200' },
    ]);
    expect(monitorLines(summary).join('\n')).toContain('GET /v1/ping 2.41 s (budget 2 s)');
  });

  it('counts each request once, however many findings show its exchange (a run-wide check cites it again)', () => {
    const slow = pingIn(2412);
    const citing: Finding = {
      ...slow,
      check: 'every answer of the run is valid for its operation',
      family: 'contract',
    };
    const summary = sampleSummary(utilityRun({ latency: { defaultMs: 2000, operations: {} } }), [slow, citing]);
    expect(summary.latency?.over).toHaveLength(1);
    expect(summary.latency?.operations).toEqual([{ operation: 'GET /v1/ping', count: 1, maxMs: 2412, budgetMs: 2000 }]);
  });

  it('an answer within budget, or no budget at all, leaves a pass a pass', () => {
    expect(sampleSummary(utilityRun({ latency: { defaultMs: 2000, operations: {} } }), [pingIn(1999)]).outcome).toBe(
      'passed',
    );
    expect(sampleSummary(utilityRun(), [pingIn(60_000)]).outcome).toBe('passed');
  });

  it('a failed run stays failed, its slow answers still reported', () => {
    const info = sampleInfo({ latency: { defaultMs: 1, operations: {} } });
    const summary = sampleSummary(info);
    expect(summary.outcome).toBe('failed');
    expect(summary.exitCode).toBe(1);
    expect(summary.latency?.over.length).toBeGreaterThan(0);
  });

  it('an exchange with no answer has no answer time to judge', () => {
    const [ping] = passedOnly();
    const lost = {
      ...ping!,
      exchanges: [{ ...ping!.exchanges[0]!, response: undefined, error: 'ECONNRESET', durationMs: 9000 }],
    };
    expect(judgeLatency([lost], { defaultMs: 10, operations: {} })?.over).toEqual([]);
  });
});

describe('confirmations', () => {
  it('are counted, and each one is told with its first attempt', () => {
    const [ping] = passedOnly();
    const transient: Finding = {
      ...ping!,
      confirmation: {
        result: 'transient',
        pauseMs: 5000,
        attempts: 2,
        earlier: [
          { exchanges: [{ ...ping!.exchanges[0]!, response: { ...ping!.exchanges[0]!.response!, status: 503 } }] },
        ],
      },
    };
    const summary = sampleSummary(utilityRun(), [transient]);
    expect(summary.confirmations).toEqual({ confirmed: 0, transient: 1, unconfirmed: 0 });
    expect(summary.outcome).toBe('passed');
    // Both attempts' requests were sent.
    expect(summary.requests).toBe(2);
    expect(monitorLines(summary).join('\n')).toContain(
      'transient: [utility] ping answers 200 (first: 503; again after 5 s: passed)',
    );
  });

  it('an unconfirmed check counts its one request once', () => {
    const [ping] = passedOnly();
    const lost = { ...ping!.exchanges[0]!, response: undefined, error: 'ECONNRESET' };
    const unconfirmed: Finding = {
      ...ping!,
      verdict: 'failed',
      exchanges: [lost],
      confirmation: { result: 'unconfirmed', attempts: 1, earlier: [], reason: 'no budget left' },
    };
    const summary = sampleSummary(utilityRun(), [unconfirmed]);
    expect(summary.requests).toBe(1);
    expect(monitorLines(summary).join('\n')).toContain(
      'unconfirmed: [utility] ping answers 200 (first: no response: ECONNRESET; not tried again: no budget left)',
    );
  });
});

describe('history', () => {
  const earlier: HistoryRecord = {
    format: HISTORY_FORMAT,
    target: { name: 'reference', baseUrl: 'http://127.0.0.1:9999' },
    runProfile: 'conformance',
    runs: [{ runId: 'r0', finishedAt: '2024-12-31T23:45:00.000Z', exitCode: 5, outcome: 'unusable' }],
    conditions: [
      {
        key: 'exit:5',
        route: 'credentials',
        title: 'exit 5 (key refused)',
        since: '2024-12-31T23:30:00.000Z',
        sinceRunId: 'r-1',
        confirmed: true,
        runs: 2,
        alerting: true,
      },
      {
        key: 'rule:ISSUERS-ORDER',
        route: 'contract',
        title: 'ISSUERS-ORDER failed',
        since: '2024-12-31T23:30:00.000Z',
        sinceRunId: 'r-1',
        confirmed: true,
        runs: 2,
        alerting: true,
      },
    ],
    told: {},
  };

  it('names each failed rule and any exit code but 0 and 1 as a condition, with whose it is', () => {
    const summary = sampleSummary();
    const state = { ...summary, causes: [], outages: [], pinged: false, stopped: false };
    expect(conditionsOf(state).map((c) => [c.key, c.route])).toEqual([['rule:ISSUERS-ORDER', 'contract']]);
    expect(conditionsOf({ ...state, exitCode: 5, causes: ['E_TARGET_KEY_REFUSED'] })[0]).toMatchObject({
      key: 'exit:5',
      route: 'credentials',
      title: 'exit 5 (key refused): E_TARGET_KEY_REFUSED',
    });
    expect(conditionsOf({ ...state, exitCode: 10 })[0]).toMatchObject({ key: 'exit:10', route: 'performance' });
  });

  it('tells new since last run, still failing (since its first run) and recovered', () => {
    const summary = sampleSummary(sampleInfo({ history: { previous: earlier } }));
    expect(summary.history).toMatchObject({
      previous: { runId: 'r0', exitCode: 5 },
      new: [],
      still: [{ key: 'rule:ISSUERS-ORDER', since: '2024-12-31T23:30:00.000Z', sinceRunId: 'r-1', runs: 3 }],
      recovered: [{ key: 'exit:5' }],
      changed: true,
    });
    const lines = monitorLines(summary).join('\n');
    expect(lines).toContain('still failing (since 2024-12-31T23:30:00.000Z, 3 runs in a row): ISSUERS-ORDER');
    expect(lines).toContain('recovered: exit 5 (key refused) [credentials]');
  });

  it('a failure the baseline knows is no condition: the history pages on what is new, not on the baseline', () => {
    const known = sampleFindings().map((f) =>
      f.verdict === 'failed' ? { ...f, baseline: { status: 'known' as const, rules: f.rules, operations: [] } } : f,
    );
    const summary = sampleSummary(sampleInfo({ history: { previous: earlier } }), known);
    expect(summary.ruleVerdicts['ISSUERS-ORDER']?.verdict).toBe('failed');
    expect(summary.history).toMatchObject({ still: [], recovered: [{ key: 'exit:5' }, { key: 'rule:ISSUERS-ORDER' }] });
  });

  it('a first run compares with nothing: everything wrong is new; nothing wrong is no change', () => {
    const all = () => true;
    expect(compareHistory(undefined, [earlier.conditions[0]!], all, 1)).toMatchObject({
      new: [{ key: 'exit:5', runs: 1, alerting: true }],
      changed: true,
    });
    expect(compareHistory(undefined, [], all, 1)).toMatchObject({ new: [], still: [], recovered: [], changed: false });
    expect(compareHistory(earlier, earlier.conditions, all, 1).changed).toBe(false);
  });
});

describe('the certificate', () => {
  const tls = { host: 'api.example.com', validTo: '2025-01-10T00:00:00.000Z', daysLeft: 9.5, warnDays: 14 };
  it('is warned about under the threshold, and only then', () => {
    expect(tlsWarningLine(tls)).toContain(
      'W_TLS_EXPIRES_SOON: the TLS certificate of api.example.com expires in 9.5 days',
    );
    expect(tlsWarningLine({ ...tls, daysLeft: 30 })).toBeUndefined();
  });

  it("names the certificate of the chain that expires first when it is not the host's own", () => {
    const chain = [
      { subject: 'api.example.com', issuer: 'R3', validTo: '2025-03-01T00:00:00.000Z' },
      { subject: 'R3', issuer: 'Root', validTo: tls.validTo },
      { subject: 'Root', issuer: 'Root', validTo: '2030-01-01T00:00:00.000Z' },
    ];
    expect(tlsWarningLine({ ...tls, subject: 'R3', chain })).toContain(
      'the TLS certificate of api.example.com ("R3", an intermediate of its chain) expires in 9.5 days',
    );
  });
});

describe('metrics', () => {
  const tls = { host: 'api.example.com', validTo: '2025-03-01T00:00:00.000Z', daysLeft: 59, warnDays: 14 };
  const summary = () =>
    sampleSummary(utilityRun({ tls: [tls], latency: { defaultMs: 2000, operations: {} }, history: {} }), [
      pingIn(2412),
    ]);

  it(
    'say success, outcome, exit code, durations against budgets, verdicts, requests, ' + 'certificate and versions',
    async () => {
      const text = await metricsRegistry(summary()).metrics();
      const labels = 'target="reference",run_profile="conformance"';
      expect(text).toContain(`partner_conformance_success{${labels}} 1`);
      expect(text).toContain(`partner_conformance_outcome{outcome="degraded",${labels}} 1`);
      expect(text).toContain(`partner_conformance_exit_code{${labels}} 10`);
      expect(text).toContain(
        `partner_conformance_operation_duration_seconds{operation="GET /v1/ping",${labels}} 2.412`,
      );
      expect(text).toContain(
        `partner_conformance_operation_latency_budget_seconds{operation="GET /v1/ping",${labels}} 2`,
      );
      expect(text).toContain(`partner_conformance_rules{verdict="passed",${labels}} 1`);
      expect(text).toContain(`partner_conformance_requests{${labels}} 1`);
      expect(text).toContain(
        `partner_conformance_tls_certificate_remaining_seconds{host="api.example.com",${labels}} 5097600`,
      );
      expect(text).toMatch(
        /partner_conformance_info\{suite_version="[^"]+",catalogue_version="[^"]+",spec_version="0.1.0",/,
      );
      expect(text).toContain(`partner_conformance_conditions{state="new",${labels}} 1`);
      expect(text.trimEnd().endsWith('# EOF')).toBe(true);
    },
  );

  it('say one success series per check, as blackbox_exporter says probe_success: 1 passed, 0 failed', async () => {
    const text = await metricsRegistry(sampleSummary()).metrics();
    const labels = 'target="reference",run_profile="conformance"';
    expect(text).toContain(`partner_conformance_check_success{family="utility",check="ping answers 200",${labels}} 1`);
    expect(text).toContain(
      `partner_conformance_check_success{family="reference",check="issuers sorted <case-insensitively> & by id",` +
        `${labels}} 0`,
    );
    // A check that did not run probed nothing: no series.
    expect(text).not.toMatch(/check_success\{family="enrollments"/);
  });

  const promtool = spawnSync('promtool', ['--version']).status === 0;
  it.skipIf(!promtool)(
    'pass `promtool check metrics` (skipped without promtool: apt-get install prometheus)',
    async () => {
      const text = await metricsRegistry(summary()).metrics();
      const check = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
      expect(`${check.stdout}${check.stderr}`).toBe('');
      expect(check.status).toBe(0);
    },
  );
});
