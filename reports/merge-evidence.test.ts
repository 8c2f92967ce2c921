/**
 * Merging the shards of one run: they must share the seed (else their properties drew other
 * inputs), be of the current format, and the merged run is no better than its worst shard.
 */
import { describe, expect, it } from 'vitest';
import type { Evidence } from './evidence.js';
import { mergeEvidence } from './merge-evidence.js';
import { changed } from './testing/certified.js';

const shard = (index: number, change: (e: Evidence) => void = () => {}) =>
  changed((e) => {
    Object.assign(e, { runId: `run-${index}`, scope: { ...e.scope, shard: `${index}/2` } });
    change(e);
  });

describe('mergeEvidence', () => {
  it('merges the shards of one seed into one complete run, naming the key that signed each', () => {
    const merged = mergeEvidence([{ evidence: shard(1), kid: 'key-a' }, { evidence: shard(2) }]);
    expect(merged.scope).toMatchObject({ complete: true, partial: [] });
    expect(merged.scope.shard).toBeUndefined();
    expect(merged.outcome).toBe('passed');
    expect(merged.mergedFrom).toEqual([
      expect.objectContaining({ runId: 'run-1', shard: '1/2', kid: 'key-a' }),
      expect.not.objectContaining({ kid: expect.anything() }),
    ]);
  });

  it('refuses shards of different seeds, naming each', () => {
    const other = shard(2, (e) => Object.assign(e, { scope: { ...e.scope, seed: 7 } }));
    expect(() => mergeEvidence([{ evidence: shard(1) }, { evidence: other }])).toThrow(
      expect.objectContaining({
        code: 'E_EVIDENCE_SEED',
        message: expect.stringMatching(/different seeds \(shard 1\/2: seed 42, shard 2\/2: seed 7\)/),
      }),
    );
  });

  it('refuses evidence of the former format', () => {
    const old = shard(2, (e) => Object.assign(e, { format: 'partner-conformance.evidence/1' }));
    expect(() => mergeEvidence([{ evidence: shard(1) }, { evidence: old }])).toThrow(
      expect.objectContaining({ code: 'E_EVIDENCE_FORMAT' }),
    );
  });

  it('is no better than its worst shard: degraded stays degraded, an untested shard leaves it incomplete', () => {
    const slow = shard(2, (e) => Object.assign(e, { outcome: 'degraded' }));
    expect(mergeEvidence([{ evidence: shard(1) }, { evidence: slow }]).outcome).toBe('degraded');
    const untested = shard(2, (e) => Object.assign(e, { outcome: 'unusable' }));
    expect(mergeEvidence([{ evidence: shard(1) }, { evidence: untested }]).outcome).toBe('incomplete');
  });
});
