/** Setup steps told once: one finding per failed step, the checks it blocked grouped under it in every report. */
import { describe, expect, it } from 'vitest';
import type { Exchange, Finding, Rule } from '../harness/model.js';
import { renderConsoleSummary } from './console-writer.js';
import { renderStepSummary } from './github-writer.js';
import { renderHtml } from './html-writer.js';
import { renderJunit } from './junit-writer.js';
import { catalogueOf } from './run-info.js';
import { checksByStep, StepTeller } from './setup-steps.js';
import { buildSummary, exitCodeOf } from './summary.js';
import { sampleInfo } from './testing/sample.js';
import { parseXml } from './testing/xml-check.js';

const rule = (id: string, strength: Rule['strength']): Rule => ({
  id,
  section: '4.10',
  strength,
  families: ['enrollments'],
  statement: `${id} holds`,
  ...(strength === 'inferred' ? { warning_reason: `a target may break ${id}` } : {}),
});
const CATALOGUE = catalogueOf([
  rule('ENR-CREATE-SUCCESS', 'stated'),
  rule('LEGACY-APPLICATION-CREATE', 'inferred'),
  rule('ENR-DOCS-JSON', 'stated'),
  rule('ENR-READ-200', 'inferred'),
]);
const refused: Exchange = {
  request: { method: 'POST', url: 'http://127.0.0.1:9/v1/enrollments', headers: {} },
  response: { status: 422, headers: {}, body: '{"errors":[]}' },
  durationMs: 2,
};

const blocked = (check: string, rules: string[], step: string, breaks: string[]): Finding => ({
  check,
  family: 'enrollments',
  rules,
  verdict: 'blocked',
  blockedBy: `setup step: ${step}`,
  step: { name: step, expected: 'a 2xx', observed: 'status 422: {"errors":[]}', breaks, exchange: refused },
  exchanges: [refused],
});

function told(findings: Finding[], strict = false): Finding[] {
  const teller = new StepTeller(CATALOGUE, strict);
  return findings.flatMap((f) => teller.findingsFor(f));
}

describe('StepTeller', () => {
  const run = told([
    blocked('upload a PDF', ['ENR-DOCS-JSON'], 'create a planFull application', ['ENR-CREATE-SUCCESS']),
    { check: 'ping', family: 'utility', rules: ['PING-200'], verdict: 'passed', exchanges: [] },
    blocked('read it', ['ENR-READ-200'], 'create a planFull application', ['ENR-CREATE-SUCCESS']),
  ]);

  it('tells a step once, before the first check it blocked, naming its exchange and the rule it breaks', () => {
    const steps = run.filter((f) => f.subject === 'step');
    expect(steps).toHaveLength(1);
    expect(run[0]).toMatchObject({
      check: 'setup step: create a planFull application',
      rules: ['ENR-CREATE-SUCCESS'],
      verdict: 'failed',
      observed: 'status 422: {"errors":[]}',
      exchanges: [refused],
    });
    expect(run.filter((f) => f.verdict === 'blocked').map((f) => f.check)).toEqual(['upload a PDF', 'read it']);
  });

  it("keeps the step's exchange on the step alone", () => {
    for (const f of run.filter((x) => x.verdict === 'blocked')) expect(f.step).not.toHaveProperty('exchange');
  });

  it('only inferred rules broken: a warning with their reasons (fails if strict); none broken: blocked', () => {
    const legacy = blocked('read', ['LEGACY-APPLICATION-READ'], 'create a legacy application', [
      'LEGACY-APPLICATION-CREATE',
    ]);
    expect(told([legacy])[0]).toMatchObject({
      verdict: 'warning',
      warningReason: 'LEGACY-APPLICATION-CREATE is inferred: a target may break LEGACY-APPLICATION-CREATE',
    });
    expect(told([legacy], true)[0]!.verdict).toBe('failed');
    expect(told([legacy], true)[0]).not.toHaveProperty('warningReason');
    expect(told([blocked('put', ['ENR-DOCS-JSON'], 'reach an accepted submission', [])])[0]).toMatchObject({
      verdict: 'blocked',
      rules: [],
    });
  });

  it('leaves any other finding as it is', () => {
    const transport: Finding = {
      check: 'c',
      family: 'utility',
      rules: ['PING-200'],
      verdict: 'blocked',
      blockedBy: 'E_TARGET_NOT_LISTENING',
      exchanges: [],
    };
    expect(told([transport])).toEqual([transport]);
  });
});

describe('a run with a failed step', () => {
  const breaking = buildSummary(
    sampleInfo(),
    told([
      blocked('upload a PDF', ['ENR-DOCS-JSON'], 'create a planFull application', ['ENR-CREATE-SUCCESS']),
      blocked('read it', ['ENR-READ-200'], 'create a planFull application', ['ENR-CREATE-SUCCESS']),
    ]),
    CATALOGUE,
    new Date('2025-01-01T00:00:03Z'),
  );
  const setupOnly = buildSummary(
    sampleInfo(),
    told([blocked('put', ['ENR-DOCS-JSON'], 'reach an accepted submission', [])]),
    CATALOGUE,
    new Date('2025-01-01T00:00:03Z'),
  );

  it("counts checks apart from steps; the broken rule fails, the blocked checks' rules are blocked", () => {
    expect(breaking.counts).toMatchObject({ total: 2, blocked: 2, failed: 0, steps: 1 });
    expect(breaking.ruleVerdicts['ENR-CREATE-SUCCESS']!.verdict).toBe('failed');
    expect(breaking.ruleVerdicts['ENR-DOCS-JSON']!.verdict).toBe('blocked');
    expect(breaking.outcome).toBe('failed');
    expect(exitCodeOf(breaking)).toBe(1);
  });

  it('a step that breaks no rule blocks the run with exit 6, not a failure', () => {
    expect(setupOnly.outcome).toBe('blocked');
    expect(exitCodeOf(setupOnly)).toBe(6);
    const transport = buildSummary(
      sampleInfo(),
      [
        {
          check: 'c',
          family: 'utility',
          rules: ['PING-200'],
          verdict: 'blocked',
          blockedBy: 'E_TARGET_NOT_LISTENING',
          exchanges: [],
        },
      ],
      CATALOGUE,
      new Date(),
    );
    expect(exitCodeOf(transport)).toBe(4);
  });

  it('groups the blocked checks under their step', () => {
    expect([...checksByStep(breaking.findings)].map(([step, checks]) => [step, checks.map((c) => c.check)])).toEqual([
      ['create a planFull application', ['upload a PDF', 'read it']],
    ]);
  });

  it('the console tells the step once, with the checks under it, and lists no failure per check', () => {
    const text = renderConsoleSummary(breaking);
    expect(text.match(/\] setup step: create a planFull application/g)).toHaveLength(1);
    expect(text).toContain('(breaks ENR-CREATE-SUCCESS §4.10); 2 checks blocked');
    expect(text).toMatch(/- upload a PDF\n\s+- read it/);
    expect(text).not.toContain('Failures:');
    expect(text).toContain('2 checks: 0 passed, 0 failed, 0 warnings, 0 skipped, 2 blocked; 1 setup step failed');
    expect(renderConsoleSummary(setupOnly)).toContain('breaks no rule: the target is not set up for it');
  });

  it('JUnit: the step is the one failure, the checks it blocked are skipped naming it', () => {
    const xml = renderJunit(breaking);
    parseXml(xml);
    expect(xml.match(/<failure /g)).toHaveLength(1);
    expect(xml.match(/<skipped message="blocked by setup step: create a planFull application"\/>/g)).toHaveLength(2);
    expect(xml).toMatch(/<testsuites [^>]*tests="4" failures="1" errors="0"/);
    expect(renderJunit(setupOnly).match(/<error /g)).toHaveLength(1);
  });

  it('GitHub step summary: each step with the checks it blocked, and no failure row per check', () => {
    const md = renderStepSummary(breaking);
    expect(md).toContain('- create a planFull application: 2 check(s) blocked (upload a PDF; read it)');
    expect(md).toContain('| 2 | 0 | 0 | 0 | 0 | 2 | 0 | 1 |');
    expect(md).not.toContain('| enrollments | ENR-DOCS-JSON |');
  });

  it('HTML: a section per step with the checks it blocked', () => {
    const page = renderHtml(breaking);
    expect(page).toContain('Setup steps that failed (1)');
    expect(page).toContain('2 check(s) blocked by this step');
    expect(page).toContain('<li>upload a PDF <code>ENR-DOCS-JSON</code></li>');
  });
});
