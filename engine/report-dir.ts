/** Run ids and report folders: `reports/out/<run-id>/`, with `reports/out/latest` beside it. */
import { randomBytes } from 'node:crypto';
import { cp, mkdir, rm, symlink } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';

/** `20250101T120000Z-1a2b`: sorts by time, and fits an Idempotency-Key prefix (A-Z a-z 0-9 - _). */
export function newRunId(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
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
