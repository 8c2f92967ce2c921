/**
 * Evidence is every exchange, end to end through the CLI and a counting proxy in front of the
 * reference server: a certification run's journal, exchanges.har and evidence.json's requestIds
 * each hold every request the target received (the preflight's pings and the configuration
 * reads, which join no finding, included), each with its own start time, and every X-Request-Id
 * the target sent; and a report folder is one run's: a second run into it is refused.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJournal, journalIn } from '../../harness/client/journal.js';
import { loadTargetProfile, referenceProfilePath } from '../../harness/profile.js';
import type { Evidence } from '../../reports/evidence.js';
import type { CountingProxy } from '../fault-servers/proxy.js';
import { referenceBehindProxy, type ReferenceBehindProxy } from './reference-behind-proxy.js';
import { journalOf, readSummary, runCli, scratch } from './cli.js';

const tmp = scratch('evidence-journal');
let target: ReferenceBehindProxy;
let proxy: CountingProxy;
let profilePath: string;

beforeAll(async () => {
  target = await referenceBehindProxy();
  proxy = target.proxy;
  profilePath = target.profileAt(tmp.path('proxied.json'));
});
afterAll(async () => {
  await target.close();
  tmp.dispose();
});

type Har = { log: { entries: Array<{ startedDateTime: string; comment: string }> } };

describe('a certification run through a counting proxy', () => {
  const dir = () => tmp.path('certification');
  let wire: CountingProxy['received'] = [];
  let answered: CountingProxy['answered'] = [];

  beforeAll(async () => {
    const before = { received: proxy.received.length, answered: proxy.answered.length };
    const argv = ['run', '--target', profilePath, '--profile', 'certification', '--family', 'utility'];
    const result = await runCli([...argv, '--runs', '2', '--seed', '1', '--report-dir', dir()]);
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    wire = proxy.received.slice(before.received);
    answered = proxy.answered.slice(before.answered);
  }, 120_000);

  it("lists in evidence.json as many requests as the target received, each with the target's X-Request-Id", () => {
    const evidence = JSON.parse(readFileSync(join(dir(), 'evidence.json'), 'utf8')) as Evidence;
    expect(evidence.requestIds).toHaveLength(wire.length);
    expect(evidence.requestIds.map((r) => `${r.method} ${new URL(r.url).pathname}`).sort()).toEqual(
      wire.map((r) => `${r.method} ${r.path.split('?')[0]}`).sort(),
    );
    const sent = answered.flatMap((a) => (a.requestId ? [a.requestId] : [])).sort();
    expect(sent.length).toBeGreaterThan(0);
    expect(evidence.requestIds.flatMap((r) => (r.requestId ? [r.requestId] : [])).sort()).toEqual(sent);
  });

  it(
    'keeps in the journal and the HAR the exchanges no finding holds: the preflight pings and ' + 'configuration reads',
    () => {
      const journal = journalOf(dir());
      expect(journal).toHaveLength(wire.length);
      const roles = journal.filter((e) => e.check === 'preflight').map((e) => e.exchange.role);
      const profile = loadTargetProfile(referenceProfilePath());
      expect(new Set(roles)).toEqual(new Set(Object.keys(profile.keys).filter((r) => r !== 'medicare')));
      expect(journal.some((e) => e.check === 'configuration warnings')).toBe(true);
      // Every exchange names who sent it: a check (with its family) or the engine.
      expect(
        journal.filter((e) => e.family === undefined && !['preflight', 'configuration warnings'].includes(e.check)),
      ).toEqual([]);
      const inFindings = new Set(
        readSummary(dir()).findings.flatMap((f) => f.exchanges.map((ex) => `${ex.startedAt} ${ex.request.url}`)),
      );
      expect(
        journal.filter((e) => !inFindings.has(`${e.exchange.startedAt} ${e.exchange.request.url}`)).length,
      ).toBeGreaterThanOrEqual(roles.length);

      const har = JSON.parse(readFileSync(join(dir(), 'exchanges.har'), 'utf8')) as Har;
      expect(har.log.entries).toHaveLength(readJournal(journalIn(dir())).length);
      expect(har.log.entries.filter((e) => e.comment === 'preflight')).toHaveLength(roles.length);
    },
  );

  it('gives every HAR entry its own start time, in the order the requests left', () => {
    const har = JSON.parse(readFileSync(join(dir(), 'exchanges.har'), 'utf8')) as Har;
    const starts = har.log.entries.map((e) => Date.parse(e.startedDateTime));
    expect(starts.every((t, i) => i === 0 || t >= starts[i - 1]!)).toBe(true);
    // Each entry's own: the instant its request left (requests of one burst may share a millisecond).
    const journal = readJournal(journalIn(dir()));
    expect(har.log.entries.map((e) => e.startedDateTime)).toEqual(journal.map((e) => e.exchange.startedAt));
    expect(new Set(starts).size).toBeGreaterThan(1);
    expect(starts[0]).toBeGreaterThanOrEqual(Date.parse(readSummary(dir()).startedAt));
  });

  it(
    'refuses a second run into the same report folder, before any request, leaving the ' + "first run's reports",
    async () => {
      const digest = readSummary(dir()).digest;
      const before = proxy.received.length;
      const result = await runCli(['run', '--target', profilePath, '--rule', 'PING-200', '--report-dir', dir()]);
      expect(result.code).toBe(2);
      expect(result.err).toMatch(
        /^E_REPORT_DIR_IN_USE: --report-dir \S+ holds the reports of run \S+, started \S+, ended; /,
      );
      expect(proxy.received.length).toBe(before);
      expect(readSummary(dir()).digest).toBe(digest);
    },
  );
});
