/**
 * Schemathesis (Python), in a throwaway virtual environment under .peers/venv. Its best honest
 * configuration for this API: every check, every generation phase (stateful links where the
 * spec has them), the key in the header the spec's security scheme names, and a rate limit at
 * the approved key's tier so that the target's 429s do not drown the run. Examples per
 * operation are bounded so that a run per fault stays in minutes.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { projectPath } from '../../harness/paths.js';
import { runProcess } from './spawn.js';
import type { PeerRun, PeerTool } from './tool.js';

const SCHEMATHESIS_VERSION = '4.32.5';
const VENV = projectPath('.peers', 'venv');
const BIN = join(VENV, 'bin', 'schemathesis');
const SPEC = projectPath('specs', 'partner-api.yaml');
const RUN_TIMEOUT_MS = 10 * 60_000;
const INSTALL_TIMEOUT_MS = 5 * 60_000;

interface Report {
  failures?: Array<{ code: string; title: string; operations: string[] }>;
  test_cases?: { generated: number };
}

/** `ST202 POST /v1/quotes`: one per failure kind and operation. */
export function signaturesOf(report: Report): string[] {
  return (report.failures ?? []).flatMap((f) => f.operations.map((op) => `${f.code} ${op}`)).sort();
}

export function schemathesis(options: { maxExamples: number; rateLimit: string }): PeerTool {
  const args = (url: string, key: string, reportDir: string) => [
    'run',
    SPEC,
    '--url',
    url,
    '-H',
    `x-api-key: ${key}`,
    '--checks',
    'all',
    '--phases',
    'examples,coverage,fuzzing,stateful',
    '--max-examples',
    String(options.maxExamples),
    '--rate-limit',
    options.rateLimit,
    '--workers',
    '1',
    '--seed',
    '1',
    '--no-color',
    '--report',
    'json',
    '--report-dir',
    reportDir,
  ];
  return {
    name: 'schemathesis',
    config: {
      version: SCHEMATHESIS_VERSION,
      install: `python3 -m venv .peers/venv && .peers/venv/bin/pip install schemathesis==${SCHEMATHESIS_VERSION}`,
      command: args('<base url>', '<redacted>', '<report dir>').join(' ').replace(SPEC, 'specs/partner-api.yaml'),
      auth: 'x-api-key header (-H) with the approved sandbox key, tier high',
      rateLimit: `${options.rateLimit} (the approved key's tier: 10 requests a second)`,
      caught: 'a failure code + operation not in the clean run',
    },
    async prepare() {
      if (existsSync(BIN)) return undefined;
      const venv = await runProcess('python3', ['-m', 'venv', VENV], {
        cwd: projectPath(),
        timeoutMs: INSTALL_TIMEOUT_MS,
      });
      if (venv.code !== 0) return `python3 -m venv failed: ${venv.output.trim().split('\n').pop()}`;
      const pip = await runProcess(
        join(VENV, 'bin', 'pip'),
        ['install', '-q', `schemathesis==${SCHEMATHESIS_VERSION}`],
        { cwd: projectPath(), timeoutMs: INSTALL_TIMEOUT_MS },
      );
      if (pip.code !== 0)
        return (
          `schemathesis skipped: PyPI unreachable or install failed ` +
          `(${pip.output.trim().split('\n').pop()}); install it by hand into .peers/venv to include it`
        );
      return undefined;
    },
    async version() {
      const v = await runProcess(BIN, ['--version'], { cwd: projectPath(), timeoutMs: 60_000 });
      return v.output.trim();
    },
    async run(url, key, workDir): Promise<PeerRun> {
      const reportDir = join(workDir, 'report');
      await mkdir(reportDir, { recursive: true });
      const result = await runProcess(BIN, args(url, key, reportDir), {
        cwd: workDir,
        timeoutMs: RUN_TIMEOUT_MS,
        secrets: [key],
      });
      const file = (await readdir(reportDir)).find((f) => f.startsWith('json-'));
      if (!file)
        return {
          signatures: [],
          rateLimited: 0,
          exitCode: result.code,
          error: result.timedOut ? 'timed out' : `no report (${result.output.trim().split('\n').pop()})`,
        };
      const report = JSON.parse(await readFile(join(reportDir, file), 'utf8')) as Report;
      return { signatures: signaturesOf(report), rateLimited: 0, exitCode: result.code };
    },
  };
}
