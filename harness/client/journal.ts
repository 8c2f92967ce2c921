/**
 * The run's journal: every exchange of the run, one JSON line each, appended by the client's
 * recorder as the exchange ends (already redacted). The suites run in a vitest worker thread and
 * the reporter in the main thread; a file in the report folder is what both can read. Every
 * client of a run (the preflight's, the configuration warnings', the worker's) appends to the
 * same file, one after the other in time; a line is written whole by one synchronous write.
 */
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { JournalEntry } from '../model.js';

/** The journal's name in a report folder. */
export const JOURNAL_FILE = 'exchanges.ndjson';

export const journalIn = (reportDir: string): string => join(reportDir, JOURNAL_FILE);

/** Creates the journal empty (a run starts with none of another run's lines). */
export function startJournal(path: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, '');
}

/**
 * Appends entries to a journal; `close` releases the file. A write that fails (a full disk) never
 * fails the exchange it records: the recorder must hand every exchange on; the lines lost are
 * counted in `lost`.
 */
export class JournalWriter {
  #fd: number | undefined;
  lost = 0;
  constructor(private readonly path: string) {}

  write(entry: JournalEntry): void {
    try {
      if (this.#fd === undefined) {
        mkdirSync(dirname(this.path), { recursive: true });
        this.#fd = openSync(this.path, 'a');
      }
      writeSync(this.#fd, `${JSON.stringify(entry)}\n`);
    } catch {
      this.lost += 1;
    }
  }

  close(): void {
    if (this.#fd !== undefined) closeSync(this.#fd);
    this.#fd = undefined;
  }
}

/**
 * The entries of a journal, in the order they were written; none when there is no journal. A
 * line that does not parse (a write cut by a crash) is left out.
 */
export function readJournal(path: string): JournalEntry[] {
  if (!existsSync(path)) return [];
  const entries: JournalEntry[] = [];
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    try {
      entries.push(JSON.parse(line) as JournalEntry);
    } catch {
      // A torn last line: what was written whole still stands.
    }
  }
  return entries;
}
