import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Finding } from '../harness/model.js';
import { checkId } from '../harness/suite/inventory.js';
import { JunitWriter, renderJunit } from './junit-writer.js';
import { catalogueOf } from './run-info.js';
import { buildSummary } from './summary.js';
import { SAMPLE_RULES, sampleFindings, sampleInfo, sampleSummary } from './testing/sample.js';
import { findAll, parseXml } from './testing/xml-check.js';

describe('junit.xml: the run as one case', () => {
  const runCase = (xml: string) => findAll(parseXml(xml), 'testcase').find((c) => c.attrs.classname === 'run')!;

  it('is red for an outage: an error naming the preflight cause, with its fix', () => {
    const summary = sampleSummary(
      sampleInfo({
        preflightStop: {
          code: 'E_TARGET_NOT_LISTENING',
          exitCode: 4,
          message: 'preflight GET http://127.0.0.1:9/v1/ping: nothing accepts connections there',
          fix: 'Check the address.',
        },
      }),
      [],
    );
    const xml = renderJunit(summary);
    expect(parseXml(xml).attrs).toMatchObject({ tests: '1', errors: '1' });
    const error = findAll(runCase(xml), 'error')[0]!;
    expect(error.attrs.type).toBe('E_TARGET_NOT_LISTENING');
    expect(error.attrs.message).toContain('E_TARGET_NOT_LISTENING: preflight GET');
    expect(error.text).toContain('fix: Check the address.');
  });

  it('is red for an incomplete run: an error naming the stop and what was left unproven', () => {
    const notRun: Finding = {
      check: 'ping answers 200',
      family: 'utility',
      rules: ['PING-200'],
      verdict: 'not run',
      exchanges: [],
    };
    const summary = buildSummary(sampleInfo(), [notRun], catalogueOf(SAMPLE_RULES), {
      finishedAt: new Date('2025-01-01T00:00:03.000Z'),
      stopped: 'deadline',
    });
    const error = findAll(runCase(renderJunit(summary)), 'error')[0]!;
    expect(error.attrs.type).toBe('stopped: deadline');
    expect(error.attrs.message).toMatch(/^INCOMPLETE \(deadline\): 1 check not run/);
  });

  it('is green, with no error, for a run that passed', () => {
    const passed = sampleSummary(sampleInfo({ families: ['utility'], rules: ['PING-200'] }), [sampleFindings()[0]!]);
    expect(passed.outcome).toBe('passed');
    expect(findAll(runCase(renderJunit(passed)), 'error')).toEqual([]);
  });
});

describe('junit.xml', () => {
  it('is well-formed, with one testsuite per family and one testcase per finding', () => {
    const summary = sampleSummary();
    const root = parseXml(renderJunit(summary));
    expect(root.name).toBe('testsuites');
    expect(findAll(root, 'testsuite').map((s) => s.attrs.name)).toEqual([
      'utility',
      'reference',
      'enrollments',
      'run',
      'rules',
      'monitor',
    ]);
    const cases = findAll(root, 'testcase').filter((c) => c.attrs.classname !== 'run');
    expect(cases).toHaveLength(summary.findings.length);
    expect(cases.map((c) => c.attrs.name).sort()).toEqual(summary.findings.map((f) => checkId(f.check)).sort());
    // The run's own case besides the checks': it is no error of a run that failed (its failure is red).
    expect(root.attrs).toMatchObject({ tests: '5', failures: '1', errors: '0' });
    expect(findAll(root, 'testsuite').reduce((n, s) => n + Number(s.attrs.skipped), 0)).toBe(1);
  });

  it('names rule ids and contract sections, and carries the failure text', () => {
    const root = parseXml(renderJunit(sampleSummary()));
    const failing = findAll(root, 'testcase').find((c) => c.attrs.name === 'issuers-sorted-case-insensitively-by-id')!;
    expect(failing.attrs).toMatchObject({ classname: 'reference', status: 'failed' });
    expect(findAll(failing, 'system-out')[0]!.text).toContain('check: issuers sorted <case-insensitively> & by id');
    expect(findAll(failing, 'system-out')[0]!.text).toContain('rules: ISSUERS-ORDER (section 2.3)');
    const suite = findAll(root, 'testsuite').find((s) => s.attrs.name === 'reference')!;
    expect(findAll(suite, 'property').map((p) => [p.attrs.name, p.attrs.value])).toContainEqual([
      'section.ISSUERS-ORDER',
      '2.3',
    ]);
    const failure = findAll(failing, 'failure')[0]!;
    expect(failure.text).toContain('expected: names in case-insensitive order: "acme" before "Zeta"');
    expect(failure.text).toContain('observed: byte order');
    expect(failure.text).toContain('reproduce: npx partner-conformance run --family reference --rule ISSUERS-ORDER');
    const skipped = findAll(root, 'skipped')[0]!;
    expect(skipped.attrs.message).toBe('needs fixture planFull');
  });

  it('stays well-formed whatever bytes a target sends back', () => {
    const hostile = sampleFindings();
    hostile[1] = {
      ...hostile[1]!,
      check: 'a]]><![CDATA[ "\' \u0000\u0007\uFFFF \uD800 end',
      observed: '</failure><x a="1">&nbsp;',
    };
    const summary = sampleSummary(sampleInfo(), hostile);
    const root = parseXml(renderJunit(summary));
    expect(
      findAll(root, 'testcase')
        .map((c) => findAll(c, 'system-out')[0]!.text)
        .join('|'),
    ).toContain('a]]><![CDATA[ "\'');
    expect(findAll(root, 'failure')[0]!.text).toContain('</failure><x a="1">&nbsp;');
  });

  it('names a check by its family and id whatever its verdict: passed, failed, skipped, blocked, not run', () => {
    const base: Finding = {
      check: 'ping answers 200',
      family: 'utility',
      rules: ['PING-200'],
      verdict: 'passed',
      exchanges: [],
    };
    const outcomes: Finding[] = [
      { ...base, proof: { 'PING-200': [] } },
      { ...base, verdict: 'failed', rules: ['PING-200'], expected: '200', observed: '500' },
      { ...base, verdict: 'warning', rules: [] },
      { ...base, verdict: 'skipped', needs: 'role unapproved' },
      { ...base, verdict: 'blocked', blockedBy: 'E_TARGET_NOT_LISTENING' },
      { ...base, verdict: 'not run', message: 'not run: the run was interrupted' },
    ];
    const identities = outcomes.map((finding) => {
      const testcase = findAll(parseXml(renderJunit(sampleSummary(sampleInfo(), [finding]))), 'testcase')[0]!;
      return `${testcase.attrs.classname} ${testcase.attrs.name}`;
    });
    expect(new Set(identities)).toEqual(new Set(['utility ping-answers-200']));
    const notRun = parseXml(renderJunit(sampleSummary(sampleInfo(), [outcomes[5]!])));
    expect(findAll(notRun, 'skipped')[0]!.attrs.message).toBe('not run: the run was interrupted');
  });

  it('writes junit.xml into the report folder on close', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'junit-'));
    try {
      await new JunitWriter(dir).close(sampleSummary());
      expect(parseXml(await readFile(join(dir, 'junit.xml'), 'utf8')).name).toBe('testsuites');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
