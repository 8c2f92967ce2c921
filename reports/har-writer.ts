/**
 * exchanges.har: every exchange of the run as HAR 1.2, from the run's journal (keys already
 * `<redacted>` by the client's recorder), in the order they started, each with its own start
 * time and timings, for browser dev tools and HAR viewers: the checks' exchanges, and the setup
 * steps, retries, preflight pings and configuration reads that joined no finding. Each entry's
 * comment names who sent it; a transport failure is status 0 with the error in `_error`.
 * Without a journal (a run driven without one), the findings' exchanges.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { journalIn, readJournal } from '../harness/client/journal.js';
import type { Exchange, JournalEntry } from '../harness/model.js';
import type { ReportWriter } from './writer.js';
import type { RunSummary } from './types.js';

const pairs = (headers: Record<string, string>) => Object.entries(headers).map(([name, value]) => ({ name, value }));

function entry(check: string, runStartedAt: string, ex: Exchange) {
  const url = new URL(ex.request.url);
  const mime = ex.response?.headers['content-type'] ?? '';
  const timings = ex.timings ?? { blocked: 0, wait: Math.max(0, ex.durationMs), receive: 0 };
  return {
    startedDateTime: ex.startedAt ?? runStartedAt,
    time: timings.blocked + timings.wait + timings.receive,
    comment: check,
    request: {
      method: ex.request.method,
      url: ex.request.url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: pairs(ex.request.headers),
      queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
      ...(ex.request.body !== undefined
        ? { postData: { mimeType: ex.request.headers['content-type'] ?? '', text: ex.request.body } }
        : {}),
      headersSize: -1,
      bodySize: ex.request.body === undefined ? 0 : Buffer.byteLength(ex.request.body),
    },
    response: {
      status: ex.response?.status ?? 0,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: pairs(ex.response?.headers ?? {}),
      content: { size: Buffer.byteLength(ex.response?.body ?? ''), mimeType: mime, text: ex.response?.body ?? '' },
      redirectURL: ex.response?.headers.location ?? '',
      headersSize: -1,
      bodySize: -1,
      ...(ex.error ? { _error: ex.error } : {}),
    },
    cache: {},
    timings: { blocked: timings.blocked, dns: -1, connect: -1, send: 0, wait: timings.wait, receive: timings.receive },
  };
}

/**
 * The findings' exchanges as journal entries, for a run without a journal (a confirmed or transient check's first
 * attempt too).
 */
const fromFindings = (summary: RunSummary): JournalEntry[] =>
  summary.findings.flatMap((f) =>
    [...(f.confirmation?.earlier.flatMap((a) => a.exchanges) ?? []), ...f.exchanges].map((exchange) => ({
      check: f.check,
      api: 'v1' as const,
      exchange,
    })),
  );

/** Earliest first; exchanges without a start time keep their place. */
const byStart = (a: JournalEntry, b: JournalEntry) =>
  (a.exchange.startedAt ?? '').localeCompare(b.exchange.startedAt ?? '');

export function renderHar(summary: RunSummary, version: string, journal: readonly JournalEntry[] = []): object {
  const entries = journal.length > 0 ? [...journal].sort(byStart) : fromFindings(summary);
  return {
    log: {
      version: '1.2',
      creator: { name: 'partner-conformance', version },
      pages: [],
      entries: entries.map((e) => entry(e.check, summary.startedAt, e.exchange)),
    },
  };
}

export class HarWriter implements ReportWriter {
  /** `journal`: the run's journal file (default: the one in `dir`). */
  constructor(
    private readonly dir: string,
    private readonly journal = journalIn(dir),
  ) {}

  async close(summary: RunSummary): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const har = renderHar(summary, summary.scope.toolVersion, readJournal(this.journal));
    await writeFile(join(this.dir, 'exchanges.har'), `${JSON.stringify(har, null, 2)}\n`);
  }
}
