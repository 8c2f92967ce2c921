import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { claimReportDir, linkLatest, newRunId, releaseReportDir, RUN_MARKER } from './report-dir.js';

describe('report folders', () => {
  it('run ids sort by time and fit an Idempotency-Key prefix', () => {
    const a = newRunId(new Date('2025-01-02T03:04:05.678Z'));
    expect(a).toMatch(/^20250102T030405Z-[0-9a-f]{4}$/);
    expect(a).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(newRunId(new Date('2025-01-02T03:04:06Z')) > a).toBe(true);
  });

  it('latest follows the newest run', async () => {
    const root = mkdtempSync(join(tmpdir(), 'latest-'));
    try {
      for (const run of ['run-1', 'run-2']) {
        const dir = join(root, run);
        await linkLatest(dir);
        writeFileSync(join(dir, 'summary.json'), run);
      }
      expect(readFileSync(join(root, 'latest', 'summary.json'), 'utf8')).toBe('run-2');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('a report folder belongs to one run', () => {
  const fresh = () => {
    const dir = mkdtempSync(join(tmpdir(), 'claim-'));
    return { dir, done: () => rmSync(dir, { recursive: true, force: true }) };
  };

  it('is claimed by the first run; a second, running or ended, is refused with E_REPORT_DIR_IN_USE', async () => {
    const { dir, done } = fresh();
    try {
      await claimReportDir(dir, 'first', new Date('2026-01-01T00:00:00Z'));
      expect(JSON.parse(readFileSync(join(dir, RUN_MARKER), 'utf8'))).toMatchObject({
        runId: 'first',
        pid: process.pid,
      });
      await expect(claimReportDir(dir, 'second')).rejects.toMatchObject({
        code: 'E_REPORT_DIR_IN_USE',
        exitCode: 2,
        message: expect.stringContaining('run first, started 2026-01-01T00:00:00.000Z'),
      });
    } finally {
      done();
    }
  });

  it('two runs claiming at once: exactly one wins', async () => {
    const { dir, done } = fresh();
    try {
      const claims = await Promise.allSettled([claimReportDir(dir, 'a'), claimReportDir(dir, 'b')]);
      expect(claims.filter((c) => c.status === 'fulfilled')).toHaveLength(1);
    } finally {
      done();
    }
  });

  it("refuses a folder that holds an earlier run's reports without a claim", async () => {
    const { dir, done } = fresh();
    try {
      writeFileSync(join(dir, 'summary.json'), '{}');
      await expect(claimReportDir(dir, 'next')).rejects.toMatchObject({ code: 'E_REPORT_DIR_IN_USE' });
    } finally {
      done();
    }
  });

  it('is given back by a run that wrote no reports', async () => {
    const { dir, done } = fresh();
    try {
      await claimReportDir(dir, 'short');
      const journal = join(dir, 'exchanges.ndjson');
      writeFileSync(journal, '');
      await releaseReportDir(dir, journal);
      expect(existsSync(join(dir, RUN_MARKER))).toBe(false);
      expect(existsSync(journal)).toBe(false);
      mkdirSync(dir, { recursive: true });
      await expect(claimReportDir(dir, 'again')).resolves.toBeUndefined();
    } finally {
      done();
    }
  });
});
