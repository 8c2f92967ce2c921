/**
 * A baseline through the command line, against the embedded server with named faults: written
 * by a failing run (which still exits 1: its failures were new to it), then a run green with the
 * recorded failure (`known`), red with a new one (and the recorded one `fixed`, its fault gone),
 * green without faults (`fixed`), red again once the entry expired; `--update-baseline` drops
 * the fixed entry; `--exclude-rule` passes the same failure as excluded. Each run is narrowed to
 * two rules of one family, so it takes a second.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BASELINE_FORMAT, type BaselineDocument } from '../../reports/baseline/file.js';
import { findAll, parseXml } from '../../reports/testing/xml-check.js';
import { readSummary, runCli, scratch } from './cli.js';

const tmp = scratch('baseline');
afterAll(() => tmp.dispose());

const BASELINE = tmp.path('conformance-baseline.json');
// The ping check's PING-SCHEMA (broken by ping-ok-string) and the missing-key check's
// AUTH-MISSING-KEY-403 (broken by missing-key-401): two stated rules, two checks of one family.
const PING = { rule: 'PING-SCHEMA', operation: 'GET /v1/ping' };
const MISSING_KEY = { rule: 'AUTH-MISSING-KEY-403', operation: 'GET /v1/ping' };
const NARROW = ['--family', 'utility', '--rule', `${PING.rule},${MISSING_KEY.rule}`, '--seed', '1'];

let runs = 0;
/** One run with `flags`; its exit code, output and reports. */
async function run(...flags: string[]) {
  const reportDir = tmp.path(`run-${(runs += 1)}`);
  const result = await runCli(['run', ...NARROW, '--report-dir', reportDir, ...flags]);
  const junit = parseXml(readFileSync(join(reportDir, 'junit.xml'), 'utf8'));
  return {
    ...result,
    summary: readSummary(reportDir),
    junit,
    html: readFileSync(join(reportDir, 'report.html'), 'utf8'),
  };
}

const readBaselineFile = () => JSON.parse(readFileSync(BASELINE, 'utf8')) as BaselineDocument;
const testcase = (junit: ReturnType<typeof parseXml>, name: string) =>
  findAll(junit, 'testcase').find((c) => c.attrs.name === name)!;

describe('a baseline through the command line', () => {
  it('is written by --update-baseline from a failing run, which exits 1', async () => {
    const first = await run('--fault', 'ping-ok-string', '--baseline', BASELINE, '--update-baseline');
    expect(first.code, first.err).toBe(1);
    expect(first.summary.baseline).toMatchObject({ entries: 0, new: [PING], update: { entries: 1, added: 1 } });
    expect(first.out).toContain(`Baseline ${BASELINE} written: 1 entry (1 recorded, 0 removed as fixed)`);
    expect(readBaselineFile()).toEqual({ format: BASELINE_FORMAT, spec: { version: '0.1.0' }, entries: [PING] });
  });

  it('turns the run green with the recorded failure reported known (exit 0)', async () => {
    const known = await run('--fault', 'ping-ok-string', '--baseline', BASELINE);
    expect(known.code, known.err).toBe(0);
    expect(known.summary.outcome).toBe('passed');
    expect(known.summary.newFailures).toBe(0);
    expect(known.summary.baseline).toMatchObject({ known: [PING], new: [], expired: [], fixed: [] });
    // Reports name the file without the folders of the machine that ran (no local path in them).
    expect(known.summary.scope.baseline).toBe('conformance-baseline.json');
    expect(known.out).toContain(`known (not failing the run): ${PING.rule} on ${PING.operation}`);
    expect(known.out).toContain('1 failed (1 known)');
    const ping = testcase(known.junit, 'ping-answers-200-with-the-ping-object');
    expect(ping.attrs).toMatchObject({ classname: 'utility', status: 'known' });
    expect(findAll(ping, 'skipped')[0]!.attrs.message).toBe('known failure (baseline)');
    expect(known.html).toContain('<h2>Known failures (1)</h2>');
  });

  it('fails the run on a new failure, and reports the recorded one fixed once its fault is gone', async () => {
    const fresh = await run('--fault', 'missing-key-401', '--baseline', BASELINE);
    expect(fresh.code, fresh.err).toBe(1);
    expect(fresh.summary.baseline).toMatchObject({ known: [], new: [MISSING_KEY], fixed: [PING] });
    expect(fresh.summary.newFailures).toBe(1);
    expect(fresh.out).toContain(
      `new (not in the baseline; failing the run): ${MISSING_KEY.rule} on ${MISSING_KEY.operation}`,
    );
  });

  it('reports the recorded failure fixed on a clean run (exit 0), and --update-baseline removes it', async () => {
    const clean = await run('--baseline', BASELINE);
    expect(clean.code, clean.err).toBe(0);
    expect(clean.summary.baseline).toMatchObject({ known: [], new: [], fixed: [PING] });
    expect(clean.out).toContain(
      `fixed (the run now passes the rule on that operation; remove the entry): ${PING.rule} on ${PING.operation}`,
    );
    const shrunk = await run('--baseline', BASELINE, '--update-baseline');
    expect(shrunk.code, shrunk.err).toBe(0);
    expect(readBaselineFile().entries).toEqual([]);
  });

  it('fails the run again once the entry expired, saying so', async () => {
    writeFileSync(
      BASELINE,
      JSON.stringify({ format: BASELINE_FORMAT, entries: [{ ...PING, reason: 'API-7', expires: '2000-01-31' }] }),
    );
    const expired = await run('--fault', 'ping-ok-string', '--baseline', BASELINE);
    expect(expired.code, expired.err).toBe(1);
    expect(expired.summary.baseline).toMatchObject({
      known: [],
      expired: [{ ...PING, reason: 'API-7', expires: '2000-01-31' }],
    });
    expect(expired.out).toContain('baseline: recorded, expired 2000-01-31 (API-7)');
    expect(testcase(expired.junit, 'ping-answers-200-with-the-ping-object').attrs.status).toBe('failed');
  });

  it('refuses before any request an unknown rule, an operation the documents lack, another spec version', async () => {
    const refusedWith = async (entries: unknown[], more: Record<string, unknown> = {}) => {
      writeFileSync(BASELINE, JSON.stringify({ format: BASELINE_FORMAT, ...more, entries }));
      return runCli(['run', ...NARROW, '--baseline', BASELINE, '--report-dir', tmp.path(`refused-${(runs += 1)}`)]);
    };
    const rule = await refusedWith([{ ...PING, rule: 'PING-SCHEM' }]);
    expect(rule.code).toBe(2);
    expect(rule.err).toMatch(/^E_BASELINE_UNKNOWN: .*unknown rule "PING-SCHEM" \(did you mean "PING-SCHEMA"\?\)/);
    const operation = await refusedWith([{ ...PING, operation: 'GET /v1/pong' }]);
    expect(operation.code).toBe(2);
    expect(operation.err).toContain(
      'operation "GET /v1/pong" is none of the run\'s documents\' (did you mean "GET /v1/ping"?)',
    );
    const version = await refusedWith([PING], { spec: { version: '0.0.1' } });
    expect(version.code).toBe(2);
    expect(version.err).toMatch(/^E_BASELINE_SPEC: baseline .* recorded against version 0\.0\.1/);
  });

  it('refuses an --update-baseline path it could not write before any request, not after the run', async () => {
    const unwritable = tmp.path('no-such-folder', 'baseline.json');
    const result = await runCli([
      'run',
      ...NARROW,
      '--fault',
      'ping-ok-string',
      '--baseline',
      unwritable,
      '--update-baseline',
      '--report-dir',
      tmp.path('unwritable'),
    ]);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/^E_BASELINE_UNWRITABLE: /m);
    expect(result.out).not.toContain('Result:');
  });

  it('--exclude-rule passes the same failure as excluded, named in the scope of every report', async () => {
    const excluded = await run('--fault', 'ping-ok-string', '--exclude-rule', PING.rule);
    expect(excluded.code, excluded.err).toBe(0);
    expect(excluded.summary.ruleVerdicts[PING.rule]!.verdict).toBe('excluded');
    expect(excluded.summary.scope.excludedRules).toEqual([PING.rule]);
    expect(excluded.summary.required.rules).not.toContain(PING.rule);
    expect(excluded.out).toContain(`excluded rules ${PING.rule}`);
    expect(testcase(excluded.junit, 'ping-answers-200-with-the-ping-object').attrs.status).toBe('excluded');
    const utility = findAll(excluded.junit, 'testsuite').find((s) => s.attrs.name === 'utility')!;
    expect(findAll(utility, 'property').map((p) => [p.attrs.name, p.attrs.value])).toContainEqual([
      'excluded.rules',
      PING.rule,
    ]);
    expect(excluded.html).toContain(`excluded rules ${PING.rule}`);
  });
});
