/** summary.json, and evidence.json for run profiles that take evidence (harness/run-profiles.ts). */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { journalIn, readJournal } from '../harness/client/journal.js';
import { runProfile } from '../harness/run-profiles.js';
import type { KeyObject } from 'node:crypto';
import { buildEvidence } from './evidence.js';
import { signDocument } from './signature.js';
import type { RunSummary } from './summary.js';
import type { ReportWriter } from './writer.js';

export class SummaryJsonWriter implements ReportWriter {
  /**
   * `signingKey`: an Ed25519 private key; evidence.json is signed with it when given. `journal`:
   * the run's journal, whose every request evidence.json lists (default: the one in `dir`).
   */
  constructor(
    private readonly dir: string,
    private readonly signingKey?: KeyObject,
    private readonly journal = journalIn(dir),
  ) {}

  async close(summary: RunSummary): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await writeFile(join(this.dir, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
    if (runProfile(summary.runProfile).evidence) {
      const evidence = buildEvidence(summary, readJournal(this.journal));
      const written = this.signingKey ? signDocument(evidence, this.signingKey) : evidence;
      await writeFile(join(this.dir, 'evidence.json'), `${JSON.stringify(written, null, 2)}\n`);
    }
  }
}
