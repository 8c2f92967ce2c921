/**
 * The run's journal: every exchange of the run, appended by the client's recorder (already
 * redacted) as two JSON lines sharing an id: one when the request leaves, one when its exchange
 * ends. A run stopped while a request was under way (Ctrl-C, its deadline) never sees the
 * second line; the first still says the target was sent it. The suites run in a vitest worker thread and
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

/** The error of an exchange the run never saw end: the request left, then the run stopped. */
export const UNFINISHED = 'UNFINISHED';

/**
 * The exchanges of a journal, one per request, in the order they were first written (a sent
 * line and its end read as the ended exchange; a sent line alone as an exchange with `error`
 * UNFINISHED); none when there is no journal. A line that does not parse (a write cut by a
 * crash) is left out.
 */
export function readJournal(path: string): JournalEntry[] {
  if (!existsSync(path)) return [];
  const entries: JournalEntry[] = [];
  const byId = new Map<string, number>();
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    let entry: JournalEntry;
    try {
      entry = JSON.parse(line) as JournalEntry;
    } catch {
      continue; // A torn last line: what was written whole still stands.
    }
    const { sent, ...ended } = entry;
    const at = entry.id === undefined ? undefined : byId.get(entry.id);
    if (at !== undefined) entries[at] = ended;
    else {
      if (entry.id !== undefined) byId.set(entry.id, entries.length);
      entries.push(sent ? { ...ended, exchange: { ...ended.exchange, error: UNFINISHED } } : ended);
    }
  }
  return entries;
}
