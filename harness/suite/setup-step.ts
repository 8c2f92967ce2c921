/**
 * A setup step a check needs (create an application, start a session, bring an application to
 * a state) that the target did not complete. Thrown inside a check; the check is `blocked` by
 * the step instead of failing its own rules, and the step is reported once, naming the rules
 * its failure breaks.
 */
import type { Exchange, StepFailure } from '../model.js';
import { observedOf } from '../checks/scope.js';

export class StepFailed extends Error {
  constructor(readonly failure: StepFailure & { exchange: Exchange }) {
    super(`setup step "${failure.name}" failed: expected ${failure.expected}, observed ${failure.observed}`);
    this.name = 'StepFailed';
  }
}

export function isStepFailed(e: unknown): e is StepFailed {
  return e instanceof StepFailed;
}

/**
 * The rules a step's failure at `ex` breaks: `rules` when the target answered it, none when it
 * did not answer (the network's cause, told apart by the engine) or answered 429 again after
 * its one retry (limited-retry.ts; the rate-limit rules have their own checks).
 */
function breaksWhenAnswered(ex: Exchange, rules: readonly string[]): string[] {
  return ex.response !== undefined && ex.response.status !== 429 ? [...rules] : [];
}

export interface StepOptions {
  /**
   * Rules the failure breaks when the target answered (none by default: the contract does not require every step to
   * succeed).
   */
  breaks?: readonly string[];
  hint?: string;
}

/** Ends the check: setup step `name` failed at `ex`, which was expected to show `expected`. */
export function stepFailed(name: string, ex: Exchange, expected: string, options: StepOptions = {}): never {
  throw new StepFailed({
    name,
    expected,
    observed: observedOf(ex),
    breaks: breaksWhenAnswered(ex, options.breaks ?? []),
    ...(options.hint ? { hint: options.hint } : {}),
    exchange: ex,
  });
}

/** A step that must answer one of `statuses` (e.g. the first call of an idempotency check). */
export function stepStatus(name: string, ex: Exchange, statuses: readonly number[], options: StepOptions = {}): void {
  const status = ex.response?.status;
  if (status === undefined || !statuses.includes(status))
    stepFailed(name, ex, `status ${statuses.join(' or ')}`, options);
}
