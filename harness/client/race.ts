/**
 * Requests sent as a race (idempotency in-progress checks): marked so the pacing interceptor
 * reserves their tokens at once and they leave together, at any tier whose burst holds them.
 */
import type fc from 'fast-check';
import type { Exchange } from '../model.js';
import type { ApiRequest } from './types.js';

let races = 0;

/**
 * Marks paced requests as one race; unpaced ones (deliberate bursts) are left as they are. The
 * members may then leave at once or, released one by one, each as soon as it is released.
 */
function asRace(reqs: readonly ApiRequest[]): ApiRequest[] {
  const paced = reqs.filter((r) => !r.unpaced).length;
  if (paced < 2) return [...reqs];
  const together = { id: `race-${++races}`, size: paced };
  return reqs.map((r) => (r.unpaced ? r : { ...r, together }));
}

/**
 * Sends `reqs` at once through `send`, as one race; exchanges in input order. The one way
 * requests go out together: the client and a check's context both send concurrently with it.
 */
export function sendConcurrently(
  send: (req: ApiRequest) => Promise<Exchange>,
  reqs: readonly ApiRequest[],
): Promise<Exchange[]> {
  return Promise.all(asRace(reqs).map(send));
}

/** How an overlap's requests are released: the order a drawn fast-check scheduler picks, a gap before each. */
export interface Release {
  scheduler: fc.Scheduler;
  /** Milliseconds before each release, in release order (missing ones are 0). */
  gaps: readonly number[];
}

/**
 * Sends `reqs` as one race released one by one as `release` draws (`sleep` waits each gap); the
 * exchanges in input order. The scheduler sees each request's position and label only, so its
 * report (printed with a counterexample) stays short.
 */
export async function sendReleased(
  send: (req: ApiRequest) => Promise<Exchange>,
  reqs: readonly ApiRequest[],
  { scheduler, gaps }: Release,
  sleep: (ms: number) => Promise<void>,
): Promise<Exchange[]> {
  const raced = asRace(reqs);
  const sends = raced.map((req, i) =>
    scheduler.schedule(Promise.resolve(i), req.label ?? `${req.method} ${req.path}`).then((n) => send(raced[n]!)),
  );
  let released = 0;
  await scheduler.waitFor(Promise.all(sends), async (go) => {
    await sleep(gaps[released++] ?? 0);
    await go();
  });
  return Promise.all(sends);
}
