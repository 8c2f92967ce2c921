/**
 * What a monitoring run found beside its checks, as plain lines every text report shows
 * (console, step summary, JUnit's system-out): answers over their latency budget, checks tried
 * again, the certificate's expiry, the history, the requests sent.
 */
import { confirmationLine } from './confirmations.js';
import { historyLines } from './history.js';
import { overBudgetLine } from './latency.js';
import { outageLine } from './outage.js';
import { tlsWarningLine } from './tls.js';
import type { RunSummary } from '../types.js';

type Monitored = Pick<
  RunSummary,
  'latency' | 'confirmations' | 'tls' | 'history' | 'findings' | 'requests' | 'preflightStop' | 'outages'
>;

/** Why no check ran, when the preflight stopped the run. */
function preflightStopLines(summary: Pick<RunSummary, 'preflightStop'>): string[] {
  const stop = summary.preflightStop;
  return stop
    ? [`Stopped by the preflight (exit ${stop.exitCode}): ${stop.code}: ${stop.message}`, `  fix: ${stop.fix}`]
    : [];
}

/** `Down (exit 9): every check of api.example.com failed alike (503; 6 checks)`, one line per host down. */
export function outageLines(summary: Pick<RunSummary, 'outages'>): string[] {
  return (summary.outages ?? []).map((o) => `Down (exit ${o.exitCode}): ${outageLine(o)}`);
}

function latencyLines(summary: Pick<RunSummary, 'latency'>): string[] {
  const { latency } = summary;
  if (!latency) return [];
  if (latency.over.length === 0) {
    const slowest = latency.operations[0];
    return slowest
      ? [`Latency: every answer within its budget (slowest ${slowest.operation} ${slowest.maxMs.toFixed(0)} ms)`]
      : [];
  }
  return [
    `Over latency budget: ${latency.over.length} answer(s)`,
    ...latency.over.map((o) => `  ${overBudgetLine(o)}`),
  ];
}

export function confirmationLines(summary: Pick<RunSummary, 'confirmations' | 'findings'>): string[] {
  const counts = summary.confirmations;
  if (!counts) return [];
  return [
    `Confirmations (a check failed on a transport cause or a 5xx, tried again after a ` +
      `pause): ${counts.confirmed} confirmed, ${counts.transient} transient, ${counts.unconfirmed} unconfirmed`,
    ...summary.findings.filter((f) => f.confirmation).map((f) => `  ${confirmationLine(f)}`),
  ];
}

/** One line per https host: its chain's first expiry (or the warning), and why the chain is not trusted, if not. */
export function tlsLines(summary: Pick<RunSummary, 'tls'>): string[] {
  return (summary.tls ?? []).flatMap((tls) => [
    tlsWarningLine(tls) ??
      `TLS certificate chain of ${tls.host} (${tls.chain?.length ?? 1} certificates): ` +
        `${tls.daysLeft.toFixed(1)} days ` +
        `left (the first expires ${tls.validTo}; warning under ${tls.warnDays})`,
    ...(tls.untrusted ? [`  not trusted by this run's CAs: ${tls.untrusted}`] : []),
  ]);
}

/** Every monitoring line of a run, in report order. */
export function monitorLines(summary: Monitored): string[] {
  return [
    ...preflightStopLines(summary),
    ...outageLines(summary),
    ...latencyLines(summary),
    ...confirmationLines(summary),
    ...tlsLines(summary),
    ...(summary.history ? historyLines(summary.history) : []),
    `Requests sent: ${summary.requests}`,
  ];
}
