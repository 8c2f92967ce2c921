/**
 * What confirmations may still spend in one run: requests, the attempts and the pause before
 * each. One per worker and run (harness/target.ts), less what the preflight's confirmations spent;
 * checks run one at a time, so taking from it is not raced.
 */
import type { ConfirmBudget } from '../run-profiles.js';

export class ConfirmationBudget {
  constructor(
    readonly budget: ConfirmBudget,
    private spent = 0,
  ) {}

  get pauseMs(): number {
    return this.budget.pauseMs;
  }

  /** Requests left for confirmations. */
  get left(): number {
    return Math.max(0, this.budget.requests - this.spent);
  }

  /** Takes `requests` when that many are left (true), else nothing (false). */
  take(requests: number): boolean {
    if (requests > this.left) return false;
    this.spent += requests;
    return true;
  }
}
