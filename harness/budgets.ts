/**
 * What a monitoring run may spend and how fast it must be answered: the run profile's entry
 * (RUN_PROFILES), lowered or given by the target profile. One place for both readings, used by
 * the worker (confirmations) and the engine (reports).
 */
import type { TargetProfile } from './run-config.js';
import { runProfile, type ConfirmBudget, type RunProfile } from './run-profiles.js';

/**
 * The confirmation budget of a run: the run profile's, each value lowered where the target
 * profile asks for less, never raised. Undefined when the run profile confirms nothing, or the
 * budget left is no request.
 */
export function confirmBudgetOf(name: RunProfile, profile: Pick<TargetProfile, 'confirm'>): ConfirmBudget | undefined {
  const own = runProfile(name).confirm;
  if (!own) return undefined;
  const asked = profile.confirm ?? {};
  const budget = {
    requests: Math.min(own.requests, asked.requests ?? own.requests),
    pauseMs: Math.min(own.pauseMs, asked.pauseMs ?? own.pauseMs),
  };
  return budget.requests > 0 ? budget : undefined;
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
