/**
 * A run as Prometheus metrics, built with prom-client (the registry renders OpenMetrics text):
 * what blackbox_exporter says of a probe (`probe_success`, `probe_duration_seconds`, the
 * certificate's expiry) in this suite's words, plus what only a conformance run knows: its
 * outcome and exit code, each operation's slowest answer against its budget, rule and check
 * verdicts, each check's success, confirmations, the history's changes, and the suite's and catalogue's versions.
 * Every series is labelled with the target and the run profile, the Pushgateway's grouping key.
 */
import { Gauge, Registry, type OpenMetricsContentType } from 'prom-client';
import { RULE_VERDICTS } from '../summary.js';
import { operationLatencies } from './latency.js';
import { shownByOutage } from './outage.js';
import type { RunSummary } from '../types.js';

const METRIC_PREFIX = 'partner_conformance_';

/** Every outcome a run can end with: one series each, 1 for the run's (a state set). */
const OUTCOMES: ReadonlyArray<RunSummary['outcome']> = ['passed', 'degraded', 'failed', 'blocked', 'empty', 'unusable'];

const seconds = (ms: number) => ms / 1000;

/** The labels every series carries: the target and the run profile (also the Pushgateway's grouping key). */
export function groupingOf(summary: Pick<RunSummary, 'target' | 'runProfile'>): Record<string, string> {
  return { target: summary.target.name, run_profile: summary.runProfile };
}

/** Each check that probed the target: its labels, and whether every finding of it succeeded. */
function checkSuccess(summary: RunSummary): Array<[{ family: string; check: string }, boolean]> {
  const byCheck = new Map<string, [{ family: string; check: string }, boolean]>();
  for (const f of summary.findings) {
    if (f.subject !== undefined || f.verdict === 'skipped' || f.verdict === 'not run') continue;
    const ok = f.verdict === 'passed' || (f.verdict === 'warning' && !shownByOutage(f, summary.outages ?? []));
    const key = `${f.family}/${f.id ?? f.check}`;
    const seen = byCheck.get(key);
    byCheck.set(key, [{ family: f.family, check: f.id ?? f.check }, (seen?.[1] ?? true) && ok]);
  }
  return [...byCheck.values()];
}

/** A registry holding the run's metrics; `metrics()` renders them as OpenMetrics text. */
export function metricsRegistry(summary: RunSummary): Registry<OpenMetricsContentType> {
  const registry = new Registry<OpenMetricsContentType>();
  registry.setContentType(Registry.OPENMETRICS_CONTENT_TYPE);
  registry.setDefaultLabels(groupingOf(summary));
  const gauge = (name: string, help: string, labelNames: string[] = []) =>
    new Gauge({ name: `${METRIC_PREFIX}${name}`, help, labelNames, registers: [registry] });

  // Like probe_success: the target answered as the contract says (slow answers included: that is `outcome`).
  gauge('success', 'Whether the run passed: 1 passed or degraded, 0 otherwise.').set(
    summary.outcome === 'passed' || summary.outcome === 'degraded' ? 1 : 0,
  );
  const outcome = gauge('outcome', "The run's outcome: 1 for the outcome it ended with, 0 for the others.", [
    'outcome',
  ]);
  for (const name of new Set([...OUTCOMES, summary.outcome]))
    outcome.set({ outcome: name }, name === summary.outcome ? 1 : 0);
  gauge('exit_code', "The run's exit code (docs/exit-codes.md).").set(summary.exitCode);
  gauge('duration_seconds', 'How long the run took, in seconds.').set(seconds(summary.durationMs));
  gauge('last_run_timestamp_seconds', 'When the run finished, in seconds since the epoch.').set(
    Date.parse(summary.finishedAt) / 1000,
  );
  gauge('requests', 'Requests the run sent to the target (preflight and confirmations included).').set(
    summary.requests,
  );

  const durations = gauge(
    'operation_duration_seconds',
    'The slowest answer of each operation in the run, in seconds.',
    ['operation'],
  );
  const budgets = gauge('operation_latency_budget_seconds', "Each judged operation's latency budget, in seconds.", [
    'operation',
  ]);
  const latency = summary.latency ?? operationLatencies(summary.findings);
  for (const op of latency.operations) {
    durations.set({ operation: op.operation }, seconds(op.maxMs));
    if (op.budgetMs !== undefined) budgets.set({ operation: op.operation }, seconds(op.budgetMs));
  }
  gauge('answers_over_budget', 'Answers slower than their latency budget.').set(summary.latency?.over.length ?? 0);

  const rules = gauge('rules', 'Rules of the catalogue by verdict.', ['verdict']);
  for (const verdict of RULE_VERDICTS) rules.set({ verdict }, summary.ruleCounts[verdict] ?? 0);
  const checks = gauge('checks', 'Checks of the run by verdict.', ['verdict']);
  for (const [verdict, n] of Object.entries(summary.counts))
    if (verdict !== 'total' && verdict !== 'steps') checks.set({ verdict }, n);
  const success = gauge(
    'check_success',
    "Whether each check of the run succeeded, as blackbox_exporter's probe_success: 1 passed (or warned, its host " +
      'up), 0 failed or blocked; a check that skipped or did not run probed nothing and has no series.',
    ['family', 'check'],
  );
  for (const [labels, ok] of checkSuccess(summary)) success.set(labels, ok ? 1 : 0);
  const confirmations = gauge('confirmations', 'Checks tried again after a transport failure or a 5xx, by result.', [
    'result',
  ]);
  for (const result of ['confirmed', 'transient', 'unconfirmed'] as const)
    confirmations.set({ result }, summary.confirmations?.[result] ?? 0);

  if (summary.tls?.length) {
    // Like blackbox_exporter's probe_ssl_earliest_cert_expiry, one series per host; days left = remaining / 86400.
    const expiry = gauge(
      'tls_certificate_expiry_timestamp_seconds',
      "When the first certificate of each https host's chain expires, in seconds since the epoch.",
      ['host'],
    );
    const remaining = gauge(
      'tls_certificate_remaining_seconds',
      "Time left before the first certificate of each https host's chain expires, at the run's start, in seconds.",
      ['host'],
    );
    for (const tls of summary.tls) {
      expiry.set({ host: tls.host }, Date.parse(tls.validTo) / 1000);
      remaining.set({ host: tls.host }, tls.daysLeft * 86_400);
    }
  }
  if (summary.baseline) {
    const baseline = gauge('baseline', "Failures against the run's baseline: known, expired, fixed or new.", ['state']);
    for (const state of ['known', 'expired', 'fixed', 'new'] as const)
      baseline.set({ state }, summary.baseline[state].length);
  }
  if (summary.history) {
    const conditions = gauge(
      'conditions',
      'Conditions (a host down, failed rules, exit codes) against the history: new, still, recovered, not judged by ' +
        'this run (unjudged), and those alerting.',
      ['state'],
    );
    const { history } = summary;
    conditions.set({ state: 'new' }, history.new.length);
    conditions.set({ state: 'still' }, history.still.length);
    conditions.set({ state: 'recovered' }, history.recovered.length);
    conditions.set({ state: 'unjudged' }, history.unjudged.length);
    conditions.set(
      { state: 'alerting' },
      [...history.new, ...history.still, ...history.unjudged].filter((c) => c.alerting).length,
    );
  }
  gauge('info', 'The versions the run used: suite, rule catalogue and spec document.', [
    'suite_version',
    'catalogue_version',
    'spec_version',
  ]).set(
    {
      suite_version: summary.scope.toolVersion,
      catalogue_version: summary.scope.catalogueVersion,
      spec_version: summary.spec.version ?? 'unknown',
    },
    1,
  );
  return registry;
}
