import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sampleInfo, sampleSummary } from '../../reports/testing/sample.js';
import { historyFile, readHistory, recordOf, writeHistory } from './history-store.js';

const dir = mkdtempSync(join(tmpdir(), 'history-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the history store', () => {
  it('keeps one record per target and run profile; two targets of one name stay apart', () => {
    const a = historyFile(dir, { name: 'production', baseUrl: 'https://a.example' }, 'smoke');
    const b = historyFile(dir, { name: 'production', baseUrl: 'https://b.example' }, 'smoke');
    expect(a).not.toBe(b);
    expect(a).toMatch(/production-smoke-[0-9a-f]{8}\.json$/);
    expect(historyFile(dir, { name: 'production', baseUrl: 'https://a.example' }, 'conformance')).not.toBe(a);
  });

  it("writes a run's conditions and reads them back for the next run", async () => {
    const summary = sampleSummary(sampleInfo({ history: {} }));
    const file = historyFile(dir, summary.target, summary.runProfile);
    await writeHistory(file, recordOf(summary));
    const read = await readHistory(file, () => undefined);
    expect(read?.runId).toBe(summary.runId);
    expect(read?.conditions.map((c) => c.key)).toEqual(['rule:ISSUERS-ORDER']);
  });

  it('reads no record where there is none, and says so of a file that is not one', async () => {
    const said: string[] = [];
    expect(await readHistory(join(dir, 'none.json'), (l) => said.push(l))).toBeUndefined();
    expect(said).toEqual([]);
    writeFileSync(join(dir, 'junk.json'), '{"not": "a record"}');
    expect(await readHistory(join(dir, 'junk.json'), (l) => said.push(l))).toBeUndefined();
    expect(said[0]).toMatch(/is not a history record of this suite/);
  });
});
