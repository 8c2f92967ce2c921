/**
 * What an accepted session answer shows of its request (2.6): the external_id echoed as sent,
 * and an X-Request-Id. The family's checks and the oracle over the run (suites/run-wide/) hold
 * every 200 of the run to these, whichever check or step sent it.
 */
import type { BoundChecks } from '../../harness/checks/bound.js';
import type { Exchange } from '../../harness/suite/index.js';

/** SESSIONS-EXTERNAL-ID-ECHO: the answer's external_id is the request's, character for character. */
export function expectExternalIdEchoed(expect: BoundChecks, ex: Exchange, sent: unknown): void {
  const echoed = (ex.response?.json as { external_id?: unknown } | undefined)?.external_id;
  expect.that(ex, {
    holds: echoed === sent,
    title: 'external_id not echoed as sent',
    expected: `external_id ${JSON.stringify(sent)} (the request's)`,
    observed: `external_id ${JSON.stringify(echoed)}`,
  });
}

/** SESSIONS-REQUEST-ID: a session answer carries a non-empty X-Request-Id. */
export function expectRequestId(expect: BoundChecks, ex: Exchange): void {
  expect.header(ex, { name: 'X-Request-Id', value: /\S/ });
}
