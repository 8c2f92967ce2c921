/**
 * The command line end to end against the embedded reference server: a clean utility run
 * passes and writes the reports; the same run with a utility fault fails naming its rule.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listFaults } from '../reference/server.js';
import { verifyDigest } from '../reports/digest.js';
import { findAll, parseXml } from '../reports/testing/xml-check.js';
import { PROJECT_ROOT } from '../harness/paths.js';

const dir = mkdtempSync(join(tmpdir(), 'cli-e2e-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function cli(args: string[]) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'cli/main.ts', ...args],
      { cwd: PROJECT_ROOT, timeout: 120_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, stdout, stderr }),
    );
  });
}

/** A utility fault that breaks PING-200, the rule the first utility check verifies. */
const fault = listFaults().find((f) => f.family === 'utility' && f.rules.includes('PING-200'))!;

describe('partner-conformance run, embedded', () => {
  it('passes on the clean server and fails naming the rule a fault breaks', async () => {
    expect(fault).toBeDefined();
    const cleanDir = join(dir, 'clean');
    const faultDir = join(dir, 'fault');
    const [clean, broken] = await Promise.all([
      cli(['run', '--family', 'utility', '--report-dir', cleanDir]),
      cli(['run', '--family', 'utility', '--fault', fault.name, '--report-dir', faultDir]),
    ]);

    expect(clean.stderr).not.toContain('internal error');
    expect(clean.code).toBe(0);
    for (const file of ['summary.json', 'junit.xml', 'report.html'])
      expect(existsSync(join(cleanDir, file))).toBe(true);
    const cleanSummary = JSON.parse(readFileSync(join(cleanDir, 'summary.json'), 'utf8'));
    expect(cleanSummary.counts.failed).toBe(0);
    expect(cleanSummary.counts.passed).toBeGreaterThan(0);
    expect(verifyDigest(cleanSummary)).toBe(true);
    expect(clean.stdout).toMatch(/✓ utility\s+\d+ checks/);
    expect(clean.stdout).toContain('Result: PASSED');

    expect(broken.code).toBe(1);
    const summary = JSON.parse(readFileSync(join(faultDir, 'summary.json'), 'utf8'));
    expect(summary.target.fault).toBe(fault.name);
    for (const rule of fault.rules) expect(summary.ruleVerdicts[rule]?.verdict).toBe('failed');
    const junit = parseXml(readFileSync(join(faultDir, 'junit.xml'), 'utf8'));
    // A case per finding, and the run's own `run/outcome` case.
    expect(findAll(junit, 'testcase')).toHaveLength(summary.findings.length + 1);
    expect(
      findAll(junit, 'failure')
        .map((f) => f.attrs.type)
        .join(' '),
    ).toContain('PING-200');
    const html = readFileSync(join(faultDir, 'report.html'), 'utf8');
    expect(html).toContain('<code>PING-200</code> (section 4.1');
    expect(broken.stdout).toContain('Result: FAILED');
  });
});
