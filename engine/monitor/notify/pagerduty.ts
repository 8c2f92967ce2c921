/**
 * PagerDuty Events API v2: one event per condition that changed, `trigger` for a new one (and a
 * reminder: the same dedup key, which reopens an incident resolved by hand) and `resolve` for a
 * recovered one, each with a dedup key of its own (the target's monitorKey and the condition:
 * `target:down`, `rule:ISSUERS-ORDER`), so PagerDuty opens one incident per outage or broken rule
 * and closes it when a run finds it gone. The integration's routing key is a secret: it is read
 * from PAGERDUTY_ROUTING_KEY_ENV, never from a flag.
 */
import { ConfigError } from '../../../harness/errors.js';
import { monitorKey } from '../../../reports/monitor/history.js';
import type { Change } from './change.js';
import type { Condition } from '../../../reports/types.js';

export const PAGERDUTY_ROUTING_KEY_ENV = 'PARTNER_CONFORMANCE_PAGERDUTY_KEY';

/** Severity by key: a host down or not the API critical, a broken rule or a refused key an error, else a warning. */
const SEVERITY: ReadonlyArray<[RegExp, 'critical' | 'error']> = [
  [/^(target|host:.+):down$|^exit:8$/, 'critical'],
  [/^rule:|^exit:5$/, 'error'],
];
const severityOf = (c: Condition) => SEVERITY.find(([key]) => key.test(c.key))?.[1] ?? 'warning';

function dedupKey(change: Pick<Change, 'run'>, condition: Pick<Condition, 'key'>): string {
  return `partner-conformance/${monitorKey(change.run)}/${condition.key}`.slice(0, 255);
}

/** The routing key, or a ConfigError naming the variable (checked before the run). */
export function routingKey(env: NodeJS.ProcessEnv): string {
  const key = env[PAGERDUTY_ROUTING_KEY_ENV];
  if (!key) throw new ConfigError('E_NOTIFY_KEY_MISSING', `--notify pagerduty needs ${PAGERDUTY_ROUTING_KEY_ENV} set`);
  return key;
}

export function pagerdutyMessages(change: Change, env: NodeJS.ProcessEnv): unknown[] {
  const routing_key = routingKey(env);
  const links = change.runUrl ? [{ href: change.runUrl, text: 'the run and its reports' }] : [];
  const triggers = [...change.new, ...change.reminders].map((condition) => ({
    routing_key,
    event_action: 'trigger',
    dedup_key: dedupKey(change, condition),
    payload: {
      summary: `${change.run.target.name} (${change.run.runProfile}): ${condition.title}`.slice(0, 1024),
      source: change.run.target.baseUrl,
      severity: severityOf(condition),
      timestamp: change.run.finishedAt,
      component: change.run.target.name,
      group: change.run.runProfile,
      class: condition.key.split(':')[0],
      custom_details: {
        route: condition.route,
        runId: change.run.runId,
        exitCode: change.run.exitCode,
        since: condition.since,
      },
    },
    client: 'partner-conformance',
    ...(change.runUrl ? { client_url: change.runUrl } : {}),
    links,
  }));
  const resolves = change.recovered.map((condition) => ({
    routing_key,
    event_action: 'resolve',
    dedup_key: dedupKey(change, condition),
  }));
  return [...triggers, ...resolves];
}
