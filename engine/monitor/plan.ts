/**
 * What a monitoring run does beside its reports, checked before any request: where its history
 * is kept (`--history`), who hears of a change (`--notify`), where its metrics go
 * (`--push-gateway`, `--metrics-textfile`).
 */
import { constants } from 'node:fs';
import { access, mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { ConfigError } from '../../harness/errors.js';
import { destinationOf, type Destination } from './notify/index.js';
import { pushGatewayOf } from './push.js';

export interface MonitorPlan {
  /** Folder of the history records (`--history`). */
  historyDir?: string;
  /** Destinations of change notifications (`--notify`). */
  notify: Destination[];
  /** Prometheus Pushgateway URL (`--push-gateway`). */
  pushGateway?: string;
  /** File or folder for node_exporter's textfile collector (`--metrics-textfile`). */
  metricsTextfile?: string;
}

export interface MonitorRequest {
  history?: string;
  notify?: string[];
  pushGateway?: string;
  metricsTextfile?: string;
}

async function writableDir(dir: string): Promise<string> {
  const full = resolve(dir);
  try {
    await mkdir(full, { recursive: true });
    await access(full, constants.W_OK);
  } catch (err) {
    throw new ConfigError(
      'E_HISTORY_UNWRITABLE',
      `--history ${full} cannot hold the history: ${(err as NodeJS.ErrnoException).code ?? String(err)}`,
    );
  }
  return full;
}

/** The monitoring part of a run request, checked; undefined when it asks for none. */
export async function monitorPlanOf(
  request: MonitorRequest,
  env: NodeJS.ProcessEnv = process.env,
): Promise<MonitorPlan | undefined> {
  const notify = (request.notify ?? []).map((spec) => destinationOf(spec, env));
  if (notify.length > 0 && request.history === undefined)
    throw new ConfigError('E_NOTIFY_NEEDS_HISTORY', '--notify is given without --history');
  const plan: MonitorPlan = {
    notify,
    ...(request.history !== undefined ? { historyDir: await writableDir(request.history) } : {}),
    ...(request.pushGateway !== undefined ? { pushGateway: pushGatewayOf(request.pushGateway) } : {}),
    ...(request.metricsTextfile !== undefined ? { metricsTextfile: resolve(request.metricsTextfile) } : {}),
  };
  return plan.historyDir || plan.pushGateway || plan.metricsTextfile ? plan : undefined;
}
