/**
 * GitHub Actions output: an annotation per failed check (`::error`), per warning and per setup
 * step that blocked checks without breaking a rule (`::warning`), titled with its rules (a warning's says why it
 * only warns), and a Markdown step summary (outcome, scope, counts, failures with their reproduction commands,
 * warnings with why each only warns) appended to the file GitHub names.
 */
import { appendFile } from 'node:fs/promises';
import type { Finding } from '../harness/model.js';
import { missingLine, provenCount } from './required.js';
import { outcomeLabel, scopeLine } from './scope.js';
import type { TextSink } from './console-writer.js';
import { checksByStep, isStepFinding } from './setup-steps.js';
import { monitorLines } from './monitor/lines.js';
import { isAccepted } from './accepted.js';
import { acceptedLines } from './baseline/lines.js';
import { tlsWarningLine } from './monitor/tls.js';
import { warningReasonLine } from './text.js';
import type { ReportWriter } from './writer.js';
import type { RunSummary } from './types.js';

/** Workflow-command escaping: a message is one line, `%`, CR and LF encoded. */
const escapeData = (text: string) => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (text: string) => escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function annotation(summary: RunSummary, finding: Finding): string {
  // A failure the run accepts (known in the baseline, of excluded rules) is told, not raised.
  const level = isAccepted(finding) ? 'notice' : finding.verdict === 'failed' ? 'error' : 'warning';
  const rules = finding.rules.map((r) => `${r} §${summary.ruleVerdicts[r]?.section ?? '?'}`).join(', ') || 'no rule';
  const detail =
    finding.expected !== undefined
      ? `expected ${finding.expected}; observed ${finding.observed ?? '?'}`
      : (finding.message ?? '');
  const reason = warningReasonLine(finding);
  const why = reason ? `\n${reason}` : '';
  const reproduce = finding.reproduce ? `\nreproduce: ${finding.reproduce}` : '';
  const title = escapeProperty(`[${finding.family}] ${rules}`);
  return `::${level} title=${title}::${escapeData(`${finding.check}: ${detail}${why}${reproduce}`)}\n`;
}

const missingRules = (summary: RunSummary): string => summary.required.missing.map((m) => m.rule).join(', ');

export function renderStepSummary(summary: RunSummary): string {
  const { counts } = summary;
  const failures = summary.findings.filter((f) => f.verdict === 'failed' && !isStepFinding(f) && !isAccepted(f));
  const warnings = summary.findings.filter((f) => f.verdict === 'warning' && f.subject !== 'document');
  const steps = [...checksByStep(summary.findings)];
  return [
    `## Partner API conformance: ${outcomeLabel(summary)}`,
    '',
    `Target **${summary.target.name}** \`${summary.target.baseUrl}\` · run \`${summary.runId}\``,
    '',
    `Scope: ${scopeLine(summary.scope)}`,
    '',
    '| checks | passed | failed | warnings | skipped | blocked | not run | setup steps failed |',
    '|---|---|---|---|---|---|---|---|',
    `| ${counts.total} | ${counts.passed} | ${counts.failed} | ${counts.warning} | ${counts.skipped} ` +
      `| ${counts.blocked} | ${counts['not run']} | ${counts.steps} |`,
    '',
    `Required: ${summary.required.basis}: ${provenCount(summary.required)} of ${summary.required.rules.length} proven`,
    '',
    ...(summary.required.missing.length === 0
      ? []
      : [
          `**Incomplete: ${missingLine(summary.required.missing)}**`,
          '',
          '| rule | verdict | needs |',
          '|---|---|---|',
          ...summary.required.missing.map((m) => `| ${m.rule} | ${m.verdict} | ${cell(m.needs.join('; '))} |`),
          '',
        ]),
    ...(steps.length === 0
      ? []
      : [
          '**Setup steps that failed** (the checks under each are blocked: their rules were not tested)',
          '',
          ...steps.map(
            ([step, checks]) =>
              `- ${cell(step)}: ${checks.length} check(s) ` +
              `blocked${checks.length ? ` (${checks.map((c) => cell(c.check)).join('; ')})` : ''}`,
          ),
          '',
        ]),
    ...(failures.length === 0
      ? []
      : [
          '| family | rules | check | observed | reproduce |',
          '|---|---|---|---|---|',
          ...failures.map(
            (f) =>
              `| ${f.family} | ${f.rules.join(', ')} | ${cell(f.check)} ` +
              `| ${cell((f.observed ?? f.message ?? '').slice(0, 200))} | \`${cell(f.reproduce ?? '')}\` |`,
          ),
          '',
        ]),
    ...(warnings.length === 0
      ? []
      : [
          `**Warnings** (${summary.strict ? 'failing this run: it is strict' : 'not failing the run'})`,
          '',
          '| family | rules | check | observed | why only a warning |',
          '|---|---|---|---|---|',
          ...warnings.map(
            (f) =>
              `| ${f.family} | ${f.rules.join(', ')} | ${cell(f.check)} ` +
              `| ${cell((f.observed ?? f.message ?? '').slice(0, 200))} | ${cell(f.warningReason ?? '')} |`,
          ),
          '',
        ]),
    ...[...acceptedLines(summary), ...monitorLines(summary)].map((line) =>
      line.startsWith('  ') ? `  - ${cell(line.trim())}` : `- ${cell(line)}`,
    ),
    '',
  ].join('\n');
}

export class GithubWriter implements ReportWriter {
  /** `out`: where annotations go (the step's stdout); `summaryPath`: GITHUB_STEP_SUMMARY, when set. */
  constructor(
    private readonly out: TextSink,
    private readonly summaryPath?: string,
  ) {}

  async close(summary: RunSummary): Promise<void> {
    for (const finding of summary.findings) {
      if (
        finding.verdict === 'failed' ||
        (finding.verdict === 'warning' && finding.subject !== 'document') ||
        finding.subject === 'step'
      )
        this.out.write(annotation(summary, finding));
    }
    if (summary.required.missing.length > 0)
      this.out.write(
        `::warning title=${escapeProperty('incomplete: required rules not proven')}::` +
          `${escapeData(`${missingLine(summary.required.missing)}: ${missingRules(summary)}`)}\n`,
      );
    for (const tls of (summary.tls ?? []).flatMap((t) => tlsWarningLine(t) ?? []))
      this.out.write(`::warning title=${escapeProperty('TLS certificate expires soon')}::${escapeData(tls)}\n`);
    if (this.summaryPath) await appendFile(this.summaryPath, `${renderStepSummary(summary)}\n`);
  }
}
