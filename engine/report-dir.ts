/** Run ids and report folders: `reports/out/<run-id>/`, with `reports/out/latest` beside it. */
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, cp, mkdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { ConfigError } from '../harness/errors.js';
import { basename, dirname, join, resolve } from 'node:path';

/** `20250101T120000Z-1a2b`: sorts by time, and fits an Idempotency-Key prefix (A-Z a-z 0-9 - _). */
export function newRunId(now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `${stamp}-${randomBytes(2).toString('hex')}`;
}

export function defaultReportDir(runId: string, cwd = process.cwd()): string {
  return resolve(cwd, 'reports', 'out', runId);
}

/**
 * Point `<parent>/latest` at the run's folder: a relative symlink, or a copy where symlinks
 * are not allowed (some Windows setups).
 */
export async function linkLatest(reportDir: string): Promise<string> {
  const latest = join(dirname(reportDir), 'latest');
  await mkdir(reportDir, { recursive: true });
  await rm(latest, { recursive: true, force: true });
  try {
    await symlink(basename(reportDir), latest, 'dir');
  } catch {
    await cp(reportDir, latest, { recursive: true });
  }
  return latest;
}

/** The report folder exists (created if need be) and is writable: told before the first request, not after the run. */
export async function ensureWritableDir(reportDir: string): Promise<void> {
  try {
    await mkdir(reportDir, { recursive: true });
    await access(reportDir, constants.W_OK);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? String(err);
    const why =
      code === 'EEXIST' || code === 'ENOTDIR'
        ? 'it, or a folder on its path, is a file'
        : code === 'EACCES' || code === 'EPERM' || code === 'EROFS'
          ? 'it is not writable'
          : code;
    throw new ConfigError('E_REPORT_DIR_UNWRITABLE', `--report-dir ${reportDir} cannot hold the reports: ${why}`);
  }
}

/** The file that says which run a report folder belongs to; written first, kept after the run. */
export const RUN_MARKER = 'run.json';

interface RunMarker {
  runId: string;
  pid: number;
  startedAt: string;
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/** Whether process `pid` is alive (signal 0 probes it). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function owner(reportDir: string): Promise<string> {
  try {
    const marker = JSON.parse(await readFile(join(reportDir, RUN_MARKER), 'utf8')) as RunMarker;
    const state =
      marker.pid !== process.pid && isRunning(marker.pid) ? `still running (process ${marker.pid})` : 'ended';
    return `run ${marker.runId}, started ${marker.startedAt}, ${state}`;
  } catch {
    return 'an earlier run';
  }
}

/**
 * Claims the report folder for one run: a folder that holds another run's reports, or is being
 * written by one, is refused (E_REPORT_DIR_IN_USE) before any request, so no run's reports are
 * overwritten by the next one's. The claim is an exclusive create, so two runs started at once
 * cannot both win it.
 */
export async function claimReportDir(reportDir: string, runId: string, now = new Date()): Promise<void> {
  const refuse = async () =>
    new ConfigError(
      'E_REPORT_DIR_IN_USE',
      `--report-dir ${reportDir} holds the reports of ${await owner(reportDir)}; a second run into it ` +
        `would overwrite them`,
    );
  if (await exists(join(reportDir, 'summary.json'))) throw await refuse();
  const marker: RunMarker = { runId, pid: process.pid, startedAt: now.toISOString() };
  try {
    await writeFile(join(reportDir, RUN_MARKER), `${JSON.stringify(marker)}\n`, { flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') throw await refuse();
    throw err;
  }
}

/** Gives the folder back (the run wrote no reports): its claim and its journal are removed. */
export async function releaseReportDir(reportDir: string, journal: string): Promise<void> {
  await rm(join(reportDir, RUN_MARKER), { force: true });
  await rm(journal, { force: true });
}
