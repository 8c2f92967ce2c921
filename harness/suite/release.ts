/**
 * Requests made to overlap: released one by one in the order a fast-check scheduler draws, a
 * drawn gap before each, as one race (their rate-budget tokens reserved at once, so pacing does
 * not space them out). The scheduler's order and the gaps are part of the drawn input, so a
 * seed and path release them the same way again; where the target puts each request among the
 * others is its own doing, and the exchanges' times say what overlapped.
 */
import type fc from 'fast-check';
import { asRace, type ApiRequest } from '../client/index.js';
import type { Exchange } from '../model.js';
import type { CheckContext } from './context.js';
import { realClock, type PollDeps } from './poll.js';
import type { Timed } from './serial.js';

export interface Release {
  scheduler: fc.Scheduler;
  /** Milliseconds before each release, in release order (missing ones are 0). */
  gaps: readonly number[];
}

/** When the exchange was in flight, in ms on the client's clock (an exchange never sent spans no time). */
export function timeOf(ex: Exchange): Timed {
  const start = ex.startedAt === undefined ? Number.NaN : Date.parse(ex.startedAt);
  return { start, end: start + ex.durationMs };
}

/** Sends `reqs` as `release` draws; the exchanges in input order. */
export async function sendReleased(
  t: CheckContext,
  reqs: readonly ApiRequest[],
  release: Release,
  clock: PollDeps = realClock,
): Promise<Exchange[]> {
  const { scheduler, gaps } = release;
  const raced = asRace(reqs);
  // The scheduler is given each request's position and label only: its report (in a counterexample) stays short.
  const sends = raced.map((req, i) =>
    scheduler.schedule(Promise.resolve(i), req.label ?? `${req.method} ${req.path}`).then((n) => t.send(raced[n]!)),
  );
  let released = 0;
  await scheduler.waitFor(Promise.all(sends), async (go) => {
    await clock.sleep(gaps[released++] ?? 0);
    await go();
  });
  return Promise.all(sends);
}
