/**
 * What a monitoring run may spend and how fast it must be answered: the run profile's entry
 * (RUN_PROFILES), lowered or given by the target profile. One place for both readings, used by
 * the worker (confirmations) and the engine (reports).
 */
import { ConfigError } from './errors.js';
import type { TargetProfile } from './run-config.js';
import { runProfile, type ConfirmBudget, type RunProfile } from './run-profiles.js';

/**
 * The confirmation of a run: the run profile's, with the attempts and the pause the target
 * profile sets and its requests lowered where the target profile asks for fewer. Undefined when
 * the run profile confirms nothing, or the target profile turns it off (one attempt, no request).
 * Throws E_CONFIRM_INVALID for what no run of the profile could keep (checkConfirmBudget).
 */
export function confirmBudgetOf(name: RunProfile, profile: Pick<TargetProfile, 'confirm'>): ConfirmBudget | undefined {
  const own = runProfile(name).confirm;
  if (!own) return undefined;
  const asked = profile.confirm ?? {};
  const budget = {
    attempts: asked.attempts ?? own.attempts,
    pauseMs: asked.pauseMs ?? own.pauseMs,
    requests: asked.requests ?? own.requests,
  };
  const cap = runProfile(name).requestCap;
  if (budget.requests > own.requests)
    throw new ConfigError(
      'E_CONFIRM_INVALID',
      `confirm.requests ${budget.requests} is more than a ${name} run keeps for confirmations ` +
        `(${own.requests}${cap !== undefined ? ` of its ${cap}` : ''})`,
    );
  if (budget.attempts <= 1 || budget.requests === 0) return undefined;
  if (budget.requests < budget.attempts - 1)
    throw new ConfigError(
      'E_CONFIRM_INVALID',
      `confirm.attempts ${budget.attempts} needs ${budget.attempts - 1} requests to confirm one failure; ` +
        `confirm.requests is ${budget.requests}`,
    );
  return budget;
}

/** The time from a failure to the last attempt that confirms it: (attempts - 1) pauses, in ms. */
export function confirmWindowMs(budget: Pick<ConfirmBudget, 'attempts' | 'pauseMs'>): number {
  return Math.max(0, budget.attempts - 1) * budget.pauseMs;
}

/** The run's confirmation checked before any request, its window against the run's deadline too (E_CONFIRM_INVALID). */
export function checkConfirmBudget(
  name: RunProfile,
  profile: Pick<TargetProfile, 'confirm'>,
  runTimeoutMs: number,
): ConfirmBudget | undefined {
  const budget = confirmBudgetOf(name, profile);
  const windowMs = budget ? confirmWindowMs(budget) : 0;
  if (budget && windowMs >= runTimeoutMs)
    throw new ConfigError(
      'E_CONFIRM_INVALID',
      `the confirmation window (${budget.attempts - 1} pauses of ${budget.pauseMs / 1000} s: ${windowMs / 1000} s) ` +
        `is longer than the run's deadline (${runTimeoutMs / 1000} s)`,
    );
  return budget;
}

/** Latency budgets in ms: by operation, and a default for the rest (undefined: the rest unjudged). */
export interface LatencyBudgets {
  defaultMs?: number;
  operations: Record<string, number>;
}

/**
 * The latency budgets of a run: the target profile's by operation, its default, else the run
 * profile's default. Undefined when neither gives any: nothing is judged.
 */
export function latencyBudgetsOf(
  name: RunProfile,
  profile: Pick<TargetProfile, 'latency'>,
): LatencyBudgets | undefined {
  const defaultMs = profile.latency?.defaultMs ?? runProfile(name).latencyBudgetMs;
  const operations = { ...(profile.latency?.operations ?? {}) };
  if (defaultMs === undefined && Object.keys(operations).length === 0) return undefined;
  return { ...(defaultMs !== undefined ? { defaultMs } : {}), operations };
}

/** The budget of one operation (`GET /v1/ping`); undefined when it is not judged. */
export function budgetOf(budgets: LatencyBudgets, operation: string | undefined): number | undefined {
  return (operation !== undefined ? budgets.operations[operation] : undefined) ?? budgets.defaultMs;
}
