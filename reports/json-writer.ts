/** summary.json, and evidence.json for run profiles that take evidence (harness/run-profiles.ts). */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runProfile } from '../harness/run-profiles.js';
import { buildEvidence } from './evidence.js';
import type { RunSummary } from './summary.js';
import type { ReportWriter } from './writer.js';

export class SummaryJsonWriter implements ReportWriter {
  constructor(private readonly dir: string) {}

  async close(summary: RunSummary): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await writeFile(join(this.dir, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
    if (runProfile(summary.runProfile).evidence) {
      await writeFile(join(this.dir, 'evidence.json'), `${JSON.stringify(buildEvidence(summary), null, 2)}\n`);
    }
  }
}
