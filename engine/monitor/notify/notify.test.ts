/** Notification destinations, routing and formats, without a network. */
import { describe, expect, it } from 'vitest';
import type { Change } from './change.js';
import { changeFor, destinationOf, type Destination } from './index.js';
import { pagerdutyMessages, PAGERDUTY_ROUTING_KEY_ENV } from './pagerduty.js';
import { slackMessages } from './slack.js';
import type { HistoryComparison, TrackedCondition } from '../../../reports/types.js';

const env = { [PAGERDUTY_ROUTING_KEY_ENV]: 'routing-key-1' };
const condition = (key: string, route: TrackedCondition['route'], title = key): TrackedCondition => ({
  key,
  route,
  title,
  since: '2025-01-01T00:00:00.000Z',
  sinceRunId: 'r1',
  confirmed: true,
  runs: 1,
  alerting: true,
});

describe('--notify', () => {
  it('is [<route>:]<format>=<url>; the URL may hold = and : of its own', () => {
    expect(destinationOf('slack=https://hooks.slack.com/services/T/B/x=y', env)).toEqual({
      format: 'slack',
      url: 'https://hooks.slack.com/services/T/B/x=y',
    });
    expect(destinationOf('credentials:json=http://127.0.0.1:9/h', env)).toEqual({
      format: 'json',
      url: 'http://127.0.0.1:9/h',
      route: 'credentials',
    });
  });

  it('refuses what it cannot send, saying why without the URL', () => {
    const refusal = (spec: string, e: NodeJS.ProcessEnv = env) => {
      try {
        destinationOf(spec, e);
      } catch (err) {
        return `${(err as { code: string }).code} ${(err as Error).message}`;
      }
      return 'accepted';
    };
    expect(refusal('teams=https://x.example/secret-path')).toMatch(/^E_NOTIFY_INVALID .*unknown format "teams"/);
    expect(refusal('teams=https://x.example/secret-path')).not.toContain('secret-path');
    expect(refusal('oncall:slack=https://x.example/')).toMatch(/unknown route "oncall"/);
    expect(refusal('slack=ftp://x.example/')).toMatch(/http or https/);
    expect(refusal('slack')).toMatch(/not \[<route>:\]<format>=<url>/);
    expect(refusal('pagerduty=https://events.pagerduty.com/v2/enqueue', {})).toMatch(/^E_NOTIFY_KEY_MISSING/);
  });
});

describe('routing and what each destination was told', () => {
  const AT = '2025-01-01T01:00:00.000Z';
  const history: HistoryComparison = {
    alertAfter: 1,
    new: [condition('exit:5', 'credentials'), condition('rule:PING-200', 'contract')],
    still: [],
    recovered: [condition('target:down', 'network')],
    unjudged: [],
    changed: true,
  };
  const all: Destination[] = [
    { format: 'pagerduty', url: 'https://pd' },
    { format: 'slack', url: 'https://owner', route: 'credentials' },
  ];
  const told = (...keys: string[]) =>
    Object.fromEntries(
      keys.map((key) => [key, { title: key, route: 'network' as const, at: '2025-01-01T00:00:00.000Z' }]),
    );

  it('a routed destination hears its route only, and the others no longer hear it', () => {
    expect(changeFor(all[1]!, all, history, {}, AT).new.map((c) => c.key)).toEqual(['exit:5']);
    expect(changeFor(all[1]!, all, history, {}, AT).recovered).toEqual([]);
    expect(changeFor(all[0]!, all, history, told('target:down'), AT).new.map((c) => c.key)).toEqual(['rule:PING-200']);
    expect(changeFor(all[0]!, all, history, told('target:down'), AT).recovered.map((c) => c.key)).toEqual([
      'target:down',
    ]);
  });

  it('a destination hears a condition once, and a recovery only of what it heard', () => {
    const again = changeFor(all[0]!, all, history, told('rule:PING-200'), AT);
    expect(again.new).toEqual([]);
    expect(again.still.map((c) => c.key)).toEqual(['rule:PING-200']);
    expect(changeFor(all[0]!, all, history, {}, AT).recovered).toEqual([]);
  });

  it('a condition not yet alerting is told to no one', () => {
    const pending = { ...history, new: [{ ...condition('rule:PING-200', 'contract'), alerting: false }] };
    expect(changeFor(all[0]!, all, pending, {}, AT).new).toEqual([]);
  });

  it('a condition told longer ago than the reminder interval is recalled', () => {
    const still = { ...history, new: [], still: [condition('rule:PING-200', 'contract')] };
    expect(changeFor(all[0]!, all, still, told('rule:PING-200'), AT, 3_600_000).reminders.map((c) => c.key)).toEqual([
      'rule:PING-200',
    ]);
    expect(changeFor(all[0]!, all, still, told('rule:PING-200'), AT, 7_200_000).reminders).toEqual([]);
  });
});

describe('formats', () => {
  const change: Change = {
    run: {
      runId: 'r2',
      finishedAt: '2025-01-01T00:15:00.000Z',
      target: { name: 'production', baseUrl: 'https://api.example.com', embedded: false },
      runProfile: 'smoke',
      outcome: 'blocked',
      exitCode: 4,
    },
    new: [
      condition('target:down', 'network', 'exit 4 (unreachable): E_TARGET_NOT_LISTENING'),
      condition('rule:X-1', 'contract', 'X-1 <b>'),
    ],
    recovered: [condition('exit:10', 'performance')],
    reminders: [condition('rule:Y-2', 'contract')],
    still: [],
    runUrl: 'https://github.com/o/r/actions/runs/1',
  };

  it('PagerDuty: a trigger per new condition and reminder, a resolve per recovered one, each its own dedup key', () => {
    const events = pagerdutyMessages(change, env) as Array<Record<string, any>>;
    expect(events.map((e) => [e.event_action, e.dedup_key])).toEqual([
      ['trigger', 'partner-conformance/production/smoke/target:down'],
      ['trigger', 'partner-conformance/production/smoke/rule:X-1'],
      ['trigger', 'partner-conformance/production/smoke/rule:Y-2'],
      ['resolve', 'partner-conformance/production/smoke/exit:10'],
    ]);
    expect(events[0]!.payload).toMatchObject({
      severity: 'critical',
      source: 'https://api.example.com',
      component: 'production',
    });
    expect(events[1]!.payload.severity).toBe('error');
    expect(events.every((e) => e.routing_key === 'routing-key-1')).toBe(true);
    expect(events[0]!.links).toEqual([{ href: change.runUrl, text: 'the run and its reports' }]);
  });

  it("Slack: one message, its text escaped as Slack's mrkdwn asks", () => {
    const [message] = slackMessages(change) as Array<{ text: string }>;
    expect(message!.text).toContain('new since last run: X-1 &lt;b&gt;');
    expect(message!.text).toContain('recovered: exit:10');
    expect(message!.text).toContain('still failing since 2025-01-01T00:00:00.000Z: rule:Y-2');
    expect(message!.text).toContain(`<${change.runUrl}|the run and its reports>`);
  });
});
