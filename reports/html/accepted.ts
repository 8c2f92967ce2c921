/**
 * The failures a run accepts, apart from its failures: known ones of the baseline (with their
 * reason and expiry) and those of excluded rules, each as a card with its exchanges; then the
 * baseline's account (expired, fixed, new, entries naming no check) as lines.
 */
import type { Finding } from '../../harness/model.js';
import { isAccepted } from '../accepted.js';
import { baselineLines, knownLine } from '../baseline/lines.js';
import { html, type Raw } from './escape.js';
import { findingCard } from './sections.js';
import type { RunSummary } from '../types.js';

/** A known failure's reason and expiry, above its card. */
const reasonOf = (f: Finding) => (f.baseline ? html`<p class="meta">${knownLine(f)}</p>` : '');

/** A titled group of cards, with a line on what the group means; nothing when it is empty. */
function cards(summary: RunSummary, title: string, about: string, picked: Array<{ finding: Finding; index: number }>) {
  if (picked.length === 0) return '';
  return html`<h2>${title} (${picked.length})</h2><p class="meta">${about}</p>${picked.map(
    ({ finding, index }) => html`${reasonOf(finding)}${findingCard(summary, finding, index)}`,
  )}`;
}

export function acceptedSection(summary: RunSummary): Raw {
  const accepted = summary.findings
    .map((finding, index) => ({ finding, index }))
    .filter(({ finding }) => isAccepted(finding));
  const lines = baselineLines(summary);
  return html`${lines.length ? html`<h2>Baseline</h2><pre class="monitor">${lines.join('\n')}</pre>` : ''}
${cards(
  summary,
  'Known failures',
  'Recorded in the baseline: reported, not failing the run until their entry expires.',
  accepted.filter(({ finding }) => finding.baseline?.status === 'known'),
)}
${cards(
  summary,
  'Failures of excluded rules',
  'Rules the run was told not to hold the target to (--exclude-rule): reported, not failing the run.',
  accepted.filter(({ finding }) => finding.excluded),
)}`;
}
