/** A run's summary.json, read back by a measurement. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RunSummary } from '../../reports/summary.js';

export async function readSummary(reportDir: string): Promise<RunSummary> {
  return JSON.parse(await readFile(join(reportDir, 'summary.json'), 'utf8')) as RunSummary;
}
