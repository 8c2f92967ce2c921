/**
 * Console progress: one line per family as it completes, then a summary that lists every
 * failure with its rule, section, expected against observed and a reproduction command.
 */
import { formatWarning } from '../harness/errors.js';
import type { Finding } from '../harness/model.js';
import { countVerdicts, ruleCountsLine } from './summary.js';
import { missingByNeeds, provenCount } from './required.js';
import { outcomeLabel, scopeLine } from './scope.js';
import { checksByStep, isStepFinding } from './setup-steps.js';
import { monitorLines } from './monitor/lines.js';
import { confirmationLine } from './monitor/confirmations.js';
import { clip, describeExchange, warningReasonLine } from './text.js';
import { isAccepted } from './accepted.js';
import { acceptedLines } from './baseline/lines.js';
import type { ReportWriter } from './writer.js';
import type { RunSummary } from './types.js';

export interface TextSink {
  write(text: string): unknown;
}

export interface ConsoleWriterOptions {
  /** Where lines go (default process.stdout). */
  out?: TextSink;
  /** Where the written files are, named in the last lines. */
  reportDir?: string;
  /** A terminal: one progress line, rewritten in place as each check ends. */
  live?: boolean;
  /** Not a terminal: a heartbeat line this often while the run goes on (a slow tier is silent for minutes). */
  heartbeatMs?: number;
}

/** The heartbeat of a run whose output is not a terminal (CI logs). */
export const HEARTBEAT_MS = 30_000;

/** ` (1 known, 1 excluded)` after the failures a run accepts; empty without any. */
function acceptedCounts(findings: readonly Finding[]): string {
  const known = findings.filter((f) => f.baseline?.status === 'known').length;
  const excluded = findings.filter((f) => f.excluded).length;
  const parts = [...(known ? [`${known} known`] : []), ...(excluded ? [`${excluded} of excluded rules`] : [])];
  return parts.length ? ` (${parts.join(', ')})` : '';
}

const countsLine = (findings: readonly Finding[]) => {
  const c = countVerdicts(findings);
  const fixed = findings.filter((f) => f.baseline?.status === 'fixed').length;
  const steps = c.steps ? `; ${c.steps} setup step${c.steps === 1 ? '' : 's'} failed` : '';
  return (
    `${c.passed} passed${fixed ? ` (${fixed} fixed)` : ''}, ${c.failed} ` +
    `failed${acceptedCounts(findings)}, ${c.warning} warnings, ${c.skipped} ` +
    `skipped${c.blocked ? `, ${c.blocked} blocked` : ''}${c['not run'] ? `, ${c['not run']} not run` : ''}${steps}`
  );
};

/**
 * A family's mark: `✗` a check failed, `–` none was judged (all skipped or not run), `…` some
 * were blocked or not run (the family is not fully tested), `✓` otherwise.
 */
function familyMark(findings: readonly Finding[]): string {
  if (findings.some((f) => f.verdict === 'failed' && !isAccepted(f))) return '✗';
  if (findings.every((f) => f.verdict === 'skipped' || f.verdict === 'not run')) return '–';
  if (findings.some((f) => f.verdict === 'not run' || f.verdict === 'blocked')) return '…';
  return '✓';
}

export class ConsoleWriter implements ReportWriter {
  private readonly byFamily = new Map<string, Finding[]>();
  private readonly out: TextSink;

  private done = 0;
  private last?: Finding;
  private readonly started = Date.now();
  private readonly heartbeat?: ReturnType<typeof setInterval>;

  constructor(private readonly options: ConsoleWriterOptions = {}) {
    this.out = options.out ?? process.stdout;
    if (options.heartbeatMs !== undefined && !options.live) {
      this.heartbeat = setInterval(() => this.beat(), options.heartbeatMs);
      this.heartbeat.unref?.();
    }
  }

  add(finding: Finding): void {
    const list = this.byFamily.get(finding.family) ?? [];
    list.push(finding);
    this.byFamily.set(finding.family, list);
    this.done += 1;
    this.last = finding;
    if (this.options.live)
      this.out.write(
        `\r\x1b[K  ${finding.family}: ${list.length} checks done (${this.done} in all), ` +
          `last: ${clip(finding.check, 60)}`,
      );
  }

  private beat(): void {
    const seconds = Math.round((Date.now() - this.started) / 1000);
    this.out.write(
      `… still running (${seconds} s): ${this.done} checks ` +
        `done${this.last ? `, last [${this.last.family}] ${clip(this.last.check, 60)}` : ''}\n`,
    );
  }

  familyDone(family: string): void {
    if (this.options.live) this.out.write('\r\x1b[K');
    const findings = this.byFamily.get(family) ?? [];
    const ms = findings.reduce((sum, f) => sum + (f.durationMs ?? 0), 0);
    const mark = familyMark(findings);
    const checks = findings.filter((f) => !isStepFinding(f)).length;
    this.out.write(
      `${mark} ${family.padEnd(20)} ${String(checks).padStart(4)} checks: ${countsLine(findings)} ` +
        `(${(ms / 1000).toFixed(1)} s)\n`,
    );
  }

  close(summary: RunSummary): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.options.live) this.out.write('\r\x1b[K');
    this.out.write(renderConsoleSummary(summary, this.options.reportDir));
  }
}

export function renderConsoleSummary(summary: RunSummary, reportDir?: string): string {
  const { target } = summary;
  const variants = target.variants?.length ? `, variants ${target.variants.join(', ')}` : '';
  const lines: string[] = [
    '',
    `Run ${summary.runId}: ${target.name} (${target.baseUrl}), ` +
      `profile ${summary.runProfile}${target.fault ? `, fault ${target.fault}` : ''}${variants}`,
  ];
  lines.push(
    `Spec ${summary.spec.source}${summary.spec.version ? ` v${summary.spec.version}` : ''}; seed ${summary.seed}`,
  );
  lines.push(`Scope: ${scopeLine(summary.scope)}`);
  lines.push(...documentDefectLines(summary));
  lines.push(...configWarningLines(summary.configWarnings));
  lines.push(`${summary.counts.total} checks: ${countsLine(summary.findings)}`);
  lines.push(ruleCountsLine(summary.ruleCounts));
  const failures = summary.findings.filter((f) => f.verdict === 'failed' && !isStepFinding(f) && !isAccepted(f));
  const warnings = summary.findings.filter((f) => f.verdict === 'warning' && f.subject === undefined && !isAccepted(f));
  lines.push(...stepLines(summary));
  if (failures.length > 0) lines.push('', 'Failures:', ...failures.flatMap((f) => describeFinding(summary, f)));
  if (warnings.length > 0)
    lines.push(
      '',
      `Warnings (inferred rules, and answers only one of the two sources allows, each with why it only ` +
        `warns${summary.strict ? '; they fail this run: it is strict' : ''}):`,
      ...warnings.flatMap((f) => describeFinding(summary, f)),
    );
  const skipped = summary.findings.filter((f) => f.verdict === 'skipped');
  if (skipped.length > 0) lines.push('', `Skipped: ${skipped.length} checks (${needsTally(skipped)})`);
  // A property cut short by its time limit is not run too, but ran some: it says how many.
  const cut = summary.findings.filter((f) => f.verdict === 'not run' && f.runs !== undefined);
  const notRun = summary.findings.filter((f) => f.verdict === 'not run' && f.runs === undefined);
  if (notRun.length > 0)
    lines.push(
      '',
      `Not run: ${notRun.length} checks (${notRun[0]!.message?.replace(/^not run: /, '') ?? 'the run stopped'})`,
    );
  if (cut.length > 0)
    lines.push(
      '',
      `Cut short by their time limit, not a pass: ${cut.length} properties (` +
        `${cut.map((f) => `${f.check}: ${f.runs!.executed} of ${f.runs!.planned} runs`).join('; ')})`,
    );
  const accepted = acceptedLines(summary);
  if (accepted.length > 0) lines.push('', ...accepted);
  lines.push(...requiredLines(summary));
  lines.push('', ...monitorLines(summary));
  if (reportDir) lines.push('', `Reports: ${reportDir}`);
  lines.push(`Result: ${outcomeLabel(summary)}`, '');
  return lines.join('\n');
}

/** Groups of unproven required rules printed, and rule ids per group; the reports hold them all. */
const GROUPS_SHOWN = 12;
const IDS_SHOWN = 8;

/**
 * What the run profile required of the run, and the required rules it did not prove, grouped
 * by what they need.
 */
function requiredLines(summary: Pick<RunSummary, 'required' | 'outcome'>): string[] {
  const { required } = summary;
  if (!required) return [];
  const unreachable = required.unreachable.length
    ? `; never required, no run can reach them: ${required.unreachable.join(', ')}`
    : '';
  const gaps = required.accepted ?? [];
  const head = `Required: ${required.basis}: ${provenCount(required)} of ${required.rules.length} proven${unreachable}`;
  const acceptedGaps = gaps.length
    ? [
        `Left unproven by accepted failures their checks stopped at (not ` +
          `counted): ${gaps.map((m) => m.rule).join(', ')}`,
      ]
    : [];
  if (required.missing.length === 0) return ['', head, ...acceptedGaps];
  const groups = missingByNeeds(required.missing);
  return [
    '',
    head,
    // Only an otherwise clean run is incomplete; beside a failure or a block the gap is told all the same.
    `${summary.outcome === 'incomplete' ? 'Incomplete: ' : ''}${required.missing.length} required ` +
      `rule${required.missing.length === 1 ? '' : 's'} not proven:`,
    ...groups.slice(0, GROUPS_SHOWN).map(([needs, ids]) => {
      const more = ids.length > IDS_SHOWN ? ` and ${ids.length - IDS_SHOWN} more` : '';
      return `  ? needs ${needs}: ${ids.slice(0, IDS_SHOWN).join(', ')}${more}`;
    }),
    ...(groups.length > GROUPS_SHOWN
      ? [`  … and ${groups.length - GROUPS_SHOWN} more needs (summary.json: required.missing)`]
      : []),
    ...acceptedGaps,
  ];
}

/**
 * Profile mistakes found before the checks (the run's first lines show them too): the checks
 * they touch were skipped, not judged.
 */
function configWarningLines(warnings: RunSummary['configWarnings']): string[] {
  if (!warnings || warnings.length === 0) return [];
  return [
    `Configuration warnings (${warnings.length}; the checks they touch are skipped):`,
    ...warnings.map((w) => formatWarning(w).replace(/^/gm, '  ')),
  ];
}

/** The loaded document's own defects, in the header: warnings about the document, not the target. */
function documentDefectLines(summary: RunSummary): string[] {
  const defects = summary.spec.defects ?? [];
  if (defects.length === 0) return [];
  const title = summary.spec.title ? `${summary.spec.title} ` : '';
  return [
    `The document ${title}has ${defects.length} defect(s) of its own (warnings about the document, not the ` +
      `target; the parts they touch are not checked):`,
    ...defects.map((d) => `  ! ${d.pointer}${d.operationId ? ` (${d.operationId})` : ''}: ${clip(d.message, 200)}`),
  ];
}

function describeFinding(summary: RunSummary, finding: Finding): string[] {
  const rules =
    finding.rules.map((rule) => `${rule} §${summary.ruleVerdicts[rule]?.section ?? '?'}`).join(', ') || 'no rule';
  const lines = [`  ${finding.verdict === 'warning' ? '!' : '✗'} [${finding.family}] ${finding.check} (${rules})`];
  for (const rule of finding.rules) {
    const statement = summary.ruleVerdicts[rule]?.statement;
    if (statement) lines.push(`      ${rule}: ${statement}`);
  }
  if (finding.expected !== undefined) lines.push(`      expected: ${clip(finding.expected, 300)}`);
  if (finding.observed !== undefined) lines.push(`      observed: ${clip(finding.observed, 300)}`);
  const reason = warningReasonLine(finding);
  if (reason) lines.push(`      ${reason}`);
  // Every step of a shortest failing sequence: the steps are the finding.
  if (finding.steps !== undefined)
    lines.push(
      '      shortest failing sequence:',
      ...finding.steps.split('\n').map((line) => `        ${clip(line, 200)}`),
    );
  if (finding.message !== undefined && finding.expected === undefined)
    lines.push(`      error: ${clip(finding.message, 300)}`);
  const last = finding.exchanges.at(-1);
  if (last) lines.push(`      exchange: ${describeExchange(last)}`);
  if (finding.confirmation) lines.push(`      ${confirmationLine(finding)}`);
  if (finding.baseline?.status === 'expired')
    lines.push(
      `      baseline: recorded, ` +
        `expired ${finding.baseline.expires}${finding.baseline.reason ? ` (${finding.baseline.reason})` : ''}`,
    );
  if (finding.reproduce) lines.push(`      reproduce: ${finding.reproduce}`);
  return lines;
}

const STEP_MARK: Partial<Record<Finding['verdict'], string>> = { failed: '✗', warning: '!' };

/**
 * Each failed setup step once, with the rules it breaks, its exchange and the checks it blocked
 * (their rules were not tested), instead of one failure per check that needed it.
 */
function stepLines(summary: RunSummary): string[] {
  const groups = checksByStep(summary.findings);
  if (groups.size === 0) return [];
  const lines = [
    '',
    `Setup steps that failed (${groups.size}; the checks under each are blocked: their rules were not tested):`,
  ];
  for (const step of summary.findings.filter(isStepFinding)) {
    const blocked = groups.get(step.step!.name) ?? [];
    const breaks =
      step.rules.length > 0
        ? `breaks ${step.rules.map((r) => `${r} §${summary.ruleVerdicts[r]?.section ?? '?'}`).join(', ')}`
        : 'breaks no rule: the target is not set up for it';
    lines.push(
      `  ${STEP_MARK[step.verdict] ?? '⊘'} [${step.family}] ${step.check} (${breaks}); ${blocked.length} ` +
        `check${blocked.length === 1 ? '' : 's'} blocked`,
    );
    if (step.expected !== undefined) lines.push(`      expected: ${clip(step.expected, 300)}`);
    if (step.observed !== undefined) lines.push(`      observed: ${clip(step.observed, 300)}`);
    const reason = warningReasonLine(step);
    if (reason) lines.push(`      ${reason}`);
    const exchange = step.exchanges.at(-1);
    if (exchange) lines.push(`      exchange: ${describeExchange(exchange)}`);
    lines.push(...blocked.map((f) => `      - ${clip(f.check, 110)}`));
  }
  return lines;
}

/** What skipped checks need, most needed first: `needs role unapproved ×12; needs fixture planFull ×5`. */
export function needsTally(skipped: readonly Finding[]): string {
  const tally = new Map<string, number>();
  for (const f of skipped) tally.set(f.needs ?? 'unknown', (tally.get(f.needs ?? 'unknown') ?? 0) + 1);
  return [...tally]
    .sort((a, b) => b[1] - a[1])
    .map(([needs, n]) => `needs ${needs} ×${n}`)
    .join('; ');
}
