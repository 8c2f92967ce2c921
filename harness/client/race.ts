/**
 * Requests sent as a race (idempotency in-progress checks): marked so the pacing interceptor
 * reserves their tokens at once and they leave together, at any tier whose burst holds them.
 */
import type { ApiRequest } from './types.js';

let races = 0;

/** Marks paced requests as one race; unpaced ones (deliberate bursts) are left as they are. */
export function asRace(reqs: readonly ApiRequest[]): ApiRequest[] {
  const paced = reqs.filter((r) => !r.unpaced).length;
  if (paced < 2) return [...reqs];
  const together = { id: `race-${++races}`, size: paced };
  return reqs.map((r) => (r.unpaced ? r : { ...r, together }));
}
