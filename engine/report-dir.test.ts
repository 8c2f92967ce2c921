import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { linkLatest, newRunId } from './report-dir.js';

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
