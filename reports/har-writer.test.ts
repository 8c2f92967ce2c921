/**
 * exchanges.har is the run's journal: every exchange, those that joined no finding too, each
 * with its own start time and timings, in the order they started; without a journal, the
 * findings' exchanges.
 */
import { describe, expect, it } from 'vitest';
import type { Exchange, JournalEntry } from '../harness/model.js';
import { BUDGET_TIMEOUT } from '../harness/client/errors.js';
import { requestIdsOfJournal } from './evidence.js';
import { renderHar } from './har-writer.js';
import { sampleInfo, sampleSummary } from './testing/sample.js';

const at = (iso: string, status?: number, requestId?: string): Exchange => ({
  request: { method: 'GET', url: `http://t/v1/ping?at=${iso}`, headers: {} },
  ...(status !== undefined
    ? { response: { status, headers: requestId ? { 'x-request-id': requestId } : {}, body: '{}' } }
    : { error: BUDGET_TIMEOUT }),
  durationMs: 4,
  startedAt: iso,
  timings: { blocked: 1, wait: 3, receive: 1 },
});

const JOURNAL: JournalEntry[] = [
  { check: 'a check', family: 'utility', api: 'v1', exchange: at('2026-01-01T00:00:02.000Z', 200, 'r2') },
  { check: 'preflight', api: 'v1', exchange: at('2026-01-01T00:00:00.500Z', 200, 'r1') },
  { check: 'a setup step', family: 'enrollments', api: 'v1', exchange: at('2026-01-01T00:00:03.000Z', 201) },
  { check: 'a paced request', family: 'utility', api: 'v1', exchange: at('2026-01-01T00:00:04.000Z') },
];

type Har = { log: { entries: Array<{ startedDateTime: string; time: number; comment: string; timings: object }> } };

describe('exchanges.har', () => {
  const summary = sampleSummary(sampleInfo());

  it('has every exchange of the journal, earliest first, each with its own start time and timings', () => {
    const har = renderHar(summary, '0.0.0', JOURNAL) as Har;
    expect(har.log.entries.map((e) => [e.comment, e.startedDateTime])).toEqual([
      ['preflight', '2026-01-01T00:00:00.500Z'],
      ['a check', '2026-01-01T00:00:02.000Z'],
      ['a setup step', '2026-01-01T00:00:03.000Z'],
      ['a paced request', '2026-01-01T00:00:04.000Z'],
    ]);
    expect(har.log.entries[0]).toMatchObject({
      time: 5,
      timings: { blocked: 1, dns: -1, connect: -1, send: 0, wait: 3, receive: 1 },
    });
  });

  it("without a journal, holds the findings' exchanges at the run's start time", () => {
    const har = renderHar(summary, '0.0.0') as Har;
    const count = summary.findings.reduce((n, f) => n + f.exchanges.length, 0);
    expect(har.log.entries).toHaveLength(count);
    expect(har.log.entries.every((e) => e.startedDateTime === summary.startedAt)).toBe(true);
  });
});

describe("evidence.json's requestIds", () => {
  it('lists every request that left the client, earliest first, with its X-Request-Id or null', () => {
    expect(requestIdsOfJournal(JOURNAL).map((r) => [r.check, r.requestId, r.startedAt])).toEqual([
      ['preflight', 'r1', '2026-01-01T00:00:00.500Z'],
      ['a check', 'r2', '2026-01-01T00:00:02.000Z'],
      ['a setup step', null, '2026-01-01T00:00:03.000Z'],
    ]);
  });
});
