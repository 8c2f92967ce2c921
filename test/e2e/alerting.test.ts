/**
 * A page only for a confirmed, lasting condition, and an incident lifecycle an on-call can trust,
 * end to end through the CLI: the production smoke check against the reference server behind
 * fronts that reset, blip or go down (the base URL's and the older ICHRA host's apart), with
 * listeners standing in for PagerDuty and Slack, one of them dead. Each case is a defect an
 * on-call met: a page for one reset, one incident per rule for one outage, a run that tested
 * nothing resolving incidents, one dead webhook freezing the rest, a host down read as passed.
 */
import { describe, expect, it } from 'vitest';
import { PAGERDUTY_ROUTING_KEY_ENV } from '../../engine/monitor/notify/pagerduty.js';
import { RUN_PROFILES } from '../../harness/run-profiles.js';
import { runCli, saveEnv } from './cli.js';
import { pagerdutyEvents, useFronts } from './smoke-fronts.js';

const CAP = RUN_PROFILES.smoke.requestCap;
const DOWN = 'partner-conformance/production/smoke/target:down';
const world = useFronts('alerting', saveEnv([PAGERDUTY_ROUTING_KEY_ENV]));
const { tmp } = world;

const smoke = (name: string, ...flags: string[]) => world.smokeRun(name, world.productionAt(name), ...flags);
/** `--history` in its own folder and PagerDuty (and, when given, Slack) at the listener. */
const paging = (history: string, slack?: string) => [
  '--history',
  tmp.path(history),
  '--notify',
  `pagerduty=${world.fronts.receiver.url}/pd-${history}`,
  ...(slack ? ['--notify', `slack=${world.fronts.receiver.url}${slack}`] : []),
];

describe('a blip on the preflight is ridden out', () => {
  it('one connection reset on the preflight: tried again, the run goes on and passes, nobody is paged', async () => {
    world.fronts.proxy.script({ path: '/v1/ping', times: 1, reset: true });
    const run = await smoke('one-reset', ...paging('one-reset'));
    expect(run.code).toBe(0);
    expect(run.summary.preflight?.pings?.map((p) => p.status ?? 'reset')).toEqual(['reset', 200]);
    expect(run.wire.length).toBeLessThanOrEqual(CAP);
    expect(run.heard).toEqual([]);
  });

  it('two 503s on the preflight, then the ping object: the run goes on, nobody is paged', async () => {
    world.fronts.proxy.script({ path: '/v1/ping', times: 2, status: 503 });
    const run = await smoke('two-503', ...paging('two-503'));
    expect(run.code).toBe(0);
    expect(run.summary.preflight?.pings?.map((p) => p.status)).toEqual([503, 503, 200]);
    expect(run.wire.length).toBeLessThanOrEqual(CAP);
    expect(run.heard).toEqual([]);
  });
});

describe('one outage, one incident, resolved only by a run that judged it', () => {
  const flags = () => paging('storm');

  it('a 503 storm after the preflight is one target-level incident, exit 9, for the service', async () => {
    // The preflight's ping gets through; every later request to the base URL gets a 503.
    world.fronts.proxy.script({ path: '/v1/ping', times: 1 }, { path: '/', status: 503 });
    const run = await smoke('storm', ...flags());
    expect(run.code).toBe(9);
    expect(run.wire.length).toBeLessThanOrEqual(CAP);
    expect(run.summary.history?.new.map((c) => [c.key, c.route])).toEqual([['target:down', 'service']]);
    expect(pagerdutyEvents(run.heard, '/pd-storm')).toEqual([`trigger ${DOWN}`]);
    expect(run.out).toMatch(/Down \(exit 9\): every check of 127\.0\.0\.1:\d+ failed alike \(503; \d+ checks\)/);
  });

  it('a run that tested nothing (stopped at the preflight, still down) resolves nothing, pages no more', async () => {
    world.fronts.proxy.script({ path: '/', reset: true });
    const run = await smoke('storm-stopped', ...flags());
    expect(run.code).toBe(4);
    expect(run.summary.history).toMatchObject({ new: [], recovered: [], still: [{ key: 'target:down' }] });
    expect(run.heard).toEqual([]);
  });

  it('the first run that gets through resolves it, once', async () => {
    const run = await smoke('storm-back', ...flags());
    expect(run.code).toBe(0);
    expect(pagerdutyEvents(run.heard, '/pd-storm')).toEqual([`resolve ${DOWN}`]);
  });
});

describe('every host of the profile is watched', () => {
  const flags = () => paging('legacy-down');
  const legacyDown = () => `partner-conformance/production/smoke/host:${new URL(world.fronts.legacy.url).host}:down`;

  it('the older ICHRA host answering 500 to everything fails the run (its one rule is inferred), exit 9', async () => {
    world.fronts.legacy.script({ path: '/', status: 500 });
    const run = await smoke('legacy-down', ...flags());
    expect(run.code).toBe(9);
    expect(run.summary.outcome).toBe('failed');
    expect(run.summary.outages).toEqual([
      expect.objectContaining({
        host: new URL(world.fronts.legacy.url).host,
        target: false,
        exitCode: 9,
        seen: ['500'],
      }),
    ]);
    expect(run.out).not.toContain('Result: PASSED');
    expect(pagerdutyEvents(run.heard, '/pd-legacy-down')).toEqual([`trigger ${legacyDown()}`]);
  });

  it('a narrower run that does not reach it (the utility family alone) keeps it open', async () => {
    const run = await smoke('legacy-narrow', ...flags(), '--family', 'utility');
    expect(run.code).toBe(0);
    expect(run.summary.history?.unjudged.map((c) => c.key)).toEqual([
      `host:${new URL(world.fronts.legacy.url).host}:down`,
    ]);
    expect(run.heard).toEqual([]);
  });

  it('the whole run again resolves it, once', async () => {
    const run = await smoke('legacy-back', ...flags());
    expect(run.code).toBe(0);
    expect(pagerdutyEvents(run.heard, '/pd-legacy-down')).toEqual([`resolve ${legacyDown()}`]);
  });
});

describe('one dead destination freezes no other', () => {
  const flags = () => paging('dead-slack', '/dead/slack');

  it('Slack answering 404: PagerDuty is triggered once, and not again on the next run', async () => {
    world.fronts.proxy.script({ path: '/v1/reference/counties', times: 3, status: 503 });
    const first = await smoke('dead-1', ...flags());
    expect(first.code).toBe(1);
    expect(pagerdutyEvents(first.heard, '/pd-dead-slack')).toEqual([
      'trigger partner-conformance/production/smoke/rule:COUNTIES-200',
    ]);
    expect(first.err).toMatch(/notification to slack \(127\.0\.0\.1:\d+\) failed: 404 no_service/);
    world.fronts.proxy.script({ path: '/v1/reference/counties', times: 3, status: 503 });
    const second = await smoke('dead-2', ...flags());
    expect(second.code).toBe(1);
    expect(pagerdutyEvents(second.heard, '/pd-dead-slack')).toEqual([]);
    // Slack, which did not take it, is told again.
    expect(second.heard.map((h) => h.path)).toEqual(['/dead/slack']);
  });

  it('the recovery is resolved at PagerDuty though Slack is still dead', async () => {
    const back = await smoke('dead-3', ...flags());
    expect(back.code).toBe(0);
    expect(pagerdutyEvents(back.heard, '/pd-dead-slack')).toEqual([
      'resolve partner-conformance/production/smoke/rule:COUNTIES-200',
    ]);
  });
});

describe('--alert-after', () => {
  it('2: the first failing run pages no one, the second in a row does', async () => {
    const flags = () => [...paging('after-2'), '--alert-after', '2'];
    world.fronts.proxy.script({ path: '/v1/reference/counties', times: 3, status: 503 });
    const first = await smoke('after-1st', ...flags());
    expect(first.code).toBe(1);
    expect(first.heard).toEqual([]);
    expect(first.out).toContain('(1 of 2 runs before it alerts)');
    world.fronts.proxy.script({ path: '/v1/reference/counties', times: 3, status: 503 });
    const second = await smoke('after-2nd', ...flags());
    expect(pagerdutyEvents(second.heard, '/pd-after-2')).toEqual([
      'trigger partner-conformance/production/smoke/rule:COUNTIES-200',
    ]);
  });

  it('an unconfirmed failure (the confirmation budget spent) pages no one alone', async () => {
    // Two checks fail on 503s: the first spends the two confirmation requests, the second is left unconfirmed.
    world.fronts.proxy.script(
      { path: '/v1/reference/counties', times: 3, status: 503 },
      { path: '/v1/policy-status', times: 1, status: 503 },
    );
    const run = await smoke('unconfirmed', ...paging('unconfirmed'));
    expect(run.code).toBe(1);
    expect(run.summary.confirmations).toMatchObject({ confirmed: 1, unconfirmed: 1 });
    expect(pagerdutyEvents(run.heard, '/pd-unconfirmed')).toEqual([
      'trigger partner-conformance/production/smoke/rule:COUNTIES-200',
    ]);
    expect(run.out).toMatch(/POLICY-LIST-200.*\(unconfirmed: waits for another run\)/);
  });
});

describe('degraded routes apart from down', () => {
  it('an answer over its budget is heard by the performance destination, and not by PagerDuty', async () => {
    world.fronts.proxy.script({ path: '/v1/reference/counties', delayMs: 400 });
    const run = await world.smokeRun(
      'degraded',
      world.productionAt('degraded', { latency: { operations: { 'GET /v1/reference/counties': 100 } } }),
      ...paging('degraded'),
      '--notify',
      `performance:json=${world.fronts.receiver.url}/performance`,
    );
    expect(run.code).toBe(10);
    expect(run.heard.map((h) => h.path)).toEqual(['/performance']);
    expect(run.heard[0]!.body.new).toEqual([expect.objectContaining({ key: 'exit:10', route: 'performance' })]);
  });
});

describe('bad input: a clear error before any request, exit 2', () => {
  const refused = async (name: string, extra: Record<string, unknown>, ...flags: string[]) => {
    const before = world.fronts.proxy.received.length + world.fronts.legacy.received.length;
    const result = await runCli([
      'run',
      '--profile',
      'smoke',
      '--target',
      world.productionAt(name, extra),
      '--report-dir',
      tmp.path(name),
      ...flags,
    ]);
    expect(world.fronts.proxy.received.length + world.fronts.legacy.received.length).toBe(before);
    expect(result.code).toBe(2);
    return result.err;
  };

  it('a confirmation window longer than the run deadline', async () => {
    expect(await refused('window', { confirm: { pauseMs: 100_000 }, runTimeoutMs: 60_000 })).toMatch(
      /^E_CONFIRM_INVALID: the confirmation window \(2 pauses of 100 s: 200 s\) is longer than the run's deadline/,
    );
  });

  it('more confirmation requests than smoke keeps for them', async () => {
    expect(await refused('requests', { confirm: { requests: 5 } })).toMatch(/^E_CONFIRM_INVALID: confirm\.requests 5/);
  });

  it('--alert-after 0, and more than the history holds', async () => {
    expect(await refused('after-0', {}, '--history', tmp.path('h0'), '--alert-after', '0')).toMatch(
      /^E_ALERTING_INVALID: --alert-after "0"/,
    );
    expect(await refused('after-11', {}, '--history', tmp.path('h11'), '--alert-after', '11')).toMatch(
      /^E_ALERTING_INVALID: --alert-after "11": runs in a row; the history holds from 1 to 10/,
    );
  });

  it('a destination URL that is not http(s), not echoed', async () => {
    const err = await refused('ftp', {}, '--history', tmp.path('hf'), '--notify', 'slack=ftp://hooks.example/T0KEN');
    expect(err).toMatch(/^E_NOTIFY_INVALID: --notify slack=…: the URL must be http or https/);
    expect(err).not.toContain('T0KEN');
  });
});
