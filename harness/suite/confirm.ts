/**
 * Confirmation before failure, the way synthetic monitors do it (a retry after a pause, only
 * the last attempt counted): a check that fails on a transport cause or a 5xx is run once more
 * after the run profile's pause, within its confirmation budget (RUN_PROFILES `confirm`). A
 * second failure is `confirmed` and fails the run; a second attempt that does not fail makes
 * the first `transient`, reported but not failing. Any other failure (a wrong status, a broken
 * shape) is final at once: the target answered, and answered wrong.
 */
import type { Exchange, Finding } from '../model.js';
import { BUDGET_TIMEOUT } from '../client/index.js';
import type { TargetContext } from '../target.js';
import type { Outcome } from './outcome.js';
import { realClock, type PollDeps } from './poll.js';
import { runCheck, type CheckSpec } from './run-check.js';

/** An exchange that got no answer (the request left: a budget wait is not the target's), or a 5xx. */
function transientCause(exchange: Exchange): boolean {
  if (exchange.response) return exchange.response.status >= 500;
  return exchange.error !== undefined && exchange.error !== BUDGET_TIMEOUT;
}

/** A failed check one of whose exchanges got no answer or a 5xx: worth trying once more. */
export function confirmable(finding: Finding): boolean {
  return finding.verdict === 'failed' && finding.exchanges.some(transientCause);
}

const firstAttempt = (finding: Finding): NonNullable<Finding['confirmation']>['first'] => ({
  ...(finding.observed !== undefined ? { observed: finding.observed } : {}),
  ...(finding.message !== undefined ? { message: finding.message } : {}),
  exchanges: finding.exchanges,
});

function unconfirmed(first: Outcome, reason: string): Outcome {
  return {
    ...first,
    finding: { ...first.finding, confirmation: { result: 'unconfirmed', first: firstAttempt(first.finding), reason } },
  };
}

/**
 * One check, confirmed: `runCheck`, and when it fails on a transient cause and the run's
 * budget holds what the failed attempt sent, a pause and a second attempt within what is left
 * of the check's deadline. The second attempt's outcome stands, with the first kept beside it.
 */
export async function runConfirmed(
  spec: CheckSpec,
  target: TargetContext,
  clock: PollDeps = realClock,
): Promise<Outcome> {
  const budget = target.confirmations;
  const started = clock.now();
  const sentBefore = target.client.requestCount();
  const first = await runCheck(spec, target, clock);
  if (!budget || !confirmable(first.finding)) return first;
  const cost = Math.max(1, target.client.requestCount() - sentBefore);
  const timeLeft = spec.timeoutMs - (clock.now() - started) - budget.pauseMs;
  const capLeft = target.client.requestsLeft();
  if (timeLeft <= 0) return unconfirmed(first, `no time left in the check's ${spec.timeoutMs} ms to try again`);
  if ((capLeft !== undefined && capLeft < cost) || !budget.take(cost))
    return unconfirmed(
      first,
      `the run's confirmation budget (${budget.budget.requests} request(s)) has no ${cost} request(s) left`,
    );
  await clock.sleep(budget.pauseMs);
  const second = await runCheck({ ...spec, timeoutMs: timeLeft }, target, clock);
  const result = second.finding.verdict === 'failed' ? 'confirmed' : 'transient';
  return {
    ...second,
    finding: {
      ...second.finding,
      confirmation: { result, first: firstAttempt(first.finding), pauseMs: budget.pauseMs },
    },
  };
}
