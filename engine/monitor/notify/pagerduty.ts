/**
 * PagerDuty Events API v2: one event per condition that changed, `trigger` for a new one and
 * `resolve` for a recovered one, each with a dedup key of its own (target, run profile and the
 * condition: `rule:ISSUERS-ORDER`, `exit:4`), so PagerDuty opens one incident per broken rule or
 * outage and closes it when a run finds it gone. The integration's routing key is a secret: it
 * is read from PAGERDUTY_ROUTING_KEY_ENV, never from a flag.
 */
import { ConfigError } from '../../../harness/errors.js';
import type { Condition } from '../../../reports/monitor/history.js';
import type { Change } from './change.js';

export const PAGERDUTY_ROUTING_KEY_ENV = 'PARTNER_CONFORMANCE_PAGERDUTY_KEY';

/** Severity of a condition: an outage is critical, a broken rule or a refused key an error, the rest warnings. */
const SEVERITY_OF_EXIT: Readonly<Record<string, 'critical' | 'error' | 'warning'>> = {
  'exit:4': 'critical',
  'exit:8': 'critical',
  'exit:9': 'critical',
  'exit:5': 'error',
};
const severityOf = (c: Condition) => (c.key.startsWith('rule:') ? 'error' : (SEVERITY_OF_EXIT[c.key] ?? 'warning'));

function dedupKey(change: Pick<Change, 'run'>, condition: Pick<Condition, 'key'>): string {
  return `partner-conformance/${change.run.target.name}/${change.run.runProfile}/${condition.key}`.slice(0, 255);
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
  const triggers = change.new.map((condition) => ({
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
