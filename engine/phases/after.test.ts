/** `--junit-xml`: the run's junit.xml copied where CI reads it, after a run and after a preflight stop alike. */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../harness/errors.js';
import type { RunSummary } from '../../reports/types.js';
import type { RunPlan } from '../plan.js';
import { junitXmlOf } from '../plan-inputs.js';
import { stepsAfter } from './after.js';

const dir = mkdtempSync(join(tmpdir(), 'after-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function ranWith(junitXml: string | undefined, exitCode = 0) {
  const reportDir = mkdtempSync(join(dir, 'run-'));
  writeFileSync(join(reportDir, 'junit.xml'), `<testsuites name="${reportDir}"/>`);
  const plan = { runProfile: 'conformance', reportDir, defaultReportDir: false, ...(junitXml ? { junitXml } : {}) };
  const summary = { exitCode, outcome: exitCode === 0 ? 'passed' : 'failed', findings: [] };
  const said: string[] = [];
  const io = { out: { write: (t: string) => said.push(t) }, err: { write: (t: string) => said.push(t) } };
  const ran = { plan: plan as RunPlan, io, summary: summary as unknown as RunSummary, startedAt: new Date() };
  return { ran, reportDir, said };
}

describe('--junit-xml', () => {
  it('copies the run’s junit.xml to the file, its folders made, after a run and after a preflight stop', async () => {
    for (const stopped of [false, true]) {
      const file = join(dir, `ci-${stopped}`, 'nested', 'junit.xml');
      const { ran, reportDir } = ranWith(file, stopped ? 4 : 0);
      expect(await stepsAfter(ran, stopped)).toBe(stopped ? 4 : 0);
      expect(readFileSync(file, 'utf8')).toBe(readFileSync(join(reportDir, 'junit.xml'), 'utf8'));
    }
  });

  it('a copy that cannot be written fails a passing run with its code, and leaves a failed one as it was', async () => {
    const blocker = join(dir, 'a-file');
    writeFileSync(blocker, '');
    for (const exitCode of [0, 1]) {
      const { ran, said } = ranWith(join(blocker, 'junit.xml'), exitCode);
      expect(await stepsAfter(ran)).toBe(exitCode === 0 ? 2 : 1);
      expect(said.join('')).toContain('E_REPORT_DIR_UNWRITABLE');
    }
  });

  it('is checked before the run: a folder is refused with E_USAGE, a file made absolute', () => {
    mkdirSync(join(dir, 'folder'), { recursive: true });
    expect(() => junitXmlOf(join(dir, 'folder'))).toThrow(ConfigError);
    expect(() => junitXmlOf('')).toThrow(/is a folder/);
    expect(junitXmlOf('out/junit.xml')).toBe(join(process.cwd(), 'out/junit.xml'));
    expect(junitXmlOf(undefined)).toBeUndefined();
  });
});
