/**
 * The run's bundle (run profiles that take evidence): evidence.json, summary.json and report.html
 * as the other writers wrote them, with the manifest of their digests, signed with the run's key.
 * Listed after those writers (reports/index.ts): it bundles the very bytes they wrote.
 */
import type { KeyObject } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runProfile } from '../../harness/run-profiles.js';
import type { ReportWriter } from '../writer.js';
import { BUNDLE_DIR, type BundleInput, writeBundle } from './files.js';
import type { RunSummary } from '../types.js';

/** What a run's bundle holds, the evidence first. */
const BUNDLED = ['evidence.json', 'summary.json', 'report.html'] as const;

export class BundleWriter implements ReportWriter {
  constructor(
    private readonly dir: string,
    private readonly signingKey?: KeyObject,
  ) {}

  async close(summary: RunSummary): Promise<void> {
    if (!runProfile(summary.runProfile).evidence) return;
    const files: BundleInput[] = [];
    for (const name of BUNDLED) files.push([name, await readFile(join(this.dir, name)), join(this.dir, name)]);
    await writeBundle(join(this.dir, BUNDLE_DIR), summary.runId, BUNDLED[0], files, this.signingKey);
  }
}
