/**
 * `--history DIR`: one record per target and run profile, the last run's conditions, read
 * before the run (it is compared with) and replaced after it. A folder a CI job carries
 * between runs (a cache or an artifact). A record that cannot be read counts as none, said once.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TargetProfile } from '../../harness/run-config.js';
import type { RunProfile } from '../../harness/run-profiles.js';
import { HISTORY_FORMAT, type HistoryRecord } from '../../reports/monitor/history.js';
import { writeAtomically } from '../../reports/metrics-writer.js';
import type { RunSummary } from '../../reports/summary.js';

/** `<dir>/<target>-<run profile>-<8 hex of the base URL>.json`: two targets of one name stay apart. */
export function historyFile(
  dir: string,
  target: Pick<TargetProfile, 'name' | 'baseUrl'>,
  runProfile: RunProfile,
): string {
  const slug = `${target.name}-${runProfile}`.replace(/[^A-Za-z0-9_.-]+/g, '_');
  const url = createHash('sha256').update(target.baseUrl).digest('hex').slice(0, 8);
  return join(dir, `${slug}-${url}.json`);
}

/** The record in `file`; undefined when there is none, and (with `warn` told why) when it is not one. */
export async function readHistory(file: string, warn: (line: string) => void): Promise<HistoryRecord | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT')
      warn(`history ${file} cannot be read (${(err as NodeJS.ErrnoException).code}): this run is compared with none`);
    return undefined;
  }
  try {
    const record = JSON.parse(text) as HistoryRecord;
    if (record.format === HISTORY_FORMAT && Array.isArray(record.conditions)) return record;
  } catch {
    // told below
  }
  warn(`history ${file} is not a history record of this suite: this run is compared with none, and replaces it`);
  return undefined;
}

/** The record a finished run leaves for the next: what is wrong now (new and still failing). */
export function recordOf(summary: RunSummary): HistoryRecord {
  return {
    format: HISTORY_FORMAT,
    target: { name: summary.target.name, baseUrl: summary.target.baseUrl },
    runProfile: summary.runProfile,
    runId: summary.runId,
    finishedAt: summary.finishedAt,
    exitCode: summary.exitCode,
    outcome: summary.outcome,
    conditions: [...(summary.history?.new ?? []), ...(summary.history?.still ?? [])],
  };
}

export async function writeHistory(file: string, record: HistoryRecord): Promise<void> {
  await writeAtomically(file, `${JSON.stringify(record, null, 2)}\n`);
}
