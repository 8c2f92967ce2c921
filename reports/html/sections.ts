/** The parts of report.html: header and counts, evidence, per-family tables, failures, skips. */
import type { Finding } from '../../harness/model.js';
import { ruleCountsLine, type RunSummary } from '../summary.js';
import { missingLine, provenCount } from '../required.js';
import { outcomeLabel, scopeLine } from '../scope.js';
import { checksByStep, isStepFinding } from '../steps.js';
import { html, type Raw } from './escape.js';
import { exchangeList } from './exchange.js';
import { confirmationLines, tlsLines } from '../monitor/lines.js';
import { confirmationLine } from '../monitor/confirmations.js';
import { historyLines } from '../monitor/history.js';
import { isAccepted } from '../accepted.js';

const anchor = (index: number) => `check-${index}`;

/** The class of a verdict (`not run` -> `v-not-run`). */
const v = (verdict: string) => `v-${verdict.replace(/ /g, '-')}`;

export function headerSection(summary: RunSummary): Raw {
  const { counts } = summary;
  const count = (label: string, n: number, cls: string) => html`<div class="count ${cls}"><b>${n}</b>${label}</div>`;
  return html`<h1>Partner API conformance report</h1>
<p class="meta">Run <code>${summary.runId}</code> · target <b>${summary.target.name}</b> <code>${summary.target.baseUrl}</code>${summary.target.fault ? html` · fault <code>${summary.target.fault}</code>` : ''} · profile <b>${summary.runProfile}</b> · spec <code>${summary.spec.source}</code>${summary.spec.version ? ` v${summary.spec.version}` : ''} · started ${summary.startedAt} · ${(summary.durationMs / 1000).toFixed(1)} s · seed ${summary.seed}</p>
${documentDefects(summary)}
<p class="meta">Scope: ${scopeLine(summary.scope)}</p>
<p>Outcome: <span class="outcome ${v(summary.outcome)}${summary.scope.complete ? '' : ' partial'}">${outcomeLabel(summary)}</span></p>
<div class="counts">${count('checks', counts.total, '')}${count('passed', counts.passed, 'v-passed')}${count('failed', counts.failed, 'v-failed')}${count('warnings', counts.warning, 'v-warning')}${count('skipped', counts.skipped, 'v-skipped')}${count('blocked', counts.blocked, 'v-blocked')}${counts['not run'] ? count('not run', counts['not run'], 'v-not-run') : ''}${summary.baseline ? html`${count('known (baseline)', summary.baseline.known.length, 'v-skipped')}${count('fixed', summary.baseline.fixed.length, 'v-passed')}` : ''}${counts.steps ? count('setup steps failed', counts.steps, 'v-failed') : ''}</div>
<p class="meta rule-counts">${ruleCountsLine(summary.ruleCounts)}</p>
${requiredSection(summary)}`;
}

/** What the run profile required of the run; each required rule it did not prove, with what it needs. */
export function requiredSection(summary: RunSummary): Raw {
  const { required } = summary;
  const proven = provenCount(required);
  const never = required.unreachable.length
    ? html` Never required, no run can reach them: <code>${required.unreachable.join(', ')}</code>.`
    : '';
  const head = html`<p class="meta required">Required: ${required.basis}: ${proven} of ${required.rules.length} proven.${never}</p>`;
  if (required.missing.length === 0) return head;
  return html`${head}<div class="card warning"><b>Incomplete: ${missingLine(required.missing)}.</b> A required rule that was skipped, blocked, not run or not reached keeps the run from PASSED.<table><tr><th>rule</th><th>verdict</th><th>needs</th></tr>${required.missing.map((m) => html`<tr><td><code>${m.rule}</code></td><td class="${v(m.verdict)}">${m.verdict}</td><td>${m.needs.join('; ')}</td></tr>`)}</table></div>`;
}

/**
 * What a monitor reads first: each operation's slowest answer against its budget (a row over
 * budget marked), checks tried again, the certificate's expiry and the history.
 */
export function monitorSection(summary: RunSummary): Raw {
  const latency = summary.latency;
  const lines = [
    ...confirmationLines(summary),
    ...tlsLines(summary),
    ...(summary.history ? historyLines(summary.history) : []),
  ];
  if (!latency && lines.length === 0) return html``;
  const over = new Set(latency?.over.map((o) => o.operation) ?? []);
  const table = latency
    ? html`<h3>Latency${latency.over.length ? html` <span class="v-warning">(${latency.over.length} answer(s) over budget)</span>` : ''}</h3><table><tr><th>operation</th><th>answers</th><th>slowest</th><th>budget</th></tr>${latency.operations.map(
        (op) =>
          html`<tr class="${over.has(op.operation) ? 'over-budget' : ''}"><td><code>${op.operation}</code></td><td>${op.count}</td><td class="${over.has(op.operation) ? 'v-warning' : ''}">${op.maxMs.toFixed(0)} ms</td><td>${op.budgetMs !== undefined ? `${op.budgetMs} ms` : 'none'}</td></tr>`,
      )}</table>`
    : '';
  return html`<h2>Monitor</h2><p class="meta">Requests sent: ${summary.requests} · exit code ${summary.exitCode}</p>${table}${lines.length ? html`<pre class="monitor">${lines.join('\n')}</pre>` : ''}`;
}

/** The loaded document's own defects, listed in the header: they are the document's, not the target's. */
function documentDefects(summary: RunSummary): Raw | string {
  const defects = summary.spec.defects ?? [];
  if (defects.length === 0) return '';
  return html`<div class="card warning"><b>The document${summary.spec.title ? html` <i>${summary.spec.title}</i>` : ''} has ${defects.length} defect(s) of its own.</b> They are warnings about the document, not the target; the parts they touch are not checked.<ul>${defects.map((d) => html`<li><code>${d.pointer}</code>${d.operationId ? html` (${d.operationId})` : ''}: ${d.message}</li>`)}</ul></div>`;
}

/** ` (known)`, ` (excluded)`, ` (fixed)` after a verdict the baseline or an exclusion qualifies. */
const acceptedWord = (f: Finding): string => (f.excluded ? ' (excluded)' : f.baseline ? ` (${f.baseline.status})` : '');

export function familyTables(summary: RunSummary): Raw {
  const families = [...new Set(summary.findings.map((f) => f.family))];
  return html`<h2>Checks by family</h2>${families.map((family) => {
    const rows = summary.findings
      .map((finding, index) => ({ finding, index }))
      .filter(({ finding }) => finding.family === family)
      .map(
        ({ finding, index }) =>
          html`<tr><td>${finding.verdict === 'failed' || finding.verdict === 'warning' ? html`<a href="#${anchor(index)}">${finding.check}</a>` : finding.check}</td><td><code>${finding.rules.join(', ')}</code></td><td class="${v(finding.verdict)}">${finding.verdict}${acceptedWord(finding)}</td><td>${finding.needs ? `needs ${finding.needs}` : finding.blockedBy ? `blocked by ${finding.blockedBy}` : finding.verdict === 'not run' ? (finding.message ?? '') : ''}</td><td>${finding.durationMs !== undefined ? `${Math.round(finding.durationMs)} ms` : ''}</td></tr>`,
      );
    return html`<h3>${family}</h3><table><tr><th>check</th><th>rules</th><th>verdict</th><th>note</th><th>time</th></tr>${rows}</table>`;
  })}`;
}

export function findingCard(summary: RunSummary, finding: Finding, index: number): Raw {
  const rules = finding.rules.map((rule) => {
    const outcome = summary.ruleVerdicts[rule];
    return html`<dt>rule</dt><dd><code>${rule}</code> (section ${outcome?.section ?? '?'}, ${outcome?.strength ?? 'unknown strength'})</dd><dt>statement</dt><dd>${outcome?.statement ?? 'not in the catalogue'}</dd>`;
  });
  return html`<div class="card ${finding.verdict}" id="${anchor(index)}">
<b class="${v(finding.verdict)}">${finding.verdict}</b> · <b>${finding.check}</b> <span class="meta">(${finding.family})</span>
<dl>${rules}${finding.expected !== undefined ? html`<dt>expected</dt><dd><pre>${finding.expected}</pre></dd>` : ''}${finding.observed !== undefined ? html`<dt>observed</dt><dd><pre>${finding.observed}</pre></dd>` : ''}${finding.steps !== undefined ? html`<dt>shortest failing sequence</dt><dd><pre>${finding.steps}</pre></dd>` : ''}${finding.message !== undefined ? html`<dt>message</dt><dd><pre>${finding.message}</pre></dd>` : ''}${finding.confirmation ? html`<dt>confirmation</dt><dd>${confirmationLine(finding)}</dd>` : ''}${finding.reproduce ? html`<dt>reproduce</dt><dd><pre>${finding.reproduce}</pre></dd>` : ''}</dl>
${finding.exchanges.length ? html`<h3>Exchanges (${finding.exchanges.length})</h3>${exchangeList(finding.exchanges)}` : html`<p class="meta">No exchange was recorded.</p>`}
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
  return html`${stepSection(summary)}<h2>Failures (${failures.length})</h2>${failures.length ? failures.map(({ finding, index }) => findingCard(summary, finding, index)) : html`<p>None.</p>`}
${warnings.length ? html`<h2>Warnings (${warnings.length})</h2><p class="meta">Inferred rules, and answers only one of the two sources (the contract's prose, the provider's document) allows: warnings unless the run is --strict.</p>${warnings.map(({ finding, index }) => findingCard(summary, finding, index))}` : ''}`;
}

/** Each failed setup step once, as a card, with the checks it blocked listed under it. */
function stepSection(summary: RunSummary): Raw | string {
  const groups = checksByStep(summary.findings);
  if (groups.size === 0) return '';
  const steps = summary.findings
    .map((finding, index) => ({ finding, index }))
    .filter(({ finding }) => isStepFinding(finding));
  return html`<h2>Setup steps that failed (${steps.length})</h2><p class="meta">A check that needs a step the target did not complete is blocked by it: its rules were not tested. A step breaks a rule only where the contract requires it to succeed.</p>${steps.map(
    ({ finding, index }) => {
      const blocked = groups.get(finding.step!.name) ?? [];
      return html`${findingCard(summary, finding, index)}<details class="blocked"><summary>${blocked.length} check(s) blocked by this step</summary><ul>${blocked.map((f) => html`<li>${f.check} <code>${f.rules.join(', ')}</code></li>`)}</ul></details>`;
    },
  )}`;
}

export function skippedSection(summary: RunSummary): Raw {
  const skipped = summary.findings.filter((f) => f.verdict === 'skipped');
  if (!skipped.length) return html``;
  return html`<h2>Skipped (${skipped.length})</h2><table><tr><th>check</th><th>family</th><th>rules</th><th>needs</th></tr>${skipped.map((f) => html`<tr><td>${f.check}</td><td>${f.family}</td><td><code>${f.rules.join(', ')}</code></td><td>${f.needs ?? 'unknown'}</td></tr>`)}</table>`;
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
    const why =
      outcome.verdict === 'blocked'
        ? `blocked by ${blockedBy.join(', ')}`
        : outcome.verdict === 'skipped'
          ? `needs ${needs.join(', ')}`
          : proof?.length
            ? `proven by ${proof.join(', ')}`
            : '';
    return html`<tr><td><code>${id}</code></td><td>${outcome.section ?? ''}</td><td class="${v(outcome.verdict)}">${outcome.verdict}</td><td>${outcome.checks}</td><td>${why}</td></tr>`;
  });
  return html`<details class="rules"><summary><h2>Rules (${rows.length})</h2></summary><table><tr><th>rule</th><th>section</th><th>verdict</th><th>checks</th><th></th></tr>${rows}</table></details>`;
}

export function evidenceSection(summary: RunSummary): Raw {
  const rules = Object.entries(summary.ruleVerdicts).map(([id, outcome]) => {
    const checks = summary.findings.filter((f) => f.rules.includes(id));
    return html`<tr><td><code>${id}</code></td><td>${outcome.section ?? ''}</td><td class="${v(outcome.verdict)}">${outcome.verdict}</td><td><details><summary>${checks.length} checks, ${checks.reduce((n, c) => n + c.exchanges.length, 0)} exchanges</summary>${checks.map((c) => html`<p><b>${c.check}</b>: <span class="${v(c.verdict)}">${c.verdict}</span></p>${exchangeList(c.exchanges, 5)}`)}</details></td></tr>`;
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
<p class="meta">The summary digest is the sha256 of the canonical JSON of summary.json without its <code>digest</code> field (keys sorted, no whitespace): it shows the file is whole, not that nobody edited it (an editor can recompute it). evidence.json carries an Ed25519 signature when the run had a signing key; <code>partner-conformance verify evidence.json --public-key &lt;key.pem&gt;</code> checks it against a key you trust, and its <code>requestIds</code> list every exchange's X-Request-Id to match against the target's own logs.</p>
<h3>Verdict per rule</h3><table><tr><th>rule</th><th>section</th><th>verdict</th><th>exchanges</th></tr>${rules}</table></section>`;
}
