/**
 * The run's journal: every exchange a client records is appended as it ends, redacted, with who
 * sent it and to which interface; each exchange has its own start time and timings; the file
 * reads back whole, a torn last line left out.
 */
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createClient } from './client.js';
import { BUDGET_TIMEOUT } from './errors.js';
import { JournalWriter, journalIn, readJournal, startJournal, UNFINISHED } from './journal.js';
import { RateBudgets } from './rate-budget.js';
import { okJson, profileFor, startServer, testEnv } from './test-server.js';

const dir = mkdtempSync(join(tmpdir(), 'journal-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const exchange = { request: { method: 'GET', url: 'http://t/v1/ping', headers: {} }, durationMs: 1 };

describe('the journal file', () => {
  it('holds what was written, in order, and starts empty', () => {
    const path = join(dir, 'a', 'exchanges.ndjson');
    startJournal(path);
    expect(readJournal(path)).toEqual([]);
    const writer = new JournalWriter(path);
    writer.write({ check: 'one', api: 'v1', exchange });
    writer.write({ check: 'two', family: 'utility', api: 'legacy', exchange });
    writer.close();
    expect(readJournal(path).map((e) => [e.check, e.api])).toEqual([
      ['one', 'v1'],
      ['two', 'legacy'],
    ]);
    startJournal(path);
    expect(readJournal(path)).toEqual([]);
  });

  it('leaves out a torn last line, and reads no journal as none', () => {
    const path = journalIn(join(dir, 'b'));
    startJournal(path);
    new JournalWriter(path).write({ check: 'whole', api: 'v1', exchange });
    appendFileSync(path, '{"check":"torn","api":"v1","exch');
    expect(readJournal(path).map((e) => e.check)).toEqual(['whole']);
    expect(readJournal(join(dir, 'nowhere.ndjson'))).toEqual([]);
  });

  it('reads a request sent and ended as its exchange, one sent and never ended as UNFINISHED', () => {
    const path = journalIn(join(dir, 'c'));
    startJournal(path);
    const writer = new JournalWriter(path);
    const answered = { ...exchange, response: { status: 200, headers: {}, body: '{}' } };
    writer.write({ check: 'ended', api: 'v1', id: '1', sent: true, exchange });
    writer.write({ check: 'cut', api: 'v1', id: '2', sent: true, exchange });
    writer.write({ check: 'ended', api: 'v1', id: '1', exchange: answered });
    writer.close();
    expect(readJournal(path)).toEqual([
      { check: 'ended', api: 'v1', id: '1', exchange: answered },
      { check: 'cut', api: 'v1', id: '2', exchange: { ...exchange, error: UNFINISHED } },
    ]);
  });

  it('never fails the exchange it records: a write it cannot make is counted', () => {
    const writer = new JournalWriter(join(dir, 'is-a-file'));
    startJournal(join(dir, 'is-a-file'));
    const blocked = new JournalWriter(join(dir, 'is-a-file', 'below.ndjson'));
    expect(() => blocked.write({ check: 'x', api: 'v1', exchange })).not.toThrow();
    expect(blocked.lost).toBe(1);
    writer.close();
  });
});

/** A client of `url` with budgets of its own, journaling to a fresh journal in `name`. */
function journaled(url: string, name: string) {
  const path = join(dir, name, 'exchanges.ndjson');
  startJournal(path);
  const client = createClient({
    profile: profileFor(url),
    runId: name,
    env: testEnv,
    budgets: new RateBudgets(),
    journal: path,
  });
  return { path, client };
}

describe('a client with a journal', () => {
  it('appends every exchange as it ends, redacted, with its sender, interface, start time and timings', async () => {
    const server = await startServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'x-echo': String(req.headers['x-api-key']) });
      res.end(JSON.stringify({ ok: true, environment: String(req.headers['x-api-key']) }));
    });
    const { path, client } = journaled(server.url, 'client');
    try {
      const before = Date.now();
      await client.send({ method: 'GET', path: '/v1/ping', source: { check: 'a check', family: 'utility' } });
      await client.send({ method: 'GET', path: '/api/v1/plans/x', api: 'legacy', role: 'unapproved' });
      const entries = readJournal(path);
      expect(entries.map((e) => [e.check, e.family, e.api])).toEqual([
        ['a check', 'utility', 'v1'],
        ['(unnamed)', undefined, 'legacy'],
      ]);
      const text = readFileSync(path, 'utf8');
      for (const key of Object.values(testEnv)) expect(text).not.toContain(key!);
      expect(entries[0]!.exchange.response!.headers['x-echo']).toBe('<redacted>');
      const [first, second] = entries.map((e) => e.exchange);
      expect(Date.parse(first!.startedAt!)).toBeGreaterThanOrEqual(before - 1);
      expect(Date.parse(second!.startedAt!)).toBeGreaterThanOrEqual(Date.parse(first!.startedAt!));
      for (const ex of [first!, second!]) {
        expect(ex.timings!.wait).toBeGreaterThan(0);
        expect(ex.timings!.wait + ex.timings!.receive).toBeCloseTo(ex.durationMs, 0);
      }
    } finally {
      await client.close();
      await server.close();
    }
  });

  it('journals a request held back for its rate budget too: no answer, and not on the wire', async () => {
    const server = await startServer(okJson);
    const { path, client } = journaled(server.url, 'budget');
    try {
      // Tier low refills a token a second: a 10 ms budget wait holds the third request back.
      for (let i = 0; i < 3; i++)
        await client.send({ method: 'GET', path: '/v1/ping', role: 'tierLow', budgetWaitMs: 10 });
      const entries = readJournal(path);
      expect(entries).toHaveLength(3);
      const held = entries.filter((e) => e.exchange.error === BUDGET_TIMEOUT);
      expect(held.length).toBeGreaterThan(0);
      for (const e of held) expect(e.exchange.response).toBeUndefined();
      expect(server.received).toHaveLength(entries.length - held.length);
    } finally {
      await client.close();
      await server.close();
    }
  });

  it('keeps what a request was made wrong in on its exchange and both lines; tells bytes not UTF-8', async () => {
    const server = await startServer((req, res) => {
      res.writeHead(400, { 'content-type': 'application/json; charset=iso-8859-1' });
      // "Peña" in ISO-8859-1: the ñ is one byte no UTF-8 decoder reads.
      res.end(req.url === '/v1/latin' ? Buffer.from('{"name":"Pe\xf1a"}', 'latin1') : '{"name":"Peña"}');
    });
    const { path, client } = journaled(server.url, 'wrong');
    try {
      const wrong = { kind: 'members', members: ['zip_code'] } as const;
      const sent = await client.send({ method: 'GET', path: '/v1/latin', wrong });
      const utf8 = await client.send({ method: 'GET', path: '/v1/utf8' });
      expect(sent.wrong).toEqual(wrong);
      expect(sent.response!.notUtf8).toBe(true);
      expect(utf8.wrong).toBeUndefined();
      expect(utf8.response!.notUtf8).toBeUndefined();
      const lines = readFileSync(path, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      expect(
        lines.filter((l) => l.exchange.wrong !== undefined).map((l) => [l.sent ?? false, l.exchange.wrong]),
      ).toEqual([
        [true, wrong],
        [false, wrong],
      ]);
      expect(readJournal(path).map((e) => e.exchange.wrong)).toEqual([wrong, undefined]);
    } finally {
      await client.close();
      await server.close();
    }
  });
});
