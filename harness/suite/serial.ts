/**
 * A serial explanation of requests that overlapped in time (linearizability, after Wing and
 * Gong): the answers are right when some order of the same requests, one at a time, would give
 * each of them, and that order keeps every request after those that had answered before it was
 * sent. A model says what one request's answer may leave a state in; the search tries the
 * orders the timing allows, and reports the closest it came when none explains them all.
 */

/** When a request was in flight, as the client saw it (ms): it was handled somewhere inside. */
export interface Timed {
  start: number;
  end: number;
}

/** Why an answer cannot be the next one from a state: the rule it breaks there, as a violation says it. */
export interface Misfit {
  rule: string;
  expected: string;
  observed: string;
}

/** What an answer may leave the state in (one or more states), or why it cannot come next. */
export type Step<S> = { next: readonly S[] } | { misfit: Misfit };

export interface SerialModel<S, Op extends Timed> {
  /** The states `op`'s answer leaves `state` in, or why no serial execution from `state` gives that answer. */
  step(state: S, op: Op, index: number): Step<S>;
  /**
   * States `state` may move on to with no request at all (an asynchronous outcome that shows
   * later); none by default. Tried before every request, in any number.
   */
  later?(state: S): readonly S[];
  /** A state's identity, to try each state once per point of the search; default its JSON. */
  key?(state: S): string;
}

export type SerialVerdict<S> =
  | {
      explained: true;
      /** One order that explains every answer (indexes into the requests). */
      order: number[];
      /** The states every explaining order ends in, with what may still show later. */
      finals: S[];
    }
  | {
      explained: false;
      /** The longest prefix of an order that explains its answers. */
      order: number[];
      /** The request that could not come next, and why (the first such in the search). */
      at: number;
      misfit: Misfit;
    };

/** Milliseconds a request must have answered before another left for it to count as earlier (clock rounding). */
const PRECEDENCE_MARGIN_MS = 2;

/** Whether request `a` answered before `b` was sent: every serial order keeps `a` first. */
export const answeredBefore = (a: Timed, b: Timed): boolean => a.end + PRECEDENCE_MARGIN_MS <= b.start;

/** Whether any two of `ops` were in flight together (neither answered before the other was sent). */
export function overlapped(ops: readonly Timed[]): boolean {
  return ops.some((a, i) => ops.some((b, j) => j > i && !answeredBefore(a, b) && !answeredBefore(b, a)));
}

/** A model that left a request no state to go on from without saying why (a defect of the model). */
const NO_STATE: Misfit = { rule: '', expected: 'a state the answer leaves', observed: 'none' };

/** Every state reachable from `state` through `later` steps, `state` first. */
function closure<S>(state: S, model: SerialModel<S, Timed>, key: (s: S) => string): S[] {
  const seen = new Map<string, S>([[key(state), state]]);
  const queue = [state];
  for (let current = queue.shift(); current !== undefined; current = queue.shift()) {
    for (const next of model.later?.(current) ?? []) {
      const id = key(next);
      if (seen.has(id)) continue;
      seen.set(id, next);
      queue.push(next);
    }
  }
  return [...seen.values()];
}

/**
 * Searches the serial orders of `ops` the timing allows for one that explains every answer
 * from `initial`. Orders are tried earliest-sent first, so the first explanation (and the
 * closest miss) reads like the timeline.
 */
export function explainSerially<S, Op extends Timed>(
  ops: readonly Op[],
  initial: S,
  model: SerialModel<S, Op>,
): SerialVerdict<S> {
  const key = model.key ?? ((s: S) => JSON.stringify(s));
  const byStart = ops.map((_, i) => i).sort((a, b) => ops[a]!.start - ops[b]!.start || a - b);
  const before = ops.map((op) => ops.flatMap((other, j) => (answeredBefore(other, op) ? [j] : [])));
  const finals = new Map<string, S>();
  const tried = new Set<string>();
  let found: number[] | undefined;
  let closest: { order: number[]; at: number; misfit: Misfit } | undefined;

  const search = (state: S, done: readonly number[]): void => {
    const memo = `${[...done].sort((a, b) => a - b).join(',')}|${key(state)}`;
    if (tried.has(memo)) return;
    tried.add(memo);
    const states = closure(state, model as SerialModel<S, Timed>, key);
    if (done.length === ops.length) {
      found ??= [...done];
      for (const s of states) finals.set(key(s), s);
      return;
    }
    const ready = byStart.filter((i) => !done.includes(i) && before[i]!.every((j) => done.includes(j)));
    for (const s of states)
      for (const i of ready) {
        const step = model.step(s, ops[i]!, i);
        if ('misfit' in step) {
          if (!closest || done.length > closest.order.length)
            closest = { order: [...done], at: i, misfit: step.misfit };
          continue;
        }
        for (const next of step.next) search(next, [...done, i]);
      }
  };

  search(initial, []);
  if (found) return { explained: true, order: found, finals: [...finals.values()] };
  return { explained: false, ...(closest ?? { order: [], at: byStart[0]!, misfit: NO_STATE }) };
}
