/** Run ids and report folders: `reports/out/<run-id>/`, with `reports/out/latest` beside it. */
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, cp, mkdir, rm, symlink } from 'node:fs/promises';
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
