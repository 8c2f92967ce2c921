/**
 * `--update-baseline`: the baseline after the run. Every failure of the run is recorded (an
 * entry it already had keeps its reason and expiry); an entry goes only when its check now
 * passes its rule (`fixed`). Entries of checks this run did not judge (other families, a
 * narrower --rule, a skipped check, a check stopped at another rule first) stay, so a narrow run
 * never forgets what a wider one recorded.
 */
import type { Finding } from '../../harness/model.js';
import { failsOnItsOwn } from '../accepted.js';
import { writeBaseline, type BaselineEntry, type RunBaseline } from './file.js';
import { entriesWord } from './lines.js';
import { findingKey, type FailsRun } from './match.js';

const keyOf = (e: Pick<BaselineEntry, 'check' | 'rule'>) => `${e.check} ${e.rule}`;

export function updatedEntries(
  previous: readonly BaselineEntry[],
  findings: readonly Finding[],
  failsRun: FailsRun,
): { entries: BaselineEntry[]; added: number; removed: number } {
  const fixed = new Set(
    findings.flatMap((f) =>
      f.baseline?.status === 'fixed' ? f.baseline.rules.map((rule) => keyOf({ check: findingKey(f), rule })) : [],
    ),
  );
  const kept = new Map(previous.filter((e) => !fixed.has(keyOf(e))).map((e) => [keyOf(e), e]));
  let added = 0;
  for (const f of findings) {
    if (!failsRun(f) || f.excluded) continue;
    for (const rule of f.rules) {
      const entry = { check: findingKey(f), rule };
      if (kept.has(keyOf(entry))) continue;
      kept.set(keyOf(entry), entry);
      added += 1;
    }
  }
  return { entries: [...kept.values()], added, removed: previous.length - (kept.size - added) };
}

/** --update-baseline after the run: the file written, and the line that says what changed. */
export function writeUpdatedBaseline(baseline: RunBaseline, findings: readonly Finding[], strict: boolean): string {
  const { entries, added, removed } = updatedEntries(baseline.entries, findings, (f) => failsOnItsOwn(f, strict));
  writeBaseline(baseline.file, entries);
  const what = `${added} recorded, ${removed} removed as fixed`;
  return `Baseline ${baseline.file} written: ${entriesWord(entries.length)} (${what})\n`;
}
