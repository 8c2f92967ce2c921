/**
 * `--history DIR`: one record per target and run profile, keyed by the target's name (its
 * monitorKey: the same key as PagerDuty's dedup keys and the metrics' labels, so a moved base URL
 * keeps its open incidents), read before the run and replaced after it: the last runs, the open
 * conditions, and what each notification destination was told. A folder a CI job carries
 * between runs (a cache or an artifact). A record that cannot be read counts as none, said once;
 * a record of the first format (one run's conditions, told to every destination) is read as one.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RunProfile } from '../../harness/run-profiles.js';
import { HISTORY_DEPTH, HISTORY_FORMAT, monitorKey } from '../../reports/monitor/history.js';
import { writeAtomically } from '../../reports/metrics-writer.js';
import type { Condition, HistoryRecord, RunSummary, Told } from '../../reports/types.js';

/** What every destination of a record of the first format was told: the record's conditions, all delivered. */
export const TOLD_EVERYWHERE = '*';

/** `<dir>/<target>-<run profile>-<8 hex of the key>.json`: two names the slug makes one stay apart. */
export function historyFile(dir: string, target: { name: string }, runProfile: RunProfile): string {
  const key = monitorKey({ target, runProfile });
  const slug = `${target.name}-${runProfile}`.replace(/[^A-Za-z0-9_.-]+/g, '_');
  return join(dir, `${slug}-${createHash('sha256').update(key).digest('hex').slice(0, 8)}.json`);
}

/** A record of the first format: one run and its conditions, delivered everywhere (the history moved on only then). */
interface FirstRecord {
  format: 'partner-conformance.history/1';
  target: HistoryRecord['target'];
  runProfile: RunProfile;
  runId: string;
  finishedAt: string;
  exitCode: number;
  outcome: string;
  conditions: Array<Omit<Condition, 'confirmed'>>;
}

/**
 * A record of the first format as this one: its conditions open and alerting, told everywhere. Its
 * outage (`exit:4`, `exit:9`) is the target down now: the destinations hear the old key resolved
 * and the new one, if still down, once.
 */
function fromFirst(old: FirstRecord): HistoryRecord {
  const told: Record<string, Told> = {};
  for (const c of old.conditions) told[c.key] = { title: c.title, route: c.route, at: old.finishedAt };
  const key = (k: string) => (/^exit:(4|9)$/.test(k) ? 'target:down' : k);
  return {
    format: HISTORY_FORMAT,
    target: old.target,
    runProfile: old.runProfile,
    runs: [{ runId: old.runId, finishedAt: old.finishedAt, exitCode: old.exitCode, outcome: old.outcome }],
    conditions: old.conditions.map((c) => ({ ...c, key: key(c.key), confirmed: true, runs: 1, alerting: true })),
    told: { [TOLD_EVERYWHERE]: told },
  };
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
    const record = JSON.parse(text) as HistoryRecord | FirstRecord;
    if (record.format === HISTORY_FORMAT && Array.isArray(record.conditions) && Array.isArray(record.runs))
      return { ...record, told: record.told ?? {} };
    if (record.format === 'partner-conformance.history/1' && Array.isArray(record.conditions)) return fromFirst(record);
  } catch {
    // told below
  }
  warn(`history ${file} is not a history record of this suite: this run is compared with none, and replaces it`);
  return undefined;
}

/**
 * The record a finished run leaves for the next: its run added to the last ones, what is open
 * now (found by this run, or open and not judged by it), and what each destination was told.
 */
export function recordOf(
  summary: RunSummary,
  previous: HistoryRecord | undefined,
  told: HistoryRecord['told'],
): HistoryRecord {
  const history = summary.history;
  const line = {
    runId: summary.runId,
    finishedAt: summary.finishedAt,
    exitCode: summary.exitCode,
    outcome: summary.outcome,
  };
  return {
    format: HISTORY_FORMAT,
    target: { name: summary.target.name, baseUrl: summary.target.baseUrl },
    runProfile: summary.runProfile,
    runs: [...(previous?.runs ?? []), line].slice(-HISTORY_DEPTH),
    conditions: [...(history?.new ?? []), ...(history?.still ?? []), ...(history?.unjudged ?? [])],
    told,
  };
}

export async function writeHistory(file: string, record: HistoryRecord): Promise<void> {
  await writeAtomically(file, `${JSON.stringify(record, null, 2)}\n`);
}
