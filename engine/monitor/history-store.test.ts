import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sampleInfo, sampleSummary } from '../../reports/testing/sample.js';
import { HISTORY_DEPTH } from '../../reports/monitor/history.js';
import { historyFile, readHistory, recordOf, TOLD_EVERYWHERE, writeHistory } from './history-store.js';

const dir = mkdtempSync(join(tmpdir(), 'history-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the history store', () => {
  it('keeps one record per target (its name) and run profile: a moved base URL keeps its history', () => {
    const a = historyFile(dir, { name: 'production' }, 'smoke');
    expect(a).toMatch(/production-smoke-[0-9a-f]{8}\.json$/);
    expect(historyFile(dir, { name: 'production' }, 'conformance')).not.toBe(a);
    expect(historyFile(dir, { name: 'production/x' }, 'smoke')).not.toBe(
      historyFile(dir, { name: 'production_x' }, 'smoke'),
    );
  });

  it("writes a run's conditions and what each destination heard, and reads them back for the next run", async () => {
    const summary = sampleSummary(sampleInfo({ history: {} }));
    const file = historyFile(dir, summary.target, summary.runProfile);
    const told = { 'x:json:0': { 'rule:ISSUERS-ORDER': { title: 't', route: 'contract' as const, at: 'now' } } };
    await writeHistory(file, recordOf(summary, undefined, told));
    const read = await readHistory(file, () => undefined);
    expect(read?.runs.map((r) => r.runId)).toEqual([summary.runId]);
    expect(read?.conditions.map((c) => c.key)).toEqual(['rule:ISSUERS-ORDER']);
    expect(read?.told).toEqual(told);
  });

  it('keeps the last runs only, up to what alert-after may count', async () => {
    let previous: Awaited<ReturnType<typeof readHistory>>;
    for (let i = 0; i < HISTORY_DEPTH + 3; i += 1)
      previous = recordOf(sampleSummary(sampleInfo({ runId: `r${i}`, history: {} })), previous, {});
    expect(previous!.runs).toHaveLength(HISTORY_DEPTH);
    expect(previous!.runs.at(-1)!.runId).toBe(`r${HISTORY_DEPTH + 2}`);
  });

  it('reads a record of the first format as told to every destination: its conditions can still resolve', async () => {
    const old = {
      format: 'partner-conformance.history/1',
      target: { name: 'production', baseUrl: 'https://a.example' },
      runProfile: 'smoke',
      runId: 'r0',
      finishedAt: '2025-01-01T00:00:00.000Z',
      exitCode: 4,
      outcome: 'unusable',
      conditions: [{ key: 'exit:4', route: 'network', title: 'exit 4', since: 'x', sinceRunId: 'r0' }],
    };
    writeFileSync(join(dir, 'old.json'), JSON.stringify(old));
    const read = await readHistory(join(dir, 'old.json'), () => undefined);
    expect(read?.conditions[0]).toMatchObject({ key: 'target:down', alerting: true });
    expect(read?.told[TOLD_EVERYWHERE]).toMatchObject({ 'exit:4': { route: 'network' } });
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
