/**
 * A hard bound on the requests one run sends. The smoke profile promises at most
 * SMOKE_MAX_REQUESTS a run (a 15-minute schedule within a monthly quota), so the request past
 * the bound is refused before it leaves the process, and the check that asked for it fails
 * saying so, instead of the run quietly spending the target's quota.
 */
import type { Client } from './client/index.js';
import type { RunProfile } from './run-config.js';

/** Requests a smoke run may send. */
export const SMOKE_MAX_REQUESTS = 10;

/** Per-run request bound of each run profile; absent means unbounded (the time bounds still hold). */
export const REQUEST_CAPS: Partial<Record<RunProfile, number>> = { smoke: SMOKE_MAX_REQUESTS };

/** The request past the run's bound: never sent. */
export class RequestCapExceeded extends Error {
  readonly code = 'E_REQUEST_CAP' as const;
  constructor(readonly cap: number, readonly runProfile: string, method: string, path: string) {
    super(
      `refused ${method} ${path.split('?')[0]}: the ${runProfile} profile sends at most ${cap} requests a run and this would be request ${cap + 1}; ` +
        `the target was not at fault: trim the checks marked profiles ['${runProfile}'] in suites/ so they fit the budget`,
    );
    this.name = 'RequestCapExceeded';
  }
}

/** `client` with at most `cap` requests handed to the network; refusals by the client itself do not count. */
export function capRequests(client: Client, cap: number, runProfile: string): Client {
  let reserved = 0;
  const send: Client['send'] = (req) => {
    if (reserved >= cap) return Promise.reject(new RequestCapExceeded(cap, runProfile, req.method, req.path));
    // Reserved before sending, so concurrent sends cannot pass the bound together.
    reserved += 1;
    return client.send(req).catch((err: unknown) => {
      reserved -= 1; // refused before sending (read-only, missing key): nothing left the process
      throw err;
    });
  };
  return { ...client, send, sendConcurrently: (reqs) => Promise.all(reqs.map(send)) };
}

/** The client a run of `runProfile` uses: capped when the profile has a bound. */
export function boundedClient(client: Client, runProfile: RunProfile): Client {
  const cap = REQUEST_CAPS[runProfile];
  return cap === undefined ? client : capRequests(client, cap, runProfile);
}
