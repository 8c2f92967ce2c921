/** `--keep`: which run folders of the default report root go, which stay, and the size line. */
import { linkSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../harness/errors.js';
import { keepOf } from './plan-inputs.js';
import { DEFAULT_KEEP, folderSize, formatSize, keepNewestRuns, retentionLine } from './report-retention.js';

const dir = mkdtempSync(join(tmpdir(), 'keep-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A process id no process has (beyond Linux's pid_max). */
const GONE = 2 ** 22 + 1;

function runFolder(root: string, name: string, pid = GONE, bytes = 10): string {
  const folder = join(root, name);
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'run.json'), JSON.stringify({ runId: name, pid, startedAt: '' }));
  writeFileSync(join(folder, 'summary.json'), 'x'.repeat(bytes));
  return folder;
}

describe('keepNewestRuns', () => {
  it('removes the run folders beyond the newest n, this run included, and nothing else', async () => {
    const root = join(dir, 'out');
    const names = ['20261101T000000Z-0001', '20261102T000000Z-0002', '20261103T000000Z-0003'];
    for (const name of names) runFolder(root, name);
    const current = runFolder(root, '20261128T000000Z-00ff');
    symlinkSync('20261128T000000Z-00ff', join(root, 'latest'));
    mkdirSync(join(root, '20261128T000000Z-0aaa-mutation'));
    mkdirSync(join(root, '20261001T000000Z-0bbb')); // no run.json: not a run's folder
    const removed = await keepNewestRuns(root, 2, current);
    expect(removed.map((f) => f.slice(root.length + 1))).toEqual([names[1], names[0]]);
    expect(readdirSync(root).sort()).toEqual([
      '20261001T000000Z-0bbb',
      names[2],
      '20261128T000000Z-00ff',
      '20261128T000000Z-0aaa-mutation',
      'latest',
    ]);
  });

  it('keeps a run that is still going in another process, however old', async () => {
    const root = join(dir, 'busy');
    runFolder(root, '20261101T000000Z-0001', process.ppid);
    runFolder(root, '20261102T000000Z-0002');
    const current = runFolder(root, '20261128T000000Z-00ff');
    expect(await keepNewestRuns(root, 1, current)).toEqual([join(root, '20261102T000000Z-0002')]);
    expect(readdirSync(root).sort()).toEqual(['20261101T000000Z-0001', '20261128T000000Z-00ff']);
  });
});

describe('the size of the reports', () => {
  it('counts every byte under the folder and says it in powers of 1,000', async () => {
    const folder = runFolder(join(dir, 'size'), '20261128T000000Z-0001', GONE, 2_500);
    const marker = JSON.stringify({ runId: '20261128T000000Z-0001', pid: GONE, startedAt: '' }).length;
    expect(await folderSize(folder)).toBe(2_500 + marker);
    // A file hard-linked into the folder again (the certification bundle links the run's files) counts once.
    mkdirSync(join(folder, 'bundle'));
    const [file] = readdirSync(folder).filter((name) => name !== 'run.json' && name !== 'bundle');
    linkSync(join(folder, file!), join(folder, 'bundle', file!));
    expect(await folderSize(folder)).toBe(2_500 + marker);
    expect([12, 2_540, 15_830_000, 640_000, 3_200_000_000].map(formatSize)).toEqual([
      '12 B',
      '2.5 kB',
      '15.8 MB',
      '640 kB',
      '3.2 GB',
    ]);
  });

  it('is one line, with what was kept when the run is under the default root', async () => {
    const root = join(dir, 'reports', 'out');
    runFolder(root, '20261101T000000Z-0001');
    const current = runFolder(root, '20261128T000000Z-00ff', GONE, 1_000);
    expect(await retentionLine(current, 1)).toMatch(
      /^Reports size: 1\.\d kB \(kept the newest 1 run under reports\/out; 1 older removed\)\n$/,
    );
    expect(await retentionLine(current, undefined)).toMatch(/^Reports size: 1\.\d kB\n$/);
  });
});

describe('--keep', () => {
  it(`is ${DEFAULT_KEEP} by default under the default root, and none with --report-dir`, () => {
    expect(keepOf(undefined, undefined)).toBe(DEFAULT_KEEP);
    expect(keepOf('3', undefined)).toBe(3);
    expect(keepOf(undefined, 'my-reports')).toBeUndefined();
  });

  it.each(['0', '-1', '1.5', 'ten', ''])('refuses %j (E_KEEP_INVALID)', (raw) => {
    expect(() => keepOf(raw, undefined)).toThrow(expect.objectContaining({ code: 'E_KEEP_INVALID' }));
  });

  it('refuses it beside --report-dir (E_FLAGS_CONFLICT)', () => {
    expect(() => keepOf('3', 'my-reports')).toThrow(ConfigError);
    expect(() => keepOf('3', 'my-reports')).toThrow(/--report-dir names a folder of your own/);
  });
});
