/**
 * A monitoring run's work beside its reports: before the checks, the history of its target and
 * run profile; after them, the metrics pushed, each notification destination told what it has not
 * heard, and the history moved on with what each destination took. None of it changes the exit
 * code: a failure is told on stderr. A destination that did not take its messages keeps its state,
 * so the next run tells it again, and holds up no other destination.
 */
import type { TargetProfile } from '../../harness/run-config.js';
import type { RunProfile } from '../../harness/run-profiles.js';
import { publicUrl } from '../../harness/reproduce.js';
import { tlsWarningLine, type TlsCertificate } from '../../reports/monitor/tls.js';
import type { RunIO } from '../io.js';
import { historyFile, readHistory, recordOf, writeHistory } from './history-store.js';
import { destinationId, notify } from './notify/index.js';
import type { MonitorPlan } from './plan.js';
import { pushMetrics } from './push.js';
import type { HistoryRecord, RunSummary } from '../../reports/types.js';

const INTERRUPTED = 130;

/** What a monitoring run knows before its checks: the certificate chains it read, its history and how it alerts. */
export interface Monitored {
  tls?: TlsCertificate[];
  history?: { previous?: HistoryRecord; alertAfter: number };
}

/**
 * What a monitoring run knows once the preflight is done: the certificate chain of each https
 * host (each warned about when it expires soon) and the history of its target and run profile.
 */
export async function monitoringBefore(
  monitor: MonitorPlan | undefined,
  certificates: Promise<TlsCertificate[]> | undefined,
  profile: Pick<TargetProfile, 'name'>,
  runProfile: RunProfile,
  io: RunIO,
): Promise<Monitored> {
  const tls = (await certificates) ?? [];
  for (const warning of tls.flatMap((t) => tlsWarningLine(t) ?? [])) io.out.write(`! ${warning}\n`);
  const read = tls.length > 0 ? { tls } : {};
  if (!monitor?.historyDir) return read;
  const file = historyFile(monitor.historyDir, profile, runProfile);
  const previous = await readHistory(file, (line) => io.err.write(`${line}\n`));
  return { ...read, history: { ...(previous ? { previous } : {}), alertAfter: monitor.alertAfter } };
}

export async function deliverMonitoring(
  monitor: MonitorPlan | undefined,
  summary: RunSummary,
  io: RunIO,
  previous?: HistoryRecord,
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  if (!monitor) return;
  if (monitor.pushGateway) {
    try {
      await pushMetrics(monitor.pushGateway, summary);
      io.out.write(`metrics pushed to ${publicUrl(monitor.pushGateway)}\n`);
    } catch (err) {
      io.err.write(`metrics not pushed to ${publicUrl(monitor.pushGateway)}: ${(err as Error).message}\n`);
    }
  }
  // A run stopped by Ctrl-C has no verdict to remember or tell.
  if (!monitor.historyDir || summary.exitCode === INTERRUPTED) return;
  const deliveries = await notify(monitor.notify, summary, {
    told: previous?.told ?? {},
    ...(monitor.remindMs !== undefined ? { remindMs: monitor.remindMs } : {}),
    env,
  });
  const told: HistoryRecord['told'] = {};
  deliveries.forEach((d, i) => {
    told[destinationId(monitor.notify[i]!)] = d.told;
    if (d.error)
      io.err.write(
        `notification to ${d.destination} failed: ${d.error}; it keeps what it was told before, so the next run ` +
          `tells it again\n`,
      );
    else if (d.messages > 0) io.out.write(`notified ${d.destination}: ${d.messages} message(s)\n`);
  });
  await writeHistory(
    historyFile(monitor.historyDir, summary.target, summary.runProfile),
    recordOf(summary, previous, told),
  );
}
