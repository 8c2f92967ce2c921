import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JunitWriter, renderJunit } from './junit-writer.js';
import { sampleFindings, sampleInfo, sampleSummary } from './testing/sample.js';
import { findAll, parseXml } from './testing/xml-check.js';

describe('junit.xml', () => {
  it('is well-formed, with one testsuite per family and one testcase per finding', () => {
    const summary = sampleSummary();
    const root = parseXml(renderJunit(summary));
    expect(root.name).toBe('testsuites');
    expect(findAll(root, 'testsuite').map((s) => s.attrs.name)).toEqual([
      'utility',
      'reference',
      'enrollments',
      'rules',
      'monitor',
    ]);
    const cases = findAll(root, 'testcase');
    expect(cases).toHaveLength(summary.findings.length);
    expect(cases.map((c) => c.attrs.name.replace(/ \[warning\]$/, '')).sort()).toEqual(
      summary.findings.map((f) => f.check).sort(),
    );
    expect(root.attrs).toMatchObject({ tests: '4', failures: '1' });
    expect(findAll(root, 'testsuite').reduce((n, s) => n + Number(s.attrs.skipped), 0)).toBe(1);
  });

  it('names rule ids and contract sections, and carries the failure text', () => {
    const root = parseXml(renderJunit(sampleSummary()));
    const failing = findAll(root, 'testcase').find(
      (c) => c.attrs.name === 'issuers sorted <case-insensitively> & by id',
    )!;
    expect(failing.attrs).toMatchObject({ classname: 'reference.ISSUERS-ORDER', status: 'failed' });
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
        .map((c) => c.attrs.name)
        .join('|'),
    ).toContain('a]]><![CDATA[ "\'');
    expect(findAll(root, 'failure')[0]!.text).toContain('</failure><x a="1">&nbsp;');
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
