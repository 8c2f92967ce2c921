/**
 * `--keep` through the command line, in a project of its own (the default report root is the
 * working directory's reports/out/): a run prints the size of its reports and removes the run
 * folders beyond the newest n, never one still going nor anything else; a `--keep` of 0, not a
 * number or beside `--report-dir` is exit 2 before anything is written.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../harness/paths.js';

const project = mkdtempSync(join(tmpdir(), 'keep-e2e-'));
const root = join(project, 'reports', 'out');
afterAll(() => rmSync(project, { recursive: true, force: true }));

function cli(args: string[]) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [join(PROJECT_ROOT, 'bin', 'partner-conformance.js'), ...args],
      { cwd: project, timeout: 120_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, stdout, stderr }),
    );
  });
}

/** An earlier run's folder; `pid` the process that wrote it (a gone one unless said). */
function earlierRun(name: string, pid = 2 ** 22 + 1): void {
  mkdirSync(join(root, name), { recursive: true });
  writeFileSync(join(root, name, 'run.json'), JSON.stringify({ runId: name, pid, startedAt: '' }));
  writeFileSync(join(root, name, 'summary.json'), '{}');
}

describe('run --keep', () => {
  it('keeps the newest runs under reports/out and says how much the run wrote', async () => {
    earlierRun('20261101T000000Z-0001');
    earlierRun('20261102T000000Z-0002');
    earlierRun('20261103T000000Z-0003');
    earlierRun('20261001T000000Z-0004', process.pid);
    mkdirSync(join(root, 'campaign-mutation'));
    const run = await cli(['run', '--family', 'utility', '--rule', 'PING-200', '--keep', '2']);
    expect(run.stderr).not.toContain('internal error');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /\nReports size: [\d.]+ (kB|MB) \(kept the newest 2 runs under reports\/out; 2 older removed\)\n/,
    );
    const left = readdirSync(root).sort();
    expect(left).not.toContain('20261101T000000Z-0001');
    expect(left).not.toContain('20261102T000000Z-0002');
    expect(left).toEqual(
      expect.arrayContaining(['20261001T000000Z-0004', '20261103T000000Z-0003', 'campaign-mutation', 'latest']),
    );
    expect(left).toHaveLength(5);
  }, 120_000);

  it.each([
    [['--keep', '0'], 'E_KEEP_INVALID'],
    [['--keep', 'ten'], 'E_KEEP_INVALID'],
    [['--keep', '3', '--report-dir', 'mine'], 'E_FLAGS_CONFLICT'],
  ])('%j is exit 2 with its code, and nothing is written', async (flags, errorCode) => {
    const before = readdirSync(root).sort();
    const run = await cli(['run', '--family', 'utility', ...flags]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(new RegExp(`^${errorCode}: .*\\n  fix: `));
    expect(readdirSync(root).sort()).toEqual(before);
    expect(existsSync(join(project, 'mine'))).toBe(false);
  });
});
