/**
 * The vitest wiring and the reporter, end to end on small synthetic suites: findings from
 * verify(), a crash without a finding, a suite file that fails to load, a skip with its need,
 * a secret scrubbed, and one runner reused for a second run with a new RunConfig.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunConfig } from '../harness/run-config.js';
import { standardWriters } from '../reports/index.js';
import { catalogueOf } from '../reports/run-info.js';
import type { RunStop } from '../reports/vitest-reporter.js';
import { verifyDigest } from '../reports/digest.js';
import { SAMPLE_RULES, sampleInfo } from '../reports/testing/sample.js';
import { findAll, parseXml } from '../reports/testing/xml-check.js';
import { PROJECT_ROOT } from '../harness/paths.js';
import { createSuiteRunner } from './suite-runner.js';

const CANARY = 'canary-key-6f1d2a';
const root = mkdtempSync(join(tmpdir(), 'suite-runner-'));
symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
mkdirSync(join(root, 'suites', 'utility'), { recursive: true });
mkdirSync(join(root, 'suites', 'reference'), { recursive: true });
writeFileSync(
  join(root, 'suites', 'utility', 'ping.conformance.ts'),
  `import { inject, test } from 'vitest';
const config = () => inject('runConfig' as never) as { fault?: string };
test('ping answers 200', ({ task }) => {
  const broken = config().fault === 'ping-500';
  (task.meta as any).finding = {
    check: 'ping answers 200', family: 'utility', rules: ['PING-200'], verdict: broken ? 'failed' : 'passed',
    expected: '200', observed: broken ? '500' : '200',
    exchanges: [{
      request: { method: 'GET', url: 'http://127.0.0.1:1/v1/ping', headers: { 'x-api-key': '<redacted>' } },
      response: { status: broken ? 500 : 200, headers: {}, body: 'echo ${CANARY}' },
      durationMs: 1,
    }],
  };
  if (broken) throw new Error('PING-200 violated');
});
test('crashes before verifying', () => { throw new TypeError('cannot read properties of undefined'); });
test('needs an unapproved key', (ctx) => { ctx.skip('needs role unapproved'); });
test('deselected by --rule', (ctx) => { ctx.skip('not selected: covers none of --rule X'); });
`,
);
writeFileSync(
  join(root, 'suites', 'reference', 'broken.conformance.ts'),
  `throw new Error('suite file cannot load');\n`,
);

afterAll(() => rmSync(root, { recursive: true, force: true }));

const config = (fault?: string): RunConfig => ({
  runId: `r-${fault ?? 'clean'}`,
  runProfile: 'conformance',
  profile: { name: 'synthetic', baseUrl: 'http://127.0.0.1:1', keys: {}, fixtures: {} },
  specSource: 'specs/partner-api.yaml',
  families: ['utility', 'reference'],
  seed: 7,
  runs: 1,
  strict: false,
  reportDir: join(root, 'out'),
  embedded: true,
  fault,
  command: 'npx partner-conformance run',
});

describe('suite runner and reporter', () => {
  it('turns a vitest run into findings and reports, and serves a second run', async () => {
    let console = '';
    const runner = await createSuiteRunner(['utility', 'reference'], { root });
    try {
      const dir = join(root, 'out', 'first');
      const report = (writersDir: string) => ({
        info: sampleInfo({ families: ['utility', 'reference'] }),
        catalogue: catalogueOf(SAMPLE_RULES),
        writers: standardWriters(writersDir, { write: (s: string) => (console += s) }),
        secrets: [CANARY],
      });
      const first = await runner.run(config(), report(dir));
      const byCheck = Object.fromEntries(first.findings.map((f) => [f.check, f]));
      expect(byCheck['ping answers 200']).toMatchObject({ verdict: 'passed', rules: ['PING-200'] });
      expect(byCheck['crashes before verifying']).toMatchObject({ verdict: 'failed', family: 'utility', rules: [] });
      expect(byCheck['crashes before verifying']!.observed).toContain('cannot read properties of undefined');
      expect(byCheck['needs an unapproved key']).toMatchObject({ verdict: 'skipped', needs: 'role unapproved' });
      expect(byCheck['deselected by --rule']).toBeUndefined();
      const loadFailure = first.findings.find((f) => f.family === 'reference')!;
      expect(loadFailure).toMatchObject({
        verdict: 'failed',
        check: 'suites/reference/broken.conformance.ts (loading the suite file)',
      });
      expect(loadFailure.observed).toContain('suite file cannot load');
      expect(first.outcome).toBe('failed');
      expect(console).toMatch(/✗ utility\s+3 checks: 1 passed, 1 failed, 0 warnings, 1 skipped/);
      expect(console).toMatch(/✗ reference\s+1 checks/);

      const written = readFileSync(join(dir, 'summary.json'), 'utf8');
      expect(verifyDigest(JSON.parse(written))).toBe(true);
      // One case per finding, and the run's own (run/outcome).
      expect(findAll(parseXml(readFileSync(join(dir, 'junit.xml'), 'utf8')), 'testcase')).toHaveLength(
        first.findings.length + 1,
      );
      const everything =
        written +
        readFileSync(join(dir, 'junit.xml'), 'utf8') +
        readFileSync(join(dir, 'report.html'), 'utf8') +
        console;
      expect(everything).toContain('echo <redacted>');
      expect(everything).not.toContain(CANARY);

      // Same runner, new RunConfig: the suite sees the fault and the reporter starts afresh.
      const second = await runner.run(config('ping-500'), report(join(root, 'out', 'second')));
      expect(second.findings.find((f) => f.check === 'ping answers 200')).toMatchObject({
        verdict: 'failed',
        observed: '500',
      });
      expect(second.counts.total).toBe(first.counts.total);
      expect(second.ruleVerdicts['PING-200']).toMatchObject({ verdict: 'failed', section: '4.1' });
    } finally {
      await runner.close();
    }
  });
});

describe('a run stopped before its end', () => {
  const stopRoot = mkdtempSync(join(tmpdir(), 'suite-runner-stop-'));
  symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(stopRoot, 'node_modules'), 'dir');
  mkdirSync(join(stopRoot, 'suites', 'utility'), { recursive: true });
  // Tests registered as verify() registers them: each carries its check's entry, known before it runs.
  const suite = (ids: string[], slowMs: number, profiles = "'all'") => `import { test } from 'vitest';
const entry = (id) => ({ check: { id, title: id, rules: ['PING-200'], needs: {}, profiles: ${profiles} } });
const pause = (ms) => new Promise((r) => setTimeout(r, ms));
${ids.map((id, i) => `test('${id}', { meta: entry('${id}') }, () => pause(${i === 0 ? slowMs : 0}));`).join('\n')}
`;
  writeFileSync(join(stopRoot, 'suites', 'utility', 'a.conformance.ts'), suite(['slow-one', 'after-it'], 3_000));
  writeFileSync(join(stopRoot, 'suites', 'utility', 'b.conformance.ts'), suite(['in-the-next-file'], 0));
  // A check of another run profile only: a stopped run of this one never lists it.
  writeFileSync(
    join(stopRoot, 'suites', 'utility', 'c.conformance.ts'),
    suite(['certification-only'], 0, "['certification']"),
  );
  afterAll(() => rmSync(stopRoot, { recursive: true, force: true }));

  it('collects every check before running any, and reports those a deadline stopped as not run', async () => {
    const runner = await createSuiteRunner(['utility'], { root: stopRoot });
    try {
      expect((await runner.collect?.(['utility']))?.map((c) => `${c.family}/${c.entry.id}`).sort()).toEqual([
        'utility/after-it',
        'utility/certification-only',
        'utility/in-the-next-file',
        'utility/slow-one',
      ]);
      const stop: RunStop = {};
      const running = runner.run(
        { ...config(), families: ['utility'] },
        {
          info: sampleInfo({ families: ['utility'] }),
          catalogue: catalogueOf(SAMPLE_RULES),
          writers: [],
          stop,
        },
      );
      await new Promise((r) => setTimeout(r, 1_500));
      stop.reason = 'deadline';
      await runner.cancel?.();
      const summary = await running;
      expect(summary.stopped).toEqual({ reason: 'deadline' });
      expect(summary.interrupted).toBeUndefined();
      expect(summary.outcome).toBe('incomplete');
      expect(summary.findings.map((f) => [f.id, f.verdict, f.message])).toEqual(
        ['slow-one', 'after-it', 'in-the-next-file'].map((id) => [
          id,
          'not run',
          'not run: the run reached its deadline before this check finished',
        ]),
      );
      expect(summary.ruleVerdicts['PING-200']!.verdict).toBe('not run');
      expect(summary.required.missing).toContainEqual({
        rule: 'PING-200',
        verdict: 'not run',
        needs: ['its checks to run (the run stopped at its deadline)'],
      });
    } finally {
      await runner.close();
    }
  });

  it('stopped before its checks began (its deadline passed in the preflight): every check of it not run', async () => {
    const runner = await createSuiteRunner(['utility'], { root: stopRoot });
    try {
      const summary = await runner.run(
        { ...config(), families: ['utility'] },
        {
          info: sampleInfo({ families: ['utility'] }),
          catalogue: catalogueOf(SAMPLE_RULES),
          writers: [],
          stop: { reason: 'deadline' },
        },
      );
      expect(summary.stopped).toEqual({ reason: 'deadline' });
      expect(summary.findings.map((f) => [f.id, f.verdict]).sort()).toEqual([
        ['after-it', 'not run'],
        ['in-the-next-file', 'not run'],
        ['slow-one', 'not run'],
      ]);
      expect(summary.counts.total).toBe(3);
    } finally {
      await runner.close();
    }
  });
});
