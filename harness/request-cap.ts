/**
 * A hard bound on the requests one run sends. A run profile with a `requestCap` (smoke: a
 * 15-minute schedule within a monthly quota) refuses the request past the bound before it
 * leaves the process, and the check that asked for it fails saying so, instead of the run
 * quietly spending the target's quota.
 */
import type { Client } from './client/index.js';
import { runProfile, type RunProfile } from './run-profiles.js';

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

/** The client a run of `profile` uses: capped when the profile has a bound. */
export function boundedClient(client: Client, profile: RunProfile): Client {
  const cap = runProfile(profile).requestCap;
  return cap === undefined ? client : capRequests(client, cap, profile);
}
