/**
 * junit.xml: one <testsuite> per family, one <testcase> per check, valid against the strict
 * Jenkins xUnit schema (junit-10.xsd: no <properties> inside a testcase, no `skipped` on
 * <testsuites>). A case's classname and name are the check's identity (its family and stable
 * id), the same whatever its verdict, so CI history follows a check across runs; its title,
 * rules and sections are in its system-out and the suite's properties. A warning stays visible
 * (`status="warning"`, `[warning]` opening its system-out); a check not run is `<skipped>`.
 * A failure the run accepts is `<skipped>` with its reason (`status="known"`: recorded in the
 * baseline; `status="excluded"`: of --exclude-rule rules only): CI history keeps the case under
 * its identity and sees it is not passing, while the job does not fail on it.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Finding } from '../harness/model.js';
import { checkId } from '../harness/suite/inventory.js';
import { describeExchange, warningReasonLine } from './text.js';
import { monitorLines } from './monitor/lines.js';
import { confirmationLine } from './monitor/confirmations.js';
import { RULE_VERDICTS } from './summary.js';
import type { ReportWriter } from './writer.js';
import { xmlAttrs, xmlEscape } from './xml.js';
import { isAccepted } from './accepted.js';
import { acceptedLines, knownLine } from './baseline/lines.js';
import { outcomeLabel } from './scope.js';
import type { RunSummary } from './types.js';

const seconds = (ms: number | undefined) => ((ms ?? 0) / 1000).toFixed(3);

export class JunitWriter implements ReportWriter {
  constructor(private readonly dir: string) {}

  async close(summary: RunSummary): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await writeFile(join(this.dir, 'junit.xml'), renderJunit(summary));
  }
}

export function renderJunit(summary: RunSummary): string {
  const families = groupByFamily(summary.findings);
  const suites = [...families].map(([family, findings]) => renderSuite(summary, family, findings));
  const red = runError(summary);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites${xmlAttrs({
      name: `partner-conformance ${summary.runId}`,
      tests: summary.findings.length + 1,
      failures: failuresOf(summary.findings),
      errors: summary.findings.filter(isError).length + (red ? 1 : 0),
      time: seconds(summary.durationMs),
    })}>`,
    ...suites,
    runSuite(summary, red),
    rulesSuite(summary),
    monitorSuite(summary),
    '</testsuites>',
    '',
  ].join('\n');
}

const NO_CASES = { tests: 0, failures: 0, errors: 0, skipped: 0, time: 0 };

/**
 * Why the run as a whole is not a pass, when no case of a check already says so (a failure or an
 * error does): the preflight's cause of an outage, the stop and what was left unproven of an
 * incomplete run, nothing tested, answers over budget. Undefined for a run that passed.
 */
function runError(summary: RunSummary): { message: string; type: string } | undefined {
  if (summary.outcome === 'passed') return undefined;
  if (failuresOf(summary.findings) > 0 || summary.findings.some(isError)) return undefined;
  const stop = summary.preflightStop;
  return {
    message: stop ? `${stop.code}: ${stop.message}` : outcomeLabel(summary),
    type: stop?.code ?? (summary.stopped ? `stopped: ${summary.stopped.reason}` : summary.outcome),
  };
}

/**
 * The run itself as one case, `run/outcome`: an <error> naming the cause when the run did not
 * pass for a reason no check's case shows (an outage's JUnit is never green with no test in it).
 */
function runSuite(summary: RunSummary, red: { message: string; type: string } | undefined): string {
  const out = [`outcome: ${outcomeLabel(summary)}`, `exit code: ${summary.exitCode}`];
  if (summary.preflightStop) out.push(`fix: ${summary.preflightStop.fix}`);
  const time = seconds(summary.durationMs);
  const counts = { tests: 1, errors: red ? 1 : 0, time };
  return [
    `  <testsuite${xmlAttrs({ name: 'run', ...NO_CASES, ...counts, timestamp: summary.startedAt })}>`,
    `    <testcase${xmlAttrs({ classname: 'run', name: 'outcome', time, status: summary.outcome })}>`,
    ...(red ? [`      <error${xmlAttrs(red)}>${xmlEscape(out.join('\n'))}</error>`] : []),
    `      <system-out>${xmlEscape(out.join('\n'))}</system-out>`,
    '    </testcase>',
    '  </testsuite>',
  ].join('\n');
}

/** The opening tag of a suite with no test cases of its own (its properties say what it holds). */
const emptySuite = (name: string, summary: RunSummary): string =>
  `  <testsuite${xmlAttrs({ name, ...NO_CASES, timestamp: summary.startedAt })}>`;

/** Every rule of the catalogue with its verdict, as properties of a suite with no test cases of its own. */
function rulesSuite(summary: RunSummary): string {
  return [
    emptySuite('rules', summary),
    '    <properties>',
    ...RULE_VERDICTS.map((v) => `      <property${xmlAttrs({ name: `rules.${v}`, value: summary.ruleCounts[v] })}/>`),
    ...Object.entries(summary.ruleVerdicts).map(
      ([id, outcome]) => `      <property${xmlAttrs({ name: `rule.${id}`, value: outcome.verdict })}/>`,
    ),
    '    </properties>',
    '  </testsuite>',
  ].join('\n');
}

/**
 * The run as a monitor sees it, as properties of a suite with no test cases: outcome and exit
 * code, requests, the slowest answer of each operation against its budget (those over it named
 * `latency.over.<operation>`), confirmations, the certificate; and every monitoring line.
 */
function monitorSuite(summary: RunSummary): string {
  const property = (name: string, value: string | number) => `      <property${xmlAttrs({ name, value })}/>`;
  const latency = summary.latency;
  const over = new Set(latency?.over.map((o) => o.operation) ?? []);
  return [
    emptySuite('monitor', summary),
    '    <properties>',
    property('outcome', summary.outcome),
    property('exitCode', summary.exitCode),
    property('requests', summary.requests),
    ...(summary.baseline
      ? (['known', 'expired', 'fixed', 'new'] as const).map((k) =>
          property(`baseline.${k}`, summary.baseline![k].length),
        )
      : []),
    ...(latency?.operations ?? []).map((op) =>
      property(
        `latency.${over.has(op.operation) ? 'over.' : ''}${op.operation}`,
        `${op.maxMs} ms${op.budgetMs !== undefined ? ` (budget ${op.budgetMs} ms)` : ''}`,
      ),
    ),
    ...Object.entries(summary.confirmations ?? {}).map(([result, n]) => property(`confirmations.${result}`, n)),
    ...(summary.tls ?? []).flatMap((tls) => [
      property(`tls.${tls.host}.daysLeft`, tls.daysLeft.toFixed(1)),
      property(`tls.${tls.host}.validTo`, tls.validTo),
    ]),
    '    </properties>',
    `    <system-out>${xmlEscape([...acceptedLines(summary), ...monitorLines(summary)].join('\n'))}</system-out>`,
    '  </testsuite>',
  ].join('\n');
}

function groupByFamily(findings: readonly Finding[]): Map<string, Finding[]> {
  const out = new Map<string, Finding[]>();
  for (const finding of findings) {
    const list = out.get(finding.family) ?? [];
    list.push(finding);
    out.set(finding.family, list);
  }
  return out;
}

/** Failures, less those the run accepts (they are skipped cases). */
const failuresOf = (findings: readonly Finding[]) =>
  findings.filter((f) => f.verdict === 'failed' && !isAccepted(f)).length;

/**
 * JUnit's error: a check blocked by a transport cause, or a setup step that broke no rule. A
 * check a failed step blocked is `skipped` (naming the step): the step's own case is the one
 * failure or error, so CI shows one red entry per cause, not one per check that needed it.
 */
const isError = (f: Finding) => f.verdict === 'blocked' && (f.subject === 'step' || f.step === undefined);
const isSkipped = (f: Finding) =>
  f.verdict === 'skipped' ||
  f.verdict === 'not run' ||
  (f.verdict === 'blocked' && !isError(f)) ||
  (f.verdict === 'failed' && isAccepted(f));

function renderSuite(summary: RunSummary, family: string, findings: Finding[]): string {
  const failed = failuresOf(findings);
  const skipped = findings.filter(isSkipped).length;
  const blocked = findings.filter(isError).length;
  const time = findings.reduce((sum, f) => sum + (f.durationMs ?? 0), 0);
  const attrs = {
    name: family,
    tests: findings.length,
    failures: failed,
    errors: blocked,
    skipped,
    time: seconds(time),
    timestamp: summary.startedAt,
  };
  const section = (rule: string) => summary.ruleVerdicts[rule]?.section ?? 'unknown';
  return [
    `  <testsuite${xmlAttrs(attrs)}>`,
    '    <properties>',
    `      <property${xmlAttrs({ name: 'target', value: summary.target.baseUrl })}/>`,
    `      <property${xmlAttrs({ name: 'spec.version', value: summary.spec.version ?? 'unknown' })}/>`,
    `      <property${xmlAttrs({ name: 'profile', value: summary.runProfile })}/>`,
    ...scopeProperties(summary),
    ...[...new Set(findings.flatMap((f) => f.rules))]
      .sort()
      .map((rule) => `      <property${xmlAttrs({ name: `section.${rule}`, value: section(rule) })}/>`),
    '    </properties>',
    ...findings.map((finding) => renderCase(summary, family, finding)),
    '  </testsuite>',
  ].join('\n');
}

/** What the scope leaves out and the baseline it reads, beside the target (absent when none). */
function scopeProperties(summary: RunSummary): string[] {
  const { scope } = summary;
  const properties: Array<[string, string]> = [
    ...(scope.excludedRules ? [['excluded.rules', scope.excludedRules.join(',')] as [string, string]] : []),
    ...(scope.excludedFamilies ? [['excluded.families', scope.excludedFamilies.join(',')] as [string, string]] : []),
    ...(scope.baseline ? [['baseline', scope.baseline] as [string, string]] : []),
  ];
  return properties.map(([name, value]) => `      <property${xmlAttrs({ name, value })}/>`);
}

/** The case's status: its verdict, or `known`/`excluded` for a failure the run accepts. */
const statusOf = (f: Finding): string =>
  f.excluded ? 'excluded' : f.baseline?.status === 'known' ? 'known' : f.verdict;

/** A line of system-out on the baseline's view of the case, when it has one. */
const baselineNote = (f: Finding): string =>
  f.baseline?.status === 'fixed'
    ? `\nbaseline: fixed: the check now passes ${f.baseline.rules.join(', ')}, recorded as failing (remove the entry)`
    : f.baseline?.status === 'expired'
      ? `\nbaseline: recorded, expired ${f.baseline.expires}: failing again`
      : '';

function renderCase(summary: RunSummary, family: string, finding: Finding): string {
  const rules =
    finding.rules.map((rule) => `${rule} (section ${summary.ruleVerdicts[rule]?.section ?? 'unknown'})`).join(', ') ||
    'no rule';
  const warning = finding.verdict === 'warning';
  // A warning's or an accepted failure's details go to system-out: no <failure> element carries them.
  const detailed = warning || isAccepted(finding);
  const out = [
    `${warning ? '[warning] ' : ''}check: ${finding.check}`,
    `rules: ${rules}`,
    `verdict: ${finding.verdict}${baselineNote(finding)}`,
    ...(detailed ? [failureText(summary, finding)] : []),
  ].join('\n');
  const attrs = {
    classname: family,
    name: finding.id ?? checkId(finding.check),
    time: seconds(finding.durationMs),
    status: statusOf(finding),
  };
  return [
    `    <testcase${xmlAttrs(attrs)}>`,
    ...outcomeElement(summary, finding),
    `      <system-out>${xmlEscape(out)}</system-out>`,
    '    </testcase>',
  ].join('\n');
}

const excludedLine = (f: Finding): string => `failure of excluded rules (--exclude-rule): ${f.rules.join(', ')}`;

/** <failure> or <skipped>; nothing for a pass or a warning (its text goes to <system-out>). */
function outcomeElement(summary: RunSummary, finding: Finding): string[] {
  if (finding.verdict === 'skipped')
    return [`      <skipped${xmlAttrs({ message: `needs ${finding.needs ?? 'unknown'}` })}/>`];
  if (finding.verdict === 'not run') return [`      <skipped${xmlAttrs({ message: finding.message ?? 'not run' })}/>`];
  if (finding.verdict === 'failed' && finding.excluded)
    return [`      <skipped${xmlAttrs({ message: excludedLine(finding) })}/>`];
  if (finding.verdict === 'failed' && isAccepted(finding))
    return [`      <skipped${xmlAttrs({ message: knownLine(finding) })}/>`];
  if (isSkipped(finding))
    return [`      <skipped${xmlAttrs({ message: `blocked by ${finding.blockedBy ?? 'unknown'}` })}/>`];
  // Not a failure of its rules: the check could not test them (JUnit's error, not failure).
  if (finding.verdict === 'blocked')
    return [
      `      <error${xmlAttrs({ message: `blocked by ${finding.blockedBy ?? 'unknown'}`, type: 'blocked' })}>` +
        `${xmlEscape(failureText(summary, finding))}</error>`,
    ];
  if (finding.verdict === 'passed' || finding.verdict === 'warning') return [];
  const text = xmlEscape(failureText(summary, finding));
  const message =
    finding.message ??
    `${finding.rules.join(', ')}: expected ${finding.expected ?? '?'}, observed ${finding.observed ?? '?'}`;
  return [`      <failure${xmlAttrs({ message, type: finding.rules.join(' ') || 'error' })}>${text}</failure>`];
}

function failureText(summary: RunSummary, finding: Finding): string {
  const lines = finding.rules.map((rule) => {
    const outcome = summary.ruleVerdicts[rule];
    return `rule ${rule} (section ${outcome?.section ?? '?'}): ${outcome?.statement ?? ''}`;
  });
  if (finding.expected !== undefined) lines.push(`expected: ${finding.expected}`);
  if (finding.observed !== undefined) lines.push(`observed: ${finding.observed}`);
  const reason = warningReasonLine(finding);
  if (reason) lines.push(reason);
  if (finding.steps !== undefined) lines.push(`shortest failing sequence:\n${finding.steps}`);
  if (finding.message !== undefined) lines.push(`message: ${finding.message}`);
  for (const exchange of finding.exchanges.slice(-3)) lines.push(`exchange: ${describeExchange(exchange)}`);
  if (finding.confirmation) lines.push(confirmationLine(finding));
  if (finding.reproduce) lines.push(`reproduce: ${finding.reproduce}`);
  return lines.join('\n');
}
