/**
 * Delivery per destination, against local listeners: a Slack webhook that fails holds up no
 * other destination and is told again on the next run; a recovery reaches each destination that
 * heard the trigger, once; a reminder comes at its interval.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../harness/client/test-server.js';
import type { Finding } from '../../harness/model.js';
import { catalogueOf } from '../../reports/run-info.js';
import { buildSummary } from '../../reports/summary.js';
import { SAMPLE_RULES, sampleFindings, sampleInfo } from '../../reports/testing/sample.js';
import { deliverMonitoring } from './deliver.js';
import { historyFile, readHistory } from './history-store.js';
import { PAGERDUTY_ROUTING_KEY_ENV } from './notify/pagerduty.js';
import type { MonitorPlan } from './plan.js';
import type { HistoryRecord } from '../../reports/types.js';

const dir = mkdtempSync(join(tmpdir(), 'deliver-'));
const env = { [PAGERDUTY_ROUTING_KEY_ENV]: 'routing-key-1' };
let slackStatus = 404;
let server: TestServer;
const io = () => {
  const said = { out: '', err: '' };
  return {
    said,
    io: { out: { write: (s: string) => (said.out += s) }, err: { write: (s: string) => (said.err += s) } },
  };
};

beforeAll(async () => {
  server = await startServer((req, res) => {
    res.writeHead(req.url === '/slack' ? slackStatus : 202, { 'content-type': 'text/plain' });
    res.end(req.url === '/slack' && slackStatus === 404 ? 'no_service' : 'ok');
  });
});
beforeEach(() => {
  server.received.length = 0;
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The sample run's utility and reference checks (the enrollments one skips, which leaves a run incomplete). */
const failing = () => sampleFindings().filter((f) => f.family !== 'enrollments');
const passing = () =>
  failing().map(
    (f): Finding => (f.verdict === 'failed' ? { ...f, verdict: 'passed', proof: { [f.rules[0]!]: [0] } } : f),
  );

function plan(history: string, remindMs?: number): MonitorPlan {
  return {
    historyDir: history,
    alertAfter: 1,
    ...(remindMs !== undefined ? { remindMs } : {}),
    notify: [
      { format: 'pagerduty', url: `${server.url}/pagerduty` },
      { format: 'slack', url: `${server.url}/slack` },
    ],
  };
}

/** One monitored run at `minute` past midnight: its summary beside the history, delivered; what each listener got. */
async function monitoredRun(history: string, findings: Finding[], minute: number, remindMs?: number) {
  const file = historyFile(history, { name: 'reference' }, 'conformance');
  const previous: HistoryRecord | undefined = await readHistory(file, () => undefined);
  const at = new Date(Date.parse('2025-01-01T00:00:00.000Z') + minute * 60_000);
  const info = sampleInfo({
    runId: `r${minute}`,
    families: ['utility', 'reference'],
    history: { ...(previous ? { previous } : {}), alertAfter: 1 },
  });
  const summary = buildSummary(info, findings, catalogueOf(SAMPLE_RULES), at);
  const { said, io: runIo } = io();
  const sent = server.received.length;
  await deliverMonitoring(plan(history, remindMs), summary, runIo, previous, env);
  const got = server.received.slice(sent).map((r) => ({ path: r.url, body: JSON.parse(r.body) }));
  return { said, got, record: (await readHistory(file, () => undefined))! };
}

const pagerduty = (got: Array<{ path: string; body: any }>) =>
  got.filter((g) => g.path === '/pagerduty').map((g) => `${g.body.event_action} ${g.body.dedup_key}`);

describe('one dead destination freezes no other', () => {
  const history = join(dir, 'dead-slack');

  it('Slack answering 404: PagerDuty triggers once; Slack keeps its state and is told again next run', async () => {
    slackStatus = 404;
    const first = await monitoredRun(history, failing(), 0);
    expect(pagerduty(first.got)).toEqual(['trigger partner-conformance/reference/conformance/rule:ISSUERS-ORDER']);
    expect(first.said.err).toMatch(/notification to slack \(127\.0\.0\.1:\d+\) failed: 404 no_service/);
    expect(first.record.conditions.map((c) => c.key)).toEqual(['rule:ISSUERS-ORDER']);

    const second = await monitoredRun(history, failing(), 15);
    expect(pagerduty(second.got)).toEqual([]);
    expect(second.got.map((g) => g.path)).toEqual(['/slack']);
    expect(second.got[0]!.body.text).toContain('new since last run: ISSUERS-ORDER');
  });

  it('the recovery is resolved at PagerDuty, Slack still dead; Slack, which never heard it, hears none', async () => {
    const back = await monitoredRun(history, passing(), 30);
    expect(pagerduty(back.got)).toEqual(['resolve partner-conformance/reference/conformance/rule:ISSUERS-ORDER']);
    expect(back.got.filter((g) => g.path === '/slack')).toEqual([]);
    expect(back.record.conditions).toEqual([]);
    const quiet = await monitoredRun(history, passing(), 45);
    expect(quiet.got).toEqual([]);
  });
});

describe('reminders', () => {
  const history = join(dir, 'reminders');

  it('a condition that still alerts is told again at the interval, and only then', async () => {
    slackStatus = 200;
    const hour = 3_600_000;
    expect((await monitoredRun(history, failing(), 0, hour)).got.map((g) => g.path)).toEqual(['/pagerduty', '/slack']);
    expect((await monitoredRun(history, failing(), 30, hour)).got).toEqual([]);
    const reminded = await monitoredRun(history, failing(), 60, hour);
    expect(pagerduty(reminded.got)).toEqual(['trigger partner-conformance/reference/conformance/rule:ISSUERS-ORDER']);
    expect(reminded.got.find((g) => g.path === '/slack')!.body.text).toContain(
      'still failing since 2025-01-01T00:00:00.000Z',
    );
    expect((await monitoredRun(history, failing(), 75, hour)).got).toEqual([]);
  });
});
