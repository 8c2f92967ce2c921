/**
 * Confirmation before failure, the way synthetic monitors do it (retries a pause apart, only
 * the last attempt counted): a check that fails on a transport cause or a 5xx is run again after
 * the run's pause, up to its attempts, within its confirmation budget (RUN_PROFILES `confirm`,
 * the target profile's attempts and pause). Failing every attempt is `confirmed` and fails the
 * run; an attempt that does not fail makes the earlier ones `transient`, reported but not
 * failing; a window the budget or the run's deadline cuts short is `unconfirmed` (it fails the
 * run, and never pages alone: reports/monitor/history.ts). Any other failure (a wrong status, a
 * broken shape) is final at once: the target answered, and answered wrong. A warning (an
 * inferred rule) on a 5xx is tried again the same way: the host may be down.
 */
import { inject } from 'vitest';
import { confirmBudgetOf, confirmWindowMs } from '../budgets.js';
import type { Confirmation, Finding } from '../model.js';
import { unansweredOr5xx } from '../client/index.js';
import type { TargetContext } from '../target.js';
import type { Outcome } from './outcome.js';
import { realClock, type PollDeps } from './poll.js';
import { runCheck, type CheckSpec } from './run-check.js';

/** A failed (or warned) check one of whose exchanges got no answer or a 5xx: worth trying again. */
export function confirmable(finding: Finding): boolean {
  return (finding.verdict === 'failed' || finding.verdict === 'warning') && finding.exchanges.some(unansweredOr5xx);
}

const attemptOf = (finding: Finding): Confirmation['earlier'][number] => ({
  ...(finding.observed !== undefined ? { observed: finding.observed } : {}),
  ...(finding.message !== undefined ? { message: finding.message } : {}),
  exchanges: finding.exchanges,
});

/** The outcome that stands, with how its window went. */
function confirmed(last: Outcome, earlier: Outcome[], confirmation: Omit<Confirmation, 'attempts' | 'earlier'>) {
  return {
    ...last,
    finding: {
      ...last.finding,
      confirmation: {
        ...confirmation,
        attempts: earlier.length + 1,
        earlier: earlier.map((o) => attemptOf(o.finding)),
      },
    },
  };
}

/** Why the window must end before another attempt; undefined when the budget and the run's deadline allow it. */
function cannotTryAgain(target: TargetContext, cost: number): string | undefined {
  const budget = target.confirmations!;
  const runLeft = target.config.deadlineAt === undefined ? Infinity : target.config.deadlineAt - Date.now();
  if (runLeft <= budget.pauseMs) return `the run's deadline leaves no time for the ${budget.pauseMs / 1000} s pause`;
  const capLeft = target.client.requestsLeft();
  if ((capLeft !== undefined && capLeft < cost) || !budget.take(cost))
    return `the run's confirmation budget (${budget.budget.requests} request(s)) has no ${cost} request(s) left`;
  return undefined;
}

/**
 * How long a check of `timeoutMs` may take with its confirmation: each attempt its whole time and
 * the pauses between them, when the run confirms (its configuration is known at registration).
 */
export function confirmedTimeoutMs(timeoutMs: number): number {
  const config = inject('runConfig');
  const budget = config && confirmBudgetOf(config.runProfile, config.profile);
  return budget ? budget.attempts * timeoutMs + confirmWindowMs(budget) : timeoutMs;
}

/**
 * One check, confirmed: `runCheck`, and while it fails on a transient cause, a pause and
 * another attempt (each with the check's whole time, within the run's deadline), up to the
 * run's attempts and as long as the budget holds what the failed attempt sent. The last
 * attempt's outcome stands, the earlier ones kept beside it.
 */
export async function runConfirmed(
  spec: CheckSpec,
  target: TargetContext,
  clock: PollDeps = realClock,
): Promise<Outcome> {
  const budget = target.confirmations;
  const sent = () => target.client.requestCount();
  let before = sent();
  let last = await runCheck(spec, target, clock);
  if (!budget || !confirmable(last.finding)) return last;
  const earlier: Outcome[] = [];
  while (earlier.length + 1 < budget.budget.attempts) {
    const reason = cannotTryAgain(target, Math.max(1, sent() - before));
    if (reason) return confirmed(last, earlier, { result: 'unconfirmed', pauseMs: budget.pauseMs, reason });
    await clock.sleep(budget.pauseMs);
    before = sent();
    const next = await runCheck(spec, target, clock);
    // The run's deadline came during the attempt: it judged nothing, the failure before it stands.
    if (next.finding.verdict === 'not run')
      return confirmed(last, earlier, { result: 'unconfirmed', pauseMs: budget.pauseMs, reason: "the run's deadline" });
    earlier.push(last);
    last = next;
    if (!confirmable(last.finding)) break;
  }
  const stands = last.finding.verdict === 'failed' || last.finding.verdict === 'warning';
  return confirmed(last, earlier, { result: stands ? 'confirmed' : 'transient', pauseMs: budget.pauseMs });
}
