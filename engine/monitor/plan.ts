/**
 * What a monitoring run does beside its reports, checked before any request: where its history
 * is kept (`--history`), when a condition alerts and is recalled (`--alert-after`, `--remind-every`,
 * else the target profile's `alerting`), who hears of a change (`--notify`), where its metrics go
 * (`--push-gateway`, `--metrics-textfile`).
 */
import { constants } from 'node:fs';
import { access, mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { ConfigError } from '../../harness/errors.js';
import type { TargetProfile } from '../../harness/run-config.js';
import { HISTORY_DEPTH } from '../../reports/monitor/history.js';
import { destinationOf, type Destination } from './notify/index.js';
import { pushGatewayOf } from './push.js';

export interface MonitorPlan {
  /** Folder of the history records (`--history`). */
  historyDir?: string;
  /** Runs in a row a condition must be found before it alerts (`--alert-after`; default 1). */
  alertAfter: number;
  /** The interval of reminders of a condition that still alerts, in ms (`--remind-every`, minutes); absent: none. */
  remindMs?: number;
  /** Destinations of change notifications (`--notify`). */
  notify: Destination[];
  /** Prometheus Pushgateway URL (`--push-gateway`). */
  pushGateway?: string;
  /** File or folder for node_exporter's textfile collector (`--metrics-textfile`). */
  metricsTextfile?: string;
}

export interface MonitorRequest {
  history?: string;
  /** `--alert-after N`, `--remind-every <minutes>`, as given. */
  alertAfter?: string;
  remindEvery?: string;
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

/** A whole number of `flag` from `min` to `max`, else E_ALERTING_INVALID naming both. */
function count(flag: string, raw: string, min: number, max: number, what: string): number {
  const n = /^\d+$/.test(raw.trim()) ? Number(raw) : Number.NaN;
  if (!(n >= min && n <= max))
    throw new ConfigError('E_ALERTING_INVALID', `${flag} ${JSON.stringify(raw)}: ${what} from ${min} to ${max}`);
  return n;
}

/** When conditions alert and are recalled: the flags, else the target profile's `alerting`. */
function alertingOf(request: MonitorRequest, profile: Pick<TargetProfile, 'alerting'>) {
  for (const flag of ['alertAfter', 'remindEvery'] as const)
    if (request[flag] !== undefined && request.history === undefined)
      throw new ConfigError(
        'E_ALERTING_INVALID',
        `--${flag === 'alertAfter' ? 'alert-after' : 'remind-every'} is given without --history, which counts the runs`,
      );
  const alertAfter =
    request.alertAfter !== undefined
      ? count('--alert-after', request.alertAfter, 1, HISTORY_DEPTH, `runs in a row; the history holds`)
      : (profile.alerting?.after ?? 1);
  const minutes =
    request.remindEvery !== undefined
      ? count('--remind-every', request.remindEvery, 1, MAX_REMIND_MINUTES, 'minutes')
      : profile.alerting?.remindEveryMinutes;
  return { alertAfter, ...(minutes !== undefined ? { remindMs: minutes * 60_000 } : {}) };
}

/** Reminders at most once a week apart: past that, a reminder is no reminder. */
const MAX_REMIND_MINUTES = 7 * 24 * 60;

/** The monitoring part of a run request, checked; undefined when it asks for none. */
export async function monitorPlanOf(
  request: MonitorRequest,
  profile: Pick<TargetProfile, 'alerting'> = {},
  env: NodeJS.ProcessEnv = process.env,
): Promise<MonitorPlan | undefined> {
  const notify = (request.notify ?? []).map((spec) => destinationOf(spec, env));
  if (notify.length > 0 && request.history === undefined)
    throw new ConfigError('E_NOTIFY_NEEDS_HISTORY', '--notify is given without --history');
  const plan: MonitorPlan = {
    notify,
    ...alertingOf(request, profile),
    ...(request.history !== undefined ? { historyDir: await writableDir(request.history) } : {}),
    ...(request.pushGateway !== undefined ? { pushGateway: pushGatewayOf(request.pushGateway) } : {}),
    ...(request.metricsTextfile !== undefined ? { metricsTextfile: resolve(request.metricsTextfile) } : {}),
  };
  return plan.historyDir || plan.pushGateway || plan.metricsTextfile ? plan : undefined;
}
