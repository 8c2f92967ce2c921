/**
 * Requests sent as a race (idempotency in-progress checks): marked so the pacing interceptor
 * reserves their tokens at once and they leave together, at any tier whose burst holds them.
 */
import type { Exchange } from '../model.js';
import type { ApiRequest } from './types.js';

let races = 0;

/**
 * Marks paced requests as one race; unpaced ones (deliberate bursts) are left as they are. The
 * members may then leave at once or, released one by one, each as soon as it is released.
 */
export function asRace(reqs: readonly ApiRequest[]): ApiRequest[] {
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
