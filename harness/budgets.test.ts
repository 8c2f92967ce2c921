import { describe, expect, it } from 'vitest';
import { budgetOf, confirmBudgetOf, latencyBudgetsOf } from './budgets.js';
import { RUN_PROFILE_NAMES, runProfile } from './run-profiles.js';

const confirming = RUN_PROFILE_NAMES.find((name) => runProfile(name).confirm !== undefined)!;
const notConfirming = RUN_PROFILE_NAMES.find((name) => runProfile(name).confirm === undefined)!;
const own = runProfile(confirming).confirm!;

describe('the confirmation budget', () => {
  it("is the run profile's when the target profile says nothing", () => {
    expect(confirmBudgetOf(confirming, {})).toEqual(own);
  });

  it('may be lowered by the target profile, value by value, or turned off', () => {
    expect(confirmBudgetOf(confirming, { confirm: { pauseMs: 10 } })).toEqual({ ...own, pauseMs: 10 });
    expect(confirmBudgetOf(confirming, { confirm: { requests: 1 } })).toEqual({ ...own, requests: 1 });
    expect(confirmBudgetOf(confirming, { confirm: { requests: 0 } })).toBeUndefined();
  });

  it("is never raised past the run profile's", () => {
    expect(confirmBudgetOf(confirming, { confirm: { requests: 50, pauseMs: 600_000 } })).toEqual(own);
    expect(confirmBudgetOf(notConfirming, { confirm: { requests: 5, pauseMs: 1 } })).toBeUndefined();
  });

  it('fits inside the request cap of its run profile', () => {
    for (const name of RUN_PROFILE_NAMES) {
      const { confirm, requestCap } = runProfile(name);
      if (confirm && requestCap !== undefined) expect(confirm.requests, name).toBeLessThan(requestCap);
    }
  });
});

describe('latency budgets', () => {
  it("take the target profile's per operation, then its default, then the run profile's", () => {
    const budgets = latencyBudgetsOf(confirming, { latency: { operations: { 'POST /v1/quotes': 3000 } } })!;
    expect(budgetOf(budgets, 'POST /v1/quotes')).toBe(3000);
    expect(budgetOf(budgets, 'GET /v1/ping')).toBe(runProfile(confirming).latencyBudgetMs);
    const own = latencyBudgetsOf(confirming, { latency: { defaultMs: 500 } })!;
    expect(budgetOf(own, 'GET /v1/ping')).toBe(500);
  });

  it('judge nothing where neither profile gives one', () => {
    const silent = RUN_PROFILE_NAMES.find((name) => runProfile(name).latencyBudgetMs === undefined)!;
    expect(latencyBudgetsOf(silent, {})).toBeUndefined();
    const named = latencyBudgetsOf(silent, { latency: { operations: { 'GET /v1/ping': 100 } } })!;
    expect(budgetOf(named, 'GET /v1/ping')).toBe(100);
    expect(budgetOf(named, 'GET /v1/reference/counties')).toBeUndefined();
  });
});
