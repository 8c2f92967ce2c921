import { describe, expect, it } from 'vitest';
import { canonicalJson, verifyDigest } from './digest.js';
import { buildEvidence } from './evidence.js';
import { sampleInfo, sampleSummary } from './testing/sample.js';

describe('summary digest', () => {
  it('verifies a summary as written and after a JSON round trip', () => {
    const summary = sampleSummary();
    expect(summary.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(verifyDigest(summary)).toBe(true);
    expect(verifyDigest(JSON.parse(JSON.stringify(summary, null, 2)))).toBe(true);
  });

  it('fails when any field is edited, however deep', () => {
    const edits: Array<(s: any) => void> = [
      (s) => (s.counts.failed = 0),
      (s) => (s.outcome = 'passed'),
      (s) => (s.findings[1].verdict = 'passed'),
      (s) => (s.findings[1].exchanges[0].response.status = 201),
      (s) => (s.ruleVerdicts['ISSUERS-ORDER'].verdict = 'passed'),
      (s) => (s.spec.digest = 'sha256:beef'),
      (s) => (s.extra = true),
    ];
    for (const edit of edits) {
      const copy = JSON.parse(JSON.stringify(sampleSummary()));
      edit(copy);
      expect(verifyDigest(copy)).toBe(false);
    }
  });

  it('does not depend on key order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { f: 1, e: 0 }], c: undefined } })).toBe(
      '{"a":{"d":[2,{"e":0,"f":1}]},"b":1}',
    );
  });

  it('ties the certification evidence to the summary', () => {
    const summary = sampleSummary(sampleInfo({ runProfile: 'certification' }));
    const evidence = buildEvidence(summary);
    expect(evidence.summaryDigest).toBe(summary.digest);
    expect(verifyDigest(evidence)).toBe(true);
    const issuers = evidence.rules.find((r) => r.id === 'ISSUERS-ORDER')!;
    expect(issuers).toMatchObject({ section: '2.3', verdict: 'failed' });
    expect(issuers.checks[0]!.exchanges[0]!.request.url).toContain('/v1/reference/issuers');
    expect(evidence.spec).toEqual({ source: 'specs/partner-api.yaml', version: '0.1.0', digest: 'sha256:00ff' });
  });
});
