/**
 * A monitoring run's work beside its reports: before the checks, the last run of the history;
 * after them, the metrics pushed, change notifications sent, and the history moved on. None of
 * it changes the exit code: a failure is told on stderr. The history moves on only once every
 * notification of a change was delivered, so an undelivered change is told again next run.
 */
import type { TargetProfile } from '../../harness/run-config.js';
import type { RunProfile } from '../../harness/run-profiles.js';
import { publicUrl } from '../../harness/reproduce.js';
import type { HistoryRecord } from '../../reports/monitor/history.js';
import { tlsWarningLine, type TlsCertificate } from '../../reports/monitor/tls.js';
import type { RunSummary } from '../../reports/summary.js';
import type { RunIO } from '../io.js';
import { historyFile, readHistory, recordOf, writeHistory } from './history-store.js';
import { notify } from './notify/index.js';
import type { MonitorPlan } from './plan.js';
import { pushMetrics } from './push.js';
import type { CertificateWatch } from './tls-certificate.js';

const INTERRUPTED = 130;

/**
 * What a monitoring run knows once the preflight is done: the certificate its connection saw
 * (warned about when it expires soon) and the last run of the history.
 */
export async function monitoringBefore(
  monitor: MonitorPlan | undefined,
  certificate: CertificateWatch | undefined,
  profile: Pick<TargetProfile, 'name' | 'baseUrl'>,
  runProfile: RunProfile,
  io: RunIO,
): Promise<{ tls?: TlsCertificate; history?: { previous?: HistoryRecord } }> {
  const tls = certificate?.stop();
  const warning = tls && tlsWarningLine(tls);
  if (warning) io.out.write(`! ${warning}\n`);
  const history = await historyBefore(monitor, profile, runProfile, io);
  return { ...(tls ? { tls } : {}), ...(history ? { history } : {}) };
}

/** The history before the run: `{ previous }` (empty for a first run), or undefined without `--history`. */
async function historyBefore(
  monitor: MonitorPlan | undefined,
  profile: Pick<TargetProfile, 'name' | 'baseUrl'>,
  runProfile: RunProfile,
  io: RunIO,
): Promise<{ previous?: HistoryRecord } | undefined> {
  if (!monitor?.historyDir) return undefined;
  const file = historyFile(monitor.historyDir, { name: profile.name, baseUrl: publicUrl(profile.baseUrl) }, runProfile);
  const previous = await readHistory(file, (line) => io.err.write(`${line}\n`));
  return previous ? { previous } : {};
}

export async function deliverMonitoring(
  monitor: MonitorPlan | undefined,
  summary: RunSummary,
  io: RunIO,
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
  const deliveries = await notify(monitor.notify, summary, env);
  for (const d of deliveries)
    if (d.error)
      io.err.write(
        `notification to ${d.destination} failed: ${d.error}; the history keeps the last run, so the next ` +
          `run tells this change again\n`,
      );
    else io.out.write(`notified ${d.destination}: ${d.messages} message(s)\n`);
  if (deliveries.some((d) => d.error)) return;
  await writeHistory(historyFile(monitor.historyDir, summary.target, summary.runProfile), recordOf(summary));
}
