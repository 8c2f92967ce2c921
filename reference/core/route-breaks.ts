/**
 * What a fault generated for one route (faults/operations/) breaks where the core decides, asked
 * with the route in hand: `broken('gate', route)`. The faults that only change an answer on its
 * way out (a success status, a content type, a 429) are rewrites and never asked for here.
 */
import type { Route } from '../types.js';

export type RouteBreak =
  /** A request without a key is served as the approved account. */
  | 'keyless'
  /** A request with an unknown key is served as the approved account. */
  | 'invalidKey'
  /** The route's approval gate lets any account through. */
  | 'gate'
  /** An ungated route refuses a valid key whose account has no approval. */
  | 'ungated'
  /** The route's service failures come in the other family's error shape. */
  | 'envelope'
  /** A body over the size limit is handled instead of refused with 413. */
  | 'bodySize'
  /** A body in any media type is read as JSON instead of refused with 415. */
  | 'mediaType'
  /** A malformed JSON body is answered 422 instead of 400. */
  | 'malformedJson';

/** Whether the fault switched on breaks `what` on `route`. */
export type Broken = (what: RouteBreak, route: Route) => boolean;
