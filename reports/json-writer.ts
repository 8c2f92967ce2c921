/**
 * summary.json, and evidence.json for run profiles that take evidence (harness/run-profiles.ts);
 * the bundle signs them (reports/bundle/writer.ts).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { journalIn, readJournal } from '../harness/client/journal.js';
import { runProfile } from '../harness/run-profiles.js';
import { buildEvidence } from './evidence.js';
import type { ReportWriter } from './writer.js';
import type { RunSummary } from './types.js';

export class SummaryJsonWriter implements ReportWriter {
  /** `journal`: the run's journal, whose every request evidence.json lists (default: the one in `dir`). */
  constructor(
    private readonly dir: string,
    private readonly journal = journalIn(dir),
  ) {}

  async close(summary: RunSummary): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await writeFile(join(this.dir, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
    if (runProfile(summary.runProfile).evidence) {
      const evidence = buildEvidence(summary, readJournal(this.journal));
      await writeFile(join(this.dir, 'evidence.json'), `${JSON.stringify(evidence, null, 2)}\n`);
    }
  }
}
