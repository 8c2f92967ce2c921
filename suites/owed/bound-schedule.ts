/**
 * Which bounds a run sends (bounds.ts), within the run profile's bound budget: the operations
 * that owe the check share the run's requests, each one at least when the budget allows, the
 * rest by weight (the turns an operation's members need to cover every bound), and each
 * operation's requests are its next turns: run `seed` takes up where run `seed - 1` stopped,
 * so consecutive seeds cover every bound of every operation, and any one seed replays its own.
 * An operation's turns alternate: a request with every member inside a bound (a different value
 * of each at each turn), then one with one member outside one bound (the next in order).
 */

/** The turns of one operation in one run: the first one's number, and how many. */
export interface Turns {
  first: number;
  count: number;
}

/** A smooth weighted round robin (as nginx balances upstreams): each index `weights[i]` times a period, spread out. */
export function weightedSequence(weights: readonly number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  const current = weights.map(() => 0);
  const out: number[] = [];
  for (let n = 0; n < total; n += 1) {
    for (let i = 0; i < weights.length; i += 1) current[i]! += weights[i]!;
    const best = current.indexOf(Math.max(...current));
    current[best]! -= total;
    out.push(best);
  }
  return out;
}

/** How often `index` sits in the first `position` places of the endless repetition of `sequence`. */
function placesBefore(sequence: readonly number[], index: number, position: number): number {
  const whole = Math.floor(position / sequence.length);
  const own = sequence.filter((i) => i === index).length;
  return whole * own + sequence.slice(0, position % sequence.length).filter((i) => i === index).length;
}

/**
 * The turns operation `index` (of those weighted `weights`, each at least 1) takes in run `seed`
 * of a budget of `budget` requests: one each and the rest by weight when the budget covers every
 * operation, no operation more than `most` (a check's requests must end within its time); else
 * the operations take the budget's requests in turn, run after run.
 */
export function turnsOf(weights: readonly number[], index: number, budget: number, seed: number, most = budget): Turns {
  const n = weights.length;
  const s = seed >>> 0;
  if (budget <= 0 || n === 0) return { first: 0, count: 0 };
  if (budget < n) {
    // The run's requests are slots s·budget … (s+1)·budget - 1 of a round robin over the operations.
    const start = s * budget;
    const firstSlot = start + ((((index - start) % n) + n) % n);
    const count = firstSlot < start + budget ? Math.floor((start + budget - 1 - firstSlot) / n) + 1 : 0;
    return { first: Math.floor(firstSlot / n), count };
  }
  // The requests beyond one each, as many as keep the heaviest operation's share within `most`.
  const total = weights.reduce((a, b) => a + b, 0);
  const extra = Math.max(0, Math.min(budget - n, Math.floor(((most - 2) * total) / Math.max(...weights))));
  const sequence = weightedSequence(weights);
  const before = placesBefore(sequence, index, s * extra);
  const through = placesBefore(sequence, index, (s + 1) * extra);
  return { first: s + before, count: 1 + through - before };
}

/** One request of an operation's turns: every member inside a bound (group `n`), or one member outside (case `n`). */
export type Probe = { side: 'inside'; group: number } | { side: 'outside'; case: number };

/** What turn `turn` of an operation with `groups` inside groups and `outside` outside cases sends. */
export function probeAt(turn: number, groups: number, outside: number): Probe {
  if (outside === 0) return { side: 'inside', group: turn };
  if (groups === 0) return { side: 'outside', case: turn % outside };
  return turn % 2 === 0 ? { side: 'inside', group: turn / 2 } : { side: 'outside', case: ((turn - 1) / 2) % outside };
}

/** The turns an operation needs before it has sent every inside group and every outside case at least once. */
export function turnsToCover(groups: number, outside: number): number {
  if (outside === 0) return groups;
  if (groups === 0) return outside;
  return Math.max(2 * groups - 1, 2 * outside);
}

/** `items` with their groups (by `key`) taken in turn: the first of each group, then the second of each, and so on. */
export function inTurnsBy<T>(items: readonly T[], key: (item: T) => string): T[] {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  const lists = [...groups.values()];
  const longest = Math.max(0, ...lists.map((l) => l.length));
  return Array.from({ length: longest }, (_, i) => lists.flatMap((l) => (i < l.length ? [l[i]!] : []))).flat();
}
