/**
 * How much a run's reports weigh, and how many runs the default report root keeps (`--keep`):
 * after a run, the run folders under `reports/out/` beyond the newest N are removed. Only a
 * folder a run claimed (its `run.json`, a run id for a name) counts; one whose run is still
 * going, and anything else in the root (`latest`, a campaign's folder), is never touched.
 */
import { lstat, readdir, readFile, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { isRunning, RUN_MARKER } from './report-dir.js';

/** Runs kept under the default report root when `--keep` is not given. */
export const DEFAULT_KEEP = 10;

/** A run folder's name: `20261128T064243Z-1a2b` (newRunId). */
const RUN_FOLDER = /^\d{8}T\d{6}Z-[0-9a-f]{4}$/;

/**
 * Bytes under `path`, symlinks not followed, a file hard-linked twice counted once (as `du`: the
 * certification bundle links the run's files).
 */
export async function folderSize(path: string, seen = new Set<string>()): Promise<number> {
  const info = await lstat(path).catch(() => undefined);
  if (!info?.isDirectory()) {
    const inode = info && info.nlink > 1 ? `${info.dev}:${info.ino}` : undefined;
    if (inode && seen.has(inode)) return 0;
    if (inode) seen.add(inode);
    return info?.size ?? 0;
  }
  const names = await readdir(path).catch(() => [] as string[]);
  const sizes = await Promise.all(names.map((name) => folderSize(join(path, name), seen)));
  return sizes.reduce((a, b) => a + b, 0);
}

/** `15.8 MB`, `640 kB`, `12 B` (powers of 1,000, as `du --si`). */
export function formatSize(bytes: number): string {
  const units = ['B', 'kB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${unit === 0 || value >= 100 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}

/** Whether a folder holds a run that is still going in another process. */
async function stillRunning(folder: string): Promise<boolean> {
  try {
    const { pid } = JSON.parse(await readFile(join(folder, RUN_MARKER), 'utf8')) as { pid: number };
    return pid !== process.pid && isRunning(pid);
  } catch {
    return false;
  }
}

/** The run folders of `root`, newest first. */
async function runFolders(root: string): Promise<string[]> {
  const names = (await readdir(root, { withFileTypes: true }).catch(() => []))
    .filter((entry) => entry.isDirectory() && RUN_FOLDER.test(entry.name))
    .map((entry) => entry.name)
    .sort()
    .reverse();
  const claimed = await Promise.all(
    names.map(async (name) => ((await lstat(join(root, name, RUN_MARKER)).catch(() => undefined)) ? name : '')),
  );
  return claimed.filter(Boolean).map((name) => join(root, name));
}

/** Removes the run folders of `root` beyond the newest `keep` (never `current`, nor a run still going); the removed. */
export async function keepNewestRuns(root: string, keep: number, current: string): Promise<string[]> {
  const older = (await runFolders(root)).filter((folder) => folder !== current).slice(Math.max(0, keep - 1));
  const removed: string[] = [];
  for (const folder of older) {
    if (await stillRunning(folder)) continue;
    await rm(folder, { recursive: true, force: true });
    removed.push(folder);
  }
  return removed;
}

/**
 * The run's closing line: the size of its reports, and with `keep` (a run under the default
 * root) the older runs removed. `Reports size: 15.8 MB (kept the newest 10 runs under reports/out; 1 older removed)`.
 */
export async function retentionLine(reportDir: string, keep: number | undefined): Promise<string> {
  const size = formatSize(await folderSize(reportDir));
  if (keep === undefined) return `Reports size: ${size}\n`;
  const root = dirname(reportDir);
  const removed = await keepNewestRuns(root, keep, reportDir);
  const shown = `${basename(dirname(root))}/${basename(root)}`;
  return (
    `Reports size: ${size} (kept the newest ${keep} run${keep === 1 ? '' : 's'} under ${shown}` +
    `${removed.length ? `; ${removed.length} older removed` : ''})\n`
  );
}
