/**
 * Rate pacing: each request waits for a token of its key's budget (and the stage's) before it
 * is sent, and a 429 with `Retry-After` pauses that key's budget. The 429 itself is passed on
 * unchanged: retrying it here would hide the target's behaviour from the checks.
 */
import type { Dispatcher } from 'undici';
import type { IncomingHttpHeaders } from 'node:http';
import type { ClientDispatchOptions, PaceOptions } from '../dispatch-options.js';
import { ForwardingHandler, idleController } from '../forwarding-handler.js';
import { BudgetTimeout } from '../errors.js';
import type { RateBudgets } from '../rate-budget.js';
import type { Together } from '../types.js';
import { retryAfterMs } from '../retry-after.js';

/** Pauses the key's budget when the target answers 429 with `Retry-After`. */
class RetryAfterHandler extends ForwardingHandler {
  constructor(
    private readonly budgets: RateBudgets,
    private readonly pace: PaceOptions,
    next: Dispatcher.DispatchHandler,
  ) {
    super(next);
  }
  override onResponseStart(
    controller: Dispatcher.DispatchController,
    status: number,
    headers: IncomingHttpHeaders,
    message?: string,
  ): void {
    if (status === 429) {
      const ms = retryAfterMs(headers['retry-after']);
      if (ms !== undefined) this.budgets.pause(this.pace, ms);
    }
    super.onResponseStart(controller, status, headers, message);
  }
}

/**
 * The send time of each race whose first member has reserved for all: the rest leave then.
 * An entry is dropped when its last member has taken it; a refused race is remembered as null.
 */
class Races {
  readonly #pending = new Map<string, { at: number | null; left: number }>();
  constructor(private readonly budgets: RateBudgets) {}
  /** Wait in ms before this member leaves, or null when the race could not be reserved. */
  reserve(pace: PaceOptions & { together: Together }): number | null {
    // More than a burst cannot leave together: each member then waits its turn.
    if (pace.together.size > this.budgets.burstOf(pace)) return this.budgets.reserve(pace, pace.maxWaitMs);
    const now = this.budgets.now();
    let race = this.#pending.get(pace.together.id);
    if (!race) {
      const wait = this.budgets.reserveTogether(pace, pace.together.size, pace.maxWaitMs);
      race = { at: wait === null ? null : now + wait, left: pace.together.size };
      this.#pending.set(pace.together.id, race);
    }
    if (--race.left <= 0) this.#pending.delete(pace.together.id);
    return race.at === null ? null : Math.max(0, race.at - now);
  }
}

/** Interceptor factory: paces requests that carry `pace` options. */
export function pacing({ budgets }: { budgets: RateBudgets }) {
  const races = new Races(budgets);
  return (dispatch: Dispatcher.Dispatch): Dispatcher.Dispatch =>
    function pacedDispatch(opts, handler) {
      const pace = (opts as ClientDispatchOptions).pace;
      if (!pace) return dispatch(opts, handler);
      const observed = new RetryAfterHandler(budgets, pace, handler);
      if (pace.unpaced) return dispatch(opts, observed);
      const together = pace.together;
      const wait = together ? races.reserve({ ...pace, together }) : budgets.reserve(pace, pace.maxWaitMs);
      if (wait === null) {
        handler.onResponseError?.(
          idleController,
          new BudgetTimeout(pace.bucket, budgets.waitFor(pace), pace.maxWaitMs),
        );
        return true;
      }
      if (wait <= 0) return dispatch(opts, observed);
      setTimeout(() => {
        try {
          dispatch(opts, observed);
        } catch (err) {
          observed.onResponseError(idleController, err as Error);
        }
      }, wait);
      return true;
    };
}
