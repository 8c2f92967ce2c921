/**
 * `--push-gateway URL`: the run's metrics pushed to a Prometheus Pushgateway with prom-client's
 * own client, under job `partner_conformance` grouped by target and run profile. A PUT: each run
 * replaces its group's metrics whole, so an operation a later run no longer sends leaves no
 * stale series behind.
 */
import { Pushgateway } from 'prom-client';
import { ConfigError } from '../../harness/errors.js';
import { publicUrl } from '../../harness/reproduce.js';
import { groupingOf, metricsRegistry } from '../../reports/monitor/metrics.js';
import type { RunSummary } from '../../reports/types.js';

const PUSH_JOB = 'partner_conformance';
const TIMEOUT_MS = 10_000;

/** A Pushgateway URL checked before the run. */
export function pushGatewayOf(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    // Credentials in it are a secret: a value that does not parse is shown only without an `@`.
    const shown = raw.includes('@') ? '(the value is not shown: it holds credentials)' : JSON.stringify(raw);
    throw new ConfigError('E_PUSH_GATEWAY_INVALID', `--push-gateway ${shown} is not an absolute URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ConfigError('E_PUSH_GATEWAY_INVALID', `--push-gateway must use http or https, not ${url.protocol}`);
  // prom-client adds /metrics/job/<job>/<grouping> to the URL (after a route prefix, which it keeps).
  if (/\/metrics(\/|$)/.test(url.pathname) || url.search || url.hash)
    throw new ConfigError(
      'E_PUSH_GATEWAY_INVALID',
      `--push-gateway ${publicUrl(raw)} names a push path, a query or a fragment: give the Pushgateway's base URL ` +
        '(with its route prefix, if it has one); the job and the grouping are added to it',
    );
  return raw;
}

/** Pushes the run's metrics; rejects with the gateway's refusal or the network's error. */
export async function pushMetrics(gateway: string, summary: RunSummary): Promise<void> {
  const client = new Pushgateway(gateway, { timeout: TIMEOUT_MS }, metricsRegistry(summary));
  await client.push({ jobName: PUSH_JOB, groupings: groupingOf(summary) });
}
