/**
 * Idempotency observations shared by every family with keyed writes (section 8): a replay
 * judged rule by rule, and a stored 5xx replayed. Each family builds its own request.
 */
import type { ApiRequest } from '../client/index.js';
import type { Exchange } from '../model.js';
import type { CheckContext } from './context.js';

/**
 * `again` repeats `first` (same key, same body): status, body byte for byte and the
 * `Idempotent-Replay: true` flag, each under its own rule so a finding names the one broken.
 */
export function expectReplayRuleByRule(t: CheckContext, first: Exchange, again: Exchange): void {
  t.expect.rules('IDEMP-REPLAY-STATUS').status(again, first.response!.status);
  t.expect.rules('IDEMP-REPLAY-BODY-VERBATIM').that(again, {
    holds: again.response?.body === first.response!.body,
    title: 'replay body differs',
    expected: `the first body verbatim: ${first.response!.body.slice(0, 300)}`,
    observed: () => (again.response?.body ?? '(no response)').slice(0, 300),
  });
  t.expect.rules('IDEMP-REPLAY-HEADER').header(again, { name: 'Idempotent-Replay', value: 'true' });
}

/**
 * Sends `req` (keyed, carrying the `serverErrorExternalId` fixture, which makes the target fail
 * with a stored 500), expects the 5xx, then sends it again and expects a verbatim replay.
 * A real client follows the contract's retry rule instead: after a 5xx it retries with a fresh key.
 */
export async function expectStoredFailureReplayed(t: CheckContext, req: ApiRequest): Promise<void> {
  const first = await t.send({ ...req, label: 'first call' });
  const status = first.response?.status;
  t.expect.that(first, {
    holds: status !== undefined && status >= 500,
    title: 'the serverErrorExternalId fixture did not fail',
    expected: 'a 5xx for the serverErrorExternalId fixture (check the fixture in the target profile)',
    observed: `status ${status ?? first.error}`,
  });
  const again = await t.send({ ...req, label: 'same key again' });
  t.expect.replayOf(again, { original: first });
}
