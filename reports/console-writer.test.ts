import { describe, expect, it } from 'vitest';
import { ConsoleWriter } from './console-writer.js';
import { sampleFindings, sampleSummary } from './testing/sample.js';

describe('console writer', () => {
  it('prints a line per finished family, then failures with rule, section, expected, observed and reproduction', () => {
    let out = '';
    const writer = new ConsoleWriter({ out: { write: (s: string) => (out += s) }, reportDir: 'reports/out/x' });
    for (const finding of sampleFindings()) writer.add(finding);
    writer.familyDone('reference');
    expect(out).toMatch(/✗ reference\s+1 checks: 0 passed, 1 failed, 0 warnings, 0 skipped/);
    writer.familyDone('utility');
    expect(out).toMatch(/✓ utility\s+2 checks: 1 passed, 0 failed, 1 warnings, 0 skipped/);
    writer.close(sampleSummary());
    expect(out).toContain('4 checks: 1 passed, 1 failed, 1 warnings, 1 skipped');
    expect(out).toContain('issuers sorted <case-insensitively> & by id (ISSUERS-ORDER §2.3)');
    expect(out).toContain('expected: names in case-insensitive order');
    expect(out).toContain('observed: byte order');
    expect(out).toContain('reproduce: npx partner-conformance run --family reference --rule ISSUERS-ORDER');
    expect(out).toContain('Skipped: 1 checks (needs fixture planFull ×1)');
    expect(out).toContain('Result: FAILED');
  });
});
