/** Notification destinations, routing and formats, without a network. */
import { describe, expect, it } from 'vitest';
import type { Condition, HistoryComparison } from '../../../reports/monitor/history.js';
import type { Change } from './change.js';
import { changeFor, destinationOf, type Destination } from './index.js';
import { pagerdutyMessages, PAGERDUTY_ROUTING_KEY_ENV } from './pagerduty.js';
import { slackMessages } from './slack.js';

const env = { [PAGERDUTY_ROUTING_KEY_ENV]: 'routing-key-1' };
const condition = (key: string, route: Condition['route'], title = key): Condition => ({
  key,
  route,
  title,
  since: '2025-01-01T00:00:00.000Z',
  sinceRunId: 'r1',
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

describe('routing', () => {
  const history: HistoryComparison = {
    new: [condition('exit:5', 'credentials'), condition('rule:PING-200', 'contract')],
    still: [],
    recovered: [condition('exit:4', 'network')],
    changed: true,
  };
  const all: Destination[] = [
    { format: 'pagerduty', url: 'https://pd' },
    { format: 'slack', url: 'https://owner', route: 'credentials' },
  ];

  it('a routed destination hears its route only, and the others no longer hear it', () => {
    expect(changeFor(all[1]!, all, history).new.map((c) => c.key)).toEqual(['exit:5']);
    expect(changeFor(all[1]!, all, history).recovered).toEqual([]);
    expect(changeFor(all[0]!, all, history).new.map((c) => c.key)).toEqual(['rule:PING-200']);
    expect(changeFor(all[0]!, all, history).recovered.map((c) => c.key)).toEqual(['exit:4']);
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
      condition('exit:4', 'network', 'exit 4 (unreachable): E_TARGET_NOT_LISTENING'),
      condition('rule:X-1', 'contract', 'X-1 <b>'),
    ],
    recovered: [condition('exit:10', 'service')],
    still: [],
    runUrl: 'https://github.com/o/r/actions/runs/1',
  };

  it('PagerDuty: a trigger per new condition and a resolve per recovered one, each with its own dedup key', () => {
    const events = pagerdutyMessages(change, env) as Array<Record<string, any>>;
    expect(events.map((e) => [e.event_action, e.dedup_key])).toEqual([
      ['trigger', 'partner-conformance/production/smoke/exit:4'],
      ['trigger', 'partner-conformance/production/smoke/rule:X-1'],
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
    expect(message!.text).toContain(`<${change.runUrl}|the run and its reports>`);
  });
});
