/**
 * `--update-baseline`: the baseline after the run. Every failure of the run is recorded, a rule
 * on the operation it was judged on (an entry it already had keeps its reason and expiry); an
 * entry goes only when a check now passes its rule on its operation and none fails it (`fixed`).
 * Entries the run did not judge (other families, a narrower --rule, a skipped check, a check
 * stopped at another rule first) stay, so a narrow run never forgets what a wider one recorded.
 */
import type { Finding } from '../../harness/model.js';
import { failsOnItsOwn } from '../accepted.js';
import { entryName, writeBaseline, type BaselineEntry } from './file.js';
import { entriesWord } from './lines.js';
import { failurePairs, summarizeBaseline, type BaselineView, type FailsRun } from './match.js';

export function updatedEntries(
  baseline: BaselineView,
  findings: readonly Finding[],
  failsRun: FailsRun,
): { entries: BaselineEntry[]; added: number; removed: number } {
  const previous = baseline.entries;
  const fixed = new Set(summarizeBaseline(baseline, findings, failsRun).fixed.map(entryName));
  const kept = new Map(previous.filter((e) => !fixed.has(entryName(e))).map((e) => [entryName(e), e]));
  let added = 0;
  for (const entry of failurePairs(findings.filter((f) => failsRun(f) && !f.excluded))) {
    if (kept.has(entryName(entry))) continue;
    kept.set(entryName(entry), entry);
    added += 1;
  }
  return { entries: [...kept.values()], added, removed: previous.length - (kept.size - added) };
}

/** --update-baseline after the run: the file written (with the run's document version), and a line of what changed. */
export function writeUpdatedBaseline(
  baseline: BaselineView,
  findings: readonly Finding[],
  strict: boolean,
  spec?: { version: string },
): string {
  const { entries, added, removed } = updatedEntries(baseline, findings, (f) => failsOnItsOwn(f, strict));
  writeBaseline(baseline.file, entries, spec);
  const what = `${added} recorded, ${removed} removed as fixed`;
  return `Baseline ${baseline.file} written: ${entriesWord(entries.length)} (${what})\n`;
}
