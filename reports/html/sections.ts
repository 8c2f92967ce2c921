/** The parts of report.html: header and counts, evidence, per-family tables, failures, skips. */
import type { Finding } from '../../harness/model.js';
import { ruleCountsLine } from '../summary.js';
import { missingLine, provenCount } from '../required.js';
import { outcomeLabel, scopeLine } from '../scope.js';
import { checksByStep, isStepFinding } from '../setup-steps.js';
import { html, type Raw } from './escape.js';
import { exchangeList } from './exchange.js';
import { confirmationLines, outageLines, tlsLines } from '../monitor/lines.js';
import { confirmationLine } from '../monitor/confirmations.js';
import { historyLines } from '../monitor/history.js';
import { isAccepted } from '../accepted.js';
import type { RunSummary } from '../types.js';

const anchor = (index: number) => `check-${index}`;

/** The class of a verdict (`not run` -> `v-not-run`). */
const v = (verdict: string) => `v-${verdict.replace(/ /g, '-')}`;

/** A cell showing a verdict in its class. */
const verdictCell = (verdict: string, text: string | Raw = verdict): Raw =>
  html`<td class="${v(verdict)}">${text}</td>`;

/** A cell of rule ids. */
const rulesCell = (rules: readonly string[]): Raw => html`<td><code>${rules.join(', ')}</code></td>`;

export function headerSection(summary: RunSummary): Raw {
  const { counts } = summary;
  const count = (label: string, n: number, cls: string) => html`<div class="count ${cls}"><b>${n}</b>${label}</div>`;
  const { target, spec } = summary;
  const fault = target.fault ? html` · fault <code>${target.fault}</code>` : '';
  const version = spec.version ? ` v${spec.version}` : '';
  const boxes = [
    count('checks', counts.total, ''),
    count('passed', counts.passed, 'v-passed'),
    count('failed', counts.failed, 'v-failed'),
    count('warnings', counts.warning, 'v-warning'),
    count('skipped', counts.skipped, 'v-skipped'),
    count('blocked', counts.blocked, 'v-blocked'),
    counts['not run'] ? count('not run', counts['not run'], 'v-not-run') : '',
    ...(summary.baseline
      ? [
          count('known (baseline)', summary.baseline.known.length, 'v-skipped'),
          count('fixed', summary.baseline.fixed.length, 'v-passed'),
        ]
      : []),
    counts.steps ? count('setup steps failed', counts.steps, 'v-failed') : '',
  ];
  const partial = summary.scope.complete ? '' : ' partial';
  return html`<h1>Partner API conformance report</h1>
<p class="meta">Run <code>${summary.runId}</code> · target <b>${target.name}</b> <code>${target.baseUrl}</code>${fault}
· profile <b>${summary.runProfile}</b> · spec <code>${spec.source}</code>${version} · started ${summary.startedAt}
· ${(summary.durationMs / 1000).toFixed(1)} s · seed ${summary.seed}</p>
${documentDefects(summary)}
<p class="meta">Scope: ${scopeLine(summary.scope)}</p>
<p>Outcome: <span class="outcome ${v(summary.outcome)}${partial}">${outcomeLabel(summary)}</span></p>
<div class="counts">${boxes}</div>
<p class="meta rule-counts">${ruleCountsLine(summary.ruleCounts)}</p>
${requiredSection(summary)}`;
}

/** What the run profile required of the run; each required rule it did not prove, with what it needs. */
function requiredSection(summary: RunSummary): Raw {
  const { required } = summary;
  const proven = provenCount(required);
  const never = required.unreachable.length
    ? html` Never required, no run can reach them: <code>${required.unreachable.join(', ')}</code>.`
    : '';
  const head = html`<p class="meta required">Required: ${required.basis}:
${proven} of ${required.rules.length} proven.${never}</p>`;
  if (required.missing.length === 0) return head;
  const rows = required.missing.map(
    (m) => html`<tr><td><code>${m.rule}</code></td>${verdictCell(m.verdict)}<td>${m.needs.join('; ')}</td></tr>`,
  );
  return html`${head}<div class="card warning"><b>Incomplete: ${missingLine(required.missing)}.</b>
A required rule that was skipped, blocked, not run or not reached keeps the run from PASSED.
<table><tr><th>rule</th><th>verdict</th><th>needs</th></tr>${rows}</table></div>`;
}

/**
 * What a monitor reads first: each operation's slowest answer against its budget (a row over
 * budget marked), the hosts down, checks tried again, the certificates' expiry and the history.
 */
export function monitorSection(summary: RunSummary): Raw {
  const latency = summary.latency;
  const lines = [
    ...outageLines(summary),
    ...confirmationLines(summary),
    ...tlsLines(summary),
    ...(summary.history ? historyLines(summary.history) : []),
  ];
  if (!latency && lines.length === 0) return html``;
  const over = new Set(latency?.over.map((o) => o.operation) ?? []);
  const row = (op: NonNullable<typeof latency>['operations'][number]) => {
    const budget = op.budgetMs !== undefined ? `${op.budgetMs} ms` : 'none';
    return html`<tr class="${over.has(op.operation) ? 'over-budget' : ''}"><td><code>${op.operation}</code></td>
<td>${op.count}</td><td class="${over.has(op.operation) ? 'v-warning' : ''}">${op.maxMs.toFixed(0)} ms</td>
<td>${budget}</td></tr>`;
  };
  const overCount = latency?.over.length
    ? html` <span class="v-warning">(${latency.over.length} answer(s) over budget)</span>`
    : '';
  const table = latency
    ? html`<h3>Latency${overCount}</h3>
<table><tr><th>operation</th><th>answers</th><th>slowest</th><th>budget</th></tr>${latency.operations.map(row)}</table>`
    : '';
  const pre = lines.length ? html`<pre class="monitor">${lines.join('\n')}</pre>` : '';
  return html`<h2>Monitor</h2>
<p class="meta">Requests sent: ${summary.requests} · exit code ${summary.exitCode}</p>${table}${pre}`;
}

/** The loaded document's own defects, listed in the header: they are the document's, not the target's. */
function documentDefects(summary: RunSummary): Raw | string {
  const defects = summary.spec.defects ?? [];
  if (defects.length === 0) return '';
  const title = summary.spec.title ? html` <i>${summary.spec.title}</i>` : '';
  const items = defects.map(
    (d) => html`<li><code>${d.pointer}</code>${d.operationId ? html` (${d.operationId})` : ''}: ${d.message}</li>`,
  );
  return html`<div class="card warning"><b>The document${title} has ${defects.length} defect(s) of its own.</b>
They are warnings about the document, not the target; the parts they touch are not checked.<ul>${items}</ul></div>`;
}

/** ` (known)`, ` (excluded)`, ` (fixed)` after a verdict the baseline or an exclusion qualifies. */
const acceptedWord = (f: Finding): string => (f.excluded ? ' (excluded)' : f.baseline ? ` (${f.baseline.status})` : '');

export function familyTables(summary: RunSummary): Raw {
  const families = [...new Set(summary.findings.map((f) => f.family))];
  return html`<h2>Checks by family</h2>${families.map((family) => {
    const rows = summary.findings
      .map((finding, index) => ({ finding, index }))
      .filter(({ finding }) => finding.family === family)
      .map(({ finding, index }) => checkRow(finding, index));
    return html`<h3>${family}</h3>
<table><tr><th>check</th><th>rules</th><th>verdict</th><th>note</th><th>time</th></tr>${rows}</table>`;
  })}`;
}

/** A check's row of its family's table: a failure or a warning links to its card. */
function checkRow(finding: Finding, index: number): Raw {
  const linked = finding.verdict === 'failed' || finding.verdict === 'warning';
  const check = linked ? html`<a href="#${anchor(index)}">${finding.check}</a>` : finding.check;
  const note = finding.needs
    ? `needs ${finding.needs}`
    : finding.blockedBy
      ? `blocked by ${finding.blockedBy}`
      : finding.verdict === 'not run'
        ? (finding.message ?? '')
        : '';
  const time = finding.durationMs !== undefined ? `${Math.round(finding.durationMs)} ms` : '';
  return html`<tr><td>${check}</td>${rulesCell(finding.rules)}
${verdictCell(finding.verdict, `${finding.verdict}${acceptedWord(finding)}`)}<td>${note}</td><td>${time}</td></tr>`;
}

export function findingCard(summary: RunSummary, finding: Finding, index: number): Raw {
  const rules = finding.rules.map((rule) => {
    const outcome = summary.ruleVerdicts[rule];
    const where = `section ${outcome?.section ?? '?'}, ${outcome?.strength ?? 'unknown strength'}`;
    return html`<dt>rule</dt><dd><code>${rule}</code> (${where})</dd>
<dt>statement</dt><dd>${outcome?.statement ?? 'not in the catalogue'}</dd>`;
  });
  const pre = (term: string, text: string | undefined) =>
    text !== undefined ? html`<dt>${term}</dt><dd><pre>${text}</pre></dd>` : '';
  const confirmation = finding.confirmation ? html`<dt>confirmation</dt><dd>${confirmationLine(finding)}</dd>` : '';
  const reason =
    finding.verdict === 'warning' && finding.warningReason
      ? html`<dt>why only a warning</dt><dd>${finding.warningReason}</dd>`
      : '';
  const details = [
    pre('expected', finding.expected),
    pre('observed', finding.observed),
    reason,
    pre('shortest failing sequence', finding.steps),
    pre('message', finding.message),
    confirmation,
    pre('reproduce', finding.reproduce || undefined),
  ];
  const exchanges = finding.exchanges.length
    ? html`<h3>Exchanges (${finding.exchanges.length})</h3>${exchangeList(finding.exchanges)}`
    : html`<p class="meta">No exchange was recorded.</p>`;
  return html`<div class="card ${finding.verdict}" id="${anchor(index)}">
<b class="${v(finding.verdict)}">${finding.verdict}</b> · <b>${finding.check}</b>
<span class="meta">(${finding.family})</span>
<dl>${rules}${details}</dl>
${exchanges}
</div>`;
}

export function failureSection(summary: RunSummary): Raw {
  // A failure the run accepts has its own section (html/accepted.ts).
  const pick = (verdict: Finding['verdict']) =>
    summary.findings
      .map((finding, index) => ({ finding, index }))
      .filter(({ finding }) => finding.verdict === verdict && !isAccepted(finding));
  const failures = pick('failed').filter(({ finding }) => !isStepFinding(finding));
  const warnings = pick('warning').filter(({ finding }) => finding.subject === undefined);
  const cards = (found: typeof failures) => found.map(({ finding, index }) => findingCard(summary, finding, index));
  const warningPart = warnings.length
    ? html`<h2>Warnings (${warnings.length})</h2><p class="meta">Inferred rules, and answers only one of the two
sources (the contract's prose, the provider's document) allows, each with why it only warns: warnings unless the run is
strict (--strict, or the target profile's "strict").</p>
${cards(warnings)}`
    : '';
  const failed = failures.length ? cards(failures) : html`<p>None.</p>`;
  return html`${stepSection(summary)}<h2>Failures (${failures.length})</h2>${failed}
${warningPart}`;
}

/** Each failed setup step once, as a card, with the checks it blocked listed under it. */
function stepSection(summary: RunSummary): Raw | string {
  const groups = checksByStep(summary.findings);
  if (groups.size === 0) return '';
  const steps = summary.findings
    .map((finding, index) => ({ finding, index }))
    .filter(({ finding }) => isStepFinding(finding));
  const card = ({ finding, index }: (typeof steps)[number]) => {
    const blocked = groups.get(finding.step!.name) ?? [];
    const items = blocked.map((f) => html`<li>${f.check} <code>${f.rules.join(', ')}</code></li>`);
    return html`${findingCard(summary, finding, index)}<details class="blocked">
<summary>${blocked.length} check(s) blocked by this step</summary><ul>${items}</ul></details>`;
  };
  return html`<h2>Setup steps that failed (${steps.length})</h2><p class="meta">A check that needs a step the target
did not complete is blocked by it: its rules were not tested. A step breaks a rule only where the contract requires it
to succeed.</p>${steps.map(card)}`;
}

export function skippedSection(summary: RunSummary): Raw {
  const skipped = summary.findings.filter((f) => f.verdict === 'skipped');
  if (!skipped.length) return html``;
  const rows = skipped.map(
    (f) => html`<tr><td>${f.check}</td><td>${f.family}</td>${rulesCell(f.rules)}<td>${f.needs ?? 'unknown'}</td></tr>`,
  );
  return html`<h2>Skipped (${skipped.length})</h2>
<table><tr><th>check</th><th>family</th><th>rules</th><th>needs</th></tr>${rows}</table>`;
}

/** Every rule of the catalogue with its verdict (the evidence section shows the same with exchanges). */
export function rulesSection(summary: RunSummary): Raw {
  const rows = Object.entries(summary.ruleVerdicts).map(([id, outcome]) => {
    const blockedBy = [
      ...new Set(
        summary.findings
          .filter((f) => f.verdict === 'blocked' && f.rules.includes(id))
          .map((f) => f.blockedBy ?? 'unknown'),
      ),
    ];
    const needs = [
      ...new Set(
        summary.findings
          .filter((f) => f.verdict === 'skipped' && f.rules.includes(id))
          .map((f) => f.needs ?? 'unknown'),
      ),
    ];
    const proof = outcome.proof?.map(
      (p) => `${p.check} (${p.exchanges.length} exchange${p.exchanges.length === 1 ? '' : 's'})`,
    );
    const reasons = [
      ...new Set(
        summary.findings
          .filter((f) => f.verdict === 'warning' && f.rules.includes(id) && f.warningReason)
          .map((f) => f.warningReason!),
      ),
    ];
    const why =
      outcome.verdict === 'blocked'
        ? `blocked by ${blockedBy.join(', ')}`
        : outcome.verdict === 'skipped'
          ? `needs ${needs.join(', ')}`
          : outcome.verdict === 'warning' && reasons.length
            ? `why only a warning: ${reasons.join('; ')}`
            : proof?.length
              ? `proven by ${proof.join(', ')}`
              : '';
    return html`<tr>${ruleCells(id, outcome)}<td>${outcome.checks}</td><td>${why}</td></tr>`;
  });
  return html`<details class="rules"><summary><h2>Rules (${rows.length})</h2></summary>
<table><tr><th>rule</th><th>section</th><th>verdict</th><th>checks</th><th></th></tr>${rows}</table></details>`;
}

/** The first cells of a rule's row: its id, section and verdict. */
const ruleCells = (id: string, outcome: RunSummary['ruleVerdicts'][string]): Raw =>
  html`<td><code>${id}</code></td><td>${outcome.section ?? ''}</td>${verdictCell(outcome.verdict)}`;

export function evidenceSection(summary: RunSummary): Raw {
  const rules = Object.entries(summary.ruleVerdicts).map(([id, outcome]) => {
    const checks = summary.findings.filter((f) => f.rules.includes(id));
    const exchanges = checks.reduce((n, c) => n + c.exchanges.length, 0);
    const shown = checks.map(
      (c) =>
        html`<p><b>${c.check}</b>: <span class="${v(c.verdict)}">${c.verdict}</span>${
          c.verdict === 'warning' && c.warningReason ? html` (why only a warning: ${c.warningReason})` : ''
        }</p>
${exchangeList(c.exchanges, 5)}`,
    );
    return html`<tr>${ruleCells(id, outcome)}
<td><details><summary>${checks.length} checks, ${exchanges} exchanges</summary>${shown}</details></td></tr>`;
  });
  return html`<section class="evidence"><h2>Certification evidence</h2>
<table><tr><th>target</th><td>${summary.target.name} <code>${summary.target.baseUrl}</code></td></tr>
<tr><th>spec</th><td><code>${summary.spec.source}</code> version ${summary.spec.version ?? 'unknown'}</td></tr>
<tr><th>spec digest</th><td class="digest"><code>${summary.spec.digest ?? 'unknown'}</code></td></tr>
<tr><th>time</th><td>${summary.startedAt} to ${summary.finishedAt}</td></tr>
<tr><th>profile</th><td>${summary.runProfile}</td></tr>
<tr><th>scope</th><td>${scopeLine(summary.scope)}</td></tr>
<tr><th>outcome</th><td class="${v(summary.outcome)}">${outcomeLabel(summary)}</td></tr>
<tr><th>summary digest</th><td class="digest"><code>${summary.digest}</code></td></tr></table>
<p class="meta">The summary digest is the sha256 of the canonical JSON of summary.json without its
<code>digest</code> field (keys sorted, no whitespace): it shows the file is whole, not that nobody edited it (an
editor can recompute it). The run's <code>bundle/</code> holds evidence.json, summary.json and this report with a
manifest of their sha256, signed as a JWS when the run had a signing key;
<code>partner-conformance verify bundle --public-key &lt;key.pem&gt;</code> holds it to the certification policy
with a key you trust, and the evidence's <code>requestIds</code> list every exchange's X-Request-Id to match against
the target's own logs.</p>
<h3>Verdict per rule</h3>
<table><tr><th>rule</th><th>section</th><th>verdict</th><th>exchanges</th></tr>${rules}</table></section>`;
}
