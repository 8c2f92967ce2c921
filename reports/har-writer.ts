/**
 * exchanges.har: every recorded exchange as HAR 1.2 (keys already `<redacted>` by the client's
 * recorder and the reporter's scrub), for browser dev tools and HAR viewers. Each entry's
 * comment names the check; a transport failure is status 0 with the error in `_error`.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Exchange } from '../harness/model.js';
import type { RunSummary } from './summary.js';
import type { ReportWriter } from './writer.js';

const pairs = (headers: Record<string, string>) => Object.entries(headers).map(([name, value]) => ({ name, value }));

function entry(check: string, startedAt: string, ex: Exchange) {
  const url = new URL(ex.request.url);
  const mime = ex.response?.headers['content-type'] ?? '';
  return {
    startedDateTime: startedAt,
    time: Math.max(0, ex.durationMs),
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
    timings: { send: 0, wait: Math.max(0, ex.durationMs), receive: 0 },
  };
}

export function renderHar(summary: RunSummary, version: string): object {
  return {
    log: {
      version: '1.2',
      creator: { name: 'partner-conformance', version },
      pages: [],
      // A confirmed or transient check's first attempt is an exchange of the run too.
      entries: summary.findings.flatMap((f) =>
        [...(f.confirmation?.first.exchanges ?? []), ...f.exchanges].map((ex) => entry(f.check, summary.startedAt, ex)),
      ),
    },
  };
}

export class HarWriter implements ReportWriter {
  constructor(private readonly dir: string) {}

  async close(summary: RunSummary): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await writeFile(
      join(this.dir, 'exchanges.har'),
      `${JSON.stringify(renderHar(summary, summary.scope.toolVersion), null, 2)}\n`,
    );
  }
}
