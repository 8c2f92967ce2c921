/**
 * One identity per check, whatever its verdict (through the CLI): the check "ping answers a
 * valid unapproved key with 200" passes on the reference server, fails under the fault that
 * breaks its rule, is skipped without an unapproved key, blocked when the target stops
 * listening, and not run when the run is interrupted before it; its JUnit classname and name
 * and its id in summary.json are the same every time (they used to follow the verdict:
 * `utility.GATE-UNGATED-OPEN`, `utility.unnamed`).
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenOnLoopback } from '../../harness/client/test-server.js';
import { loadTargetProfile, referenceProfilePath } from '../../harness/profile.js';
import type { Verdict } from '../../harness/model.js';
import { referenceKeyEnv, startReferenceServer } from '../../reference/server.js';
import { listen, type LocalServer } from '../fault-servers/listen.js';
import { answerPlausibly } from '../fault-servers/plausible.js';
import { findAll, parseXml } from '../../reports/testing/xml-check.js';
import { readSummary, referenceProfileAt, runCli, saveEnv, scratch, writeProfile } from './cli.js';

const TITLE = 'ping answers a valid unapproved key with 200';
const RULE = ['--family', 'utility', '--rule', 'GATE-UNGATED-OPEN'];
const tmp = scratch('identity');
const keys = referenceKeyEnv();
const restoreEnv = saveEnv([...Object.keys(keys), 'E2E_KEY_APPROVED', 'E2E_KEY_UNAPPROVED']);
const LOCAL = {
  approved: { env: 'E2E_KEY_APPROVED', tier: 'high' as const },
  unapproved: { env: 'E2E_KEY_UNAPPROVED', tier: 'high' as const },
};
let reference: { url: string; close(): Promise<void> };
let slow: LocalServer;
let gone: { url: string; close(): Promise<void> };
let goneServer: Server;

beforeAll(async () => {
  Object.assign(process.env, keys, { E2E_KEY_APPROVED: 'identity-key-0001', E2E_KEY_UNAPPROVED: 'identity-key-0002' });
  reference = await startReferenceServer({ port: 0 });
  // Answers the preflight's pings at once, then every request after half a second: a run to interrupt.
  slow = await listen((req, res, onClose) => {
    if (slow.received.length <= Object.keys(LOCAL).length) return answerPlausibly(req, res);
    const timer = setTimeout(() => answerPlausibly(req, res), 500);
    onClose(() => clearTimeout(timer));
  });
  // Answers the preflight's pings (one per key role of LOCAL), then is gone.
  let answered = 0;
  goneServer = createServer((req, res) => {
    res.setHeader('connection', 'close');
    answerPlausibly(req, res);
    if (++answered === Object.keys(LOCAL).length) goneServer.close();
  });
  gone = await listenOnLoopback(goneServer);
});
afterAll(async () => {
  restoreEnv();
  await reference?.close();
  await slow?.close();
  await gone?.close();
  tmp.dispose();
});

/** The reference profile served at `url` without the unapproved key. */
const withoutUnapproved = (url: string): string =>
  referenceProfileAt(tmp.path('no-unapproved.json'), url, {
    roles: Object.keys(loadTargetProfile(referenceProfilePath()).keys).filter((r) => r !== 'unapproved'),
  });

/** The check's verdict, id, and JUnit classname and name, from a run's reports. */
function identityIn(dir: string): { verdict: Verdict; id?: string; junit: string } {
  const finding = readSummary(dir).findings.find((f) => f.check === TITLE)!;
  const root = parseXml(readFileSync(join(dir, 'junit.xml'), 'utf8'));
  const testcase = findAll(root, 'testcase').find((c) =>
    findAll(c, 'system-out')[0]!.text.includes(`check: ${TITLE}\n`),
  )!;
  return { verdict: finding.verdict, id: finding.id, junit: `${testcase.attrs.classname} ${testcase.attrs.name}` };
}

describe("a check's identity", () => {
  it('is the same whether it passes, fails, is skipped, blocked or not run', async () => {
    const runs: Array<[Verdict, string[]]> = [
      ['passed', ['run', ...RULE]],
      ['failed', ['run', ...RULE, '--fault', 'ungated-refuses-unapproved']],
      ['skipped', ['run', ...RULE, '--target', withoutUnapproved(reference.url)]],
      ['blocked', ['run', ...RULE, '--target', writeProfile(tmp.path('gone.json'), gone.url, { keys: LOCAL })]],
    ];
    const seen: Array<ReturnType<typeof identityIn>> = [];
    for (const [verdict, argv] of runs) {
      const dir = tmp.path(verdict);
      const result = await runCli([...argv, '--report-dir', dir]);
      const identity = identityIn(dir);
      expect(identity.verdict, `${verdict}: ${result.err}`).toBe(verdict);
      seen.push(identity);
    }

    const dir = tmp.path('not-run');
    const running = runCli([
      'run',
      '--family',
      'utility',
      '--target',
      writeProfile(tmp.path('slow.json'), slow.url, { keys: LOCAL }),
      '--report-dir',
      dir,
    ]);
    // Interrupted once the checks are on the wire: the check under test is among those not finished.
    for (let i = 0; i < 200 && slow.received.length < Object.keys(LOCAL).length + 2; i++)
      await new Promise((r) => setTimeout(r, 50));
    process.emit('SIGINT');
    expect((await running).code).toBe(130);
    const notRun = identityIn(dir);
    expect(notRun.verdict).toBe('not run');
    seen.push(notRun);

    expect(new Set(seen.map((s) => `${s.id} | ${s.junit}`))).toEqual(
      new Set(['ping-answers-a-valid-unapproved-key-with-200 | utility ping-answers-a-valid-unapproved-key-with-200']),
    );
  }, 240_000);
});
