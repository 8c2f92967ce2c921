import { describe, expect, it } from 'vitest';
import { inTurnsBy, probeAt, turnsOf, turnsToCover, weightedSequence } from './bound-schedule.js';

/** Every operation's turns over `runs` consecutive seeds from `from`. */
function schedule(weights: number[], budget: number, runs: number, from = 1, most?: number) {
  return weights.map((_, i) => Array.from({ length: runs }, (_, r) => turnsOf(weights, i, budget, from + r, most)));
}

describe('the bound budget of a run', () => {
  it('is shared by weight, each index as often as its weight in a period, spread out', () => {
    const seq = weightedSequence([5, 1, 1]);
    expect(seq).toHaveLength(7);
    expect([0, 1, 2].map((i) => seq.filter((x) => x === i).length)).toEqual([5, 1, 1]);
    // Spread: the heavy index never takes more than three places in a row.
    expect(seq.join('')).not.toMatch(/0000/);
  });

  it('gives every operation a turn each run, spends no more than the budget, and no check more than its most', () => {
    const weights = [110, 74, 60, 12, 10, 6, 4, 2, 2, 1];
    for (const [budget, most] of [
      [15, 30],
      [120, 30],
    ] as const) {
      const all = schedule(weights, budget, 40, 1, most);
      for (let r = 0; r < 40; r += 1) {
        const counts = all.map((runs) => runs[r]!.count);
        expect(counts.every((c) => c >= 1 && c <= most)).toBe(true);
        expect(counts.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(budget);
      }
    }
    // The conformance budget: ten operations, one each and five by weight.
    expect(schedule(weights, 15, 1)[0]![0]!.count).toBeGreaterThan(1);
  });

  it('takes up each run where the seed before stopped, so consecutive seeds send every turn once', () => {
    const weights = [9, 3, 1];
    for (const budget of [2, 5, 12]) {
      for (const runs of schedule(weights, budget, 30)) {
        for (let r = 1; r < runs.length; r += 1) expect(runs[r]!.first).toBe(runs[r - 1]!.first + runs[r - 1]!.count);
      }
    }
  });

  it('below one request an operation, hands the budget round: each in turn, none twice before the rest', () => {
    const all = schedule([1, 1, 1, 1, 1], 2, 10, 0);
    const perRun = Array.from({ length: 10 }, (_, r) => all.map((runs) => runs[r]!.count));
    expect(perRun.every((counts) => counts.reduce((a, b) => a + b, 0) === 2)).toBe(true);
    expect(all.map((runs) => runs.reduce((n, t) => n + t.count, 0))).toEqual([4, 4, 4, 4, 4]);
  });

  it('spends nothing without a budget', () => {
    expect(turnsOf([3, 1], 0, 0, 7)).toEqual({ first: 0, count: 0 });
  });
});

describe("an operation's turns", () => {
  it('alternate a request inside every bound with one outside one bound, cycling the outside cases', () => {
    expect([0, 1, 2, 3, 4, 5].map((t) => probeAt(t, 3, 2))).toEqual([
      { side: 'inside', group: 0 },
      { side: 'outside', case: 0 },
      { side: 'inside', group: 1 },
      { side: 'outside', case: 1 },
      { side: 'inside', group: 2 },
      { side: 'outside', case: 0 },
    ]);
    expect(probeAt(4, 0, 3)).toEqual({ side: 'outside', case: 1 });
    expect(probeAt(4, 2, 0)).toEqual({ side: 'inside', group: 4 });
  });

  it('cover every inside group and outside case within turnsToCover', () => {
    for (const [groups, outside] of [
      [3, 2],
      [2, 7],
      [28, 55],
      [0, 4],
      [5, 0],
    ] as const) {
      const sent = Array.from({ length: turnsToCover(groups, outside) }, (_, t) => probeAt(t, groups, outside));
      const insides = new Set(sent.flatMap((p) => (p.side === 'inside' ? [p.group % Math.max(1, groups)] : [])));
      const outsides = new Set(sent.flatMap((p) => (p.side === 'outside' ? [p.case] : [])));
      expect([insides.size, outsides.size]).toEqual([groups, outside]);
    }
  });
});

describe("an operation's outside cases", () => {
  it('take their kinds in turn, keeping each kind in order and every case once', () => {
    const cases = ['enum a', 'enum b', 'enum c', 'max x', 'date y', 'max z'];
    expect(inTurnsBy(cases, (c) => c.split(' ')[0]!)).toEqual([
      'enum a',
      'max x',
      'date y',
      'enum b',
      'max z',
      'enum c',
    ]);
    expect(inTurnsBy([], String)).toEqual([]);
  });
});
