/**
 * The failures a run accepts, apart from its failures: known ones of the baseline (with their
 * reason and expiry) and those of excluded rules, each as a card with its exchanges; then the
 * baseline's account (expired, fixed, new, entries naming no check) as lines.
 */
import { isAccepted } from '../accepted.js';
import { baselineLines } from '../baseline/lines.js';
import type { RunSummary } from '../summary.js';
import { html, type Raw } from './escape.js';
import { findingCard } from './sections.js';

export function acceptedSection(summary: RunSummary): Raw {
  const accepted = summary.findings
    .map((finding, index) => ({ finding, index }))
    .filter(({ finding }) => isAccepted(finding));
  const known = accepted.filter(({ finding }) => finding.baseline?.status === 'known');
  const excluded = accepted.filter(({ finding }) => finding.excluded);
  const lines = baselineLines(summary);
  return html`${lines.length ? html`<h2>Baseline</h2><pre class="monitor">${lines.join('\n')}</pre>` : ''}
${known.length ? html`<h2>Known failures (${known.length})</h2><p class="meta">Recorded in the baseline: reported, not failing the run until their entry expires.</p>${known.map(({ finding, index }) => html`<p class="meta">known failure (baseline)${finding.baseline?.reason ? `: ${finding.baseline.reason}` : ''}${finding.baseline?.expires ? ` · expires ${finding.baseline.expires}` : ''}</p>${findingCard(summary, finding, index)}`)}` : ''}
${excluded.length ? html`<h2>Failures of excluded rules (${excluded.length})</h2><p class="meta">Rules the run was told not to hold the target to (--exclude-rule): reported, not failing the run.</p>${excluded.map(({ finding, index }) => findingCard(summary, finding, index))}` : ''}`;
}
