/**
 * A hard bound on the requests one client (one run) hands to the network. The request past the
 * bound is refused by throwing RequestCapExceeded before undici sees it, so it never leaves the
 * process and the check that asked for it fails saying so, instead of the run quietly spending
 * the target's quota. It sits inside the read-only guard: a request refused there is not counted.
 */
import type { Dispatcher } from 'undici';
import { RequestCapExceeded } from '../errors.js';

export interface RequestCapOptions {
  /** Requests the run may send (its run profile's `requestCap`). */
  max: number;
  /** The run profile, named in the refusal. */
  runProfile: string;
}

/** Requests the cap has let through so far (shared with the client, which tells what is left). */
export interface CapCount {
  sent: number;
}

/** Interceptor factory: counts requests as they are dispatched and refuses the one past `max`. */
export function requestCap(options: RequestCapOptions, count: CapCount = { sent: 0 }) {
  return (dispatch: Dispatcher.Dispatch): Dispatcher.Dispatch =>
    function requestCapDispatch(opts, handler) {
      if (count.sent >= options.max)
        throw new RequestCapExceeded(options.max, options.runProfile, opts.method, opts.path);
      count.sent += 1;
      return dispatch(opts, handler);
    };
}
