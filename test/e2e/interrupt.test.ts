/**
 * Ctrl-C during a run: the run stops, every check it had not finished is `not run` (never
 * passed: it was `passed` with no exchange and no rule before), the reports are written marked
 * incomplete (exit 130), and nothing reads green: the outcome is `incomplete`, the HTML badge
 * is not the passed one, no family line is ✓ for checks that never ran, and every JUnit case
 * keeps its check's identity (it was `utility.unnamed`). Against a slow local target, one that
 * answers only the preflight, and the embedded server 8 seconds into a full run.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAll, parseXml } from '../../reports/testing/xml-check.js';
import { listen, type LocalServer } from '../fault-servers/listen.js';
import { answerPlausibly } from '../fault-servers/plausible.js';
import { readSummary, runCli, scratch, writeProfile, saveEnv, type CliResult } from './cli.js';
import type { RunSummary } from '../../reports/types.js';

const tmp = scratch('interrupt');
const restoreEnv = saveEnv(['E2E_KEY_APPROVED']);
let slow: LocalServer;
let silent: LocalServer;
let mute: LocalServer;

beforeAll(async () => {
  process.env.E2E_KEY_APPROVED = 'interrupt-key-0001';
  // Every answer takes 200 ms: the utility family runs for many seconds.
  slow = await listen((req, res, onClose) => {
    const timer = setTimeout(() => answerPlausibly(req, res), 200);
    onClose(() => clearTimeout(timer));
  });
  // Answers the preflight, then never again.
  silent = await listen((req, res) => {
    if (silent.received.length === 1) answerPlausibly(req, res);
  });
  // Answers nothing, the preflight neither.
  mute = await listen(() => {});
});
afterAll(async () => {
  restoreEnv();
  await slow.close();
  await silent.close();
  await mute.close();
  tmp.dispose();
});

/** Runs `argv`, and sends Ctrl-C once `ready()` holds. */
async function interrupted(argv: string[], ready: () => boolean): Promise<CliResult> {
  const running = runCli(argv);
  for (let i = 0; i < 600 && !ready(); i++) await new Promise((r) => setTimeout(r, 50));
  process.emit('SIGINT');
  return running;
}

/** What every interrupted run's reports say, whatever the target. */
function expectNothingGreen(result: CliResult, dir: string): RunSummary {
  expect(result.err).toContain('interrupted: stopping the run');
  expect(result.code).toBe(130);
  const summary = readSummary(dir);
  expect(summary).toMatchObject({ interrupted: true, stopped: { reason: 'interrupted' } });
  expect(summary.outcome).not.toBe('passed');
  expect(summary.scope.complete).toBe(false);
  expect(summary.counts['not run']).toBeGreaterThan(0);
  for (const f of summary.findings) {
    // A check passes only on exchanges it judged; one that did not finish is not run, with none.
    if (f.verdict === 'passed') expect(Object.keys(f.proof ?? {}).length, f.check).toBeGreaterThan(0);
    if (f.verdict === 'not run') expect(f.exchanges, f.check).toEqual([]);
    expect(f.exchanges.length > 0 || f.verdict !== 'passed', f.check).toBe(true);
  }
  expect(result.out).toContain('Result: INCOMPLETE (interrupted): ');
  expect(result.out).toMatch(
    /^Not run: \d+ checks \(the run was interrupted \(Ctrl-C\) before this check finished\)$/m,
  );
  const html = readFileSync(join(dir, 'report.html'), 'utf8');
  expect(html).toContain('INCOMPLETE (interrupted)');
  expect(html).not.toMatch(/class="outcome v-passed/);
  const junit = parseXml(readFileSync(join(dir, 'junit.xml'), 'utf8'));
  const cases = findAll(junit, 'testcase');
  expect(cases.map((c) => c.attrs.name)).not.toContain('unnamed');
  for (const c of cases) expect(c.attrs.classname).not.toMatch(/\./);
  // A check's case is its family's and id's: two families may have checks of one title.
  const caseOf = (f: { family: string; id?: string }) =>
    cases.find((c) => c.attrs.classname === f.family && c.attrs.name === f.id)!;
  for (const f of summary.findings.filter((x) => x.verdict === 'not run'))
    expect(findAll(caseOf(f), 'skipped')[0]!.attrs.message, f.id).toMatch(/^not run: /);
  return summary;
}

describe('Ctrl-C', () => {
  it('writes a partial report in which every unfinished check is not run, and exits 130', async () => {
    const dir = tmp.path('run');
    const result = await interrupted(
      ['run', '--target', writeProfile(tmp.path('p.json'), slow.url), '--family', 'utility', '--report-dir', dir],
      // Once the checks have started (the preflight and a first exchange are on the wire).
      () => slow.received.length >= 3,
    );
    expectNothingGreen(result, dir);
  }, 120_000);

  it('against a target that never answered after the preflight, no check passes and no family reads ✓', async () => {
    const dir = tmp.path('silent');
    const result = await interrupted(
      [
        'run',
        '--target',
        // Requests wait for an answer longer than the test waits for Ctrl-C.
        writeProfile(tmp.path('silent.json'), silent.url, { requestTimeoutMs: 60_000 }),
        '--family',
        'utility',
        '--report-dir',
        dir,
      ],
      () => silent.received.length >= 3,
    );
    const summary = expectNothingGreen(result, dir);
    expect(summary.counts.passed).toBe(0);
    expect(result.out).not.toMatch(/^✓ /m);
  }, 120_000);

  it('8 seconds into a full run on the embedded server: checks not run, none passed without an exchange', async () => {
    const dir = tmp.path('embedded');
    const started = Date.now();
    const result = await interrupted(['run', '--report-dir', dir], () => Date.now() - started > 8_000);
    const summary = expectNothingGreen(result, dir);
    expect(summary.outcome).toBe('incomplete');
    expect(summary.required.missing.some((m) => m.verdict === 'not run')).toBe(true);
    expect(summary.counts.total).toBe(summary.findings.filter((f) => f.subject === undefined).length);
  }, 180_000);

  it('during the preflight: the run stops at once, every check of the run not run, and exits 130', async () => {
    const dir = tmp.path('preflight');
    const result = await interrupted(
      [
        'run',
        '--target',
        // Without the stop the ping would wait its whole minute.
        writeProfile(tmp.path('mute.json'), mute.url, { requestTimeoutMs: 60_000 }),
        '--family',
        'utility',
        '--report-dir',
        dir,
      ],
      () => mute.received.length >= 1,
    );
    expect(result.ms).toBeLessThan(20_000);
    const summary = expectNothingGreen(result, dir);
    expect(summary.counts['not run']).toBe(summary.counts.total);
    expect(summary.findings.every((f) => f.family === 'utility' || f.family === 'contract')).toBe(true);
  }, 60_000);
});
