/**
 * Requests made to overlap, from a check: released one by one in the order a drawn fast-check
 * scheduler picks, a drawn gap before each, as one race (harness/client/race.ts). The order and
 * the gaps are part of the drawn input, so a seed and path release them the same way again;
 * where the target puts each request among the others is its own doing, and the exchanges'
 * times say what overlapped.
 */
import { sendReleased as sendRace, type ApiRequest, type Release } from '../client/index.js';
import type { Exchange } from '../model.js';
import type { CheckContext } from './context.js';
import { realClock, type PollDeps } from './poll.js';
import type { Timed } from './serial.js';

/** When the exchange was in flight, in ms on the client's clock (an exchange never sent spans no time). */
export function timeOf(ex: Exchange): Timed {
  const start = ex.startedAt === undefined ? Number.NaN : Date.parse(ex.startedAt);
  return { start, end: start + ex.durationMs };
}

/** Sends `reqs` as `release` draws, each through the check's `send`; the exchanges in input order. */
export function sendReleased(
  t: CheckContext,
  reqs: readonly ApiRequest[],
  release: Release,
  clock: PollDeps = realClock,
): Promise<Exchange[]> {
  return sendRace(
    (req) => t.send(req),
    reqs,
    release,
    (ms) => clock.sleep(ms),
  );
}
