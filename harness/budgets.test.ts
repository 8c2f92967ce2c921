import { describe, expect, it } from 'vitest';
import { budgetOf, checkConfirmBudget, confirmBudgetOf, latencyBudgetsOf } from './budgets.js';
import { RUN_PROFILE_NAMES, runProfile } from './run-profiles.js';

const confirming = RUN_PROFILE_NAMES.find((name) => runProfile(name).confirm !== undefined)!;
const notConfirming = RUN_PROFILE_NAMES.find((name) => runProfile(name).confirm === undefined)!;
const own = runProfile(confirming).confirm!;

describe('the confirmation budget', () => {
  it("is the run profile's when the target profile says nothing", () => {
    expect(confirmBudgetOf(confirming, {})).toEqual(own);
  });

  it('rides out a blip of two failed requests by default: three attempts, two requests to spend', () => {
    expect(own.attempts).toBe(3);
    expect(own.requests).toBeGreaterThanOrEqual(own.attempts - 1);
  });

  it('takes the attempts and the pause the target profile sets, value by value, or is turned off', () => {
    expect(confirmBudgetOf(confirming, { confirm: { pauseMs: 10 } })).toEqual({ ...own, pauseMs: 10 });
    expect(confirmBudgetOf(confirming, { confirm: { pauseMs: 30_000 } })).toEqual({ ...own, pauseMs: 30_000 });
    expect(confirmBudgetOf(confirming, { confirm: { attempts: 2, requests: 1 } })).toEqual({
      ...own,
      attempts: 2,
      requests: 1,
    });
    expect(confirmBudgetOf(confirming, { confirm: { requests: 0 } })).toBeUndefined();
    expect(confirmBudgetOf(confirming, { confirm: { attempts: 1 } })).toBeUndefined();
    expect(confirmBudgetOf(notConfirming, { confirm: { requests: 5, pauseMs: 1 } })).toBeUndefined();
  });

  const refusal = (confirm: Record<string, number>, runTimeoutMs = 180_000) => {
    try {
      checkConfirmBudget(confirming, { confirm }, runTimeoutMs);
    } catch (err) {
      return `${(err as { code: string }).code} ${(err as Error).message}`;
    }
    return 'accepted';
  };

  it(
    'refuses what the run cannot keep, before any request: more requests than its cap keeps, a window past the ' +
      "run's deadline, attempts the requests cannot pay for",
    () => {
      expect(refusal({ requests: 5 })).toMatch(
        /^E_CONFIRM_INVALID confirm\.requests 5 is more than a smoke run keeps for confirmations \(2 of its 10\)/,
      );
      expect(refusal({ pauseMs: 100_000 })).toMatch(
        /^E_CONFIRM_INVALID the confirmation window \(2 pauses of 100 s: 200 s\) is longer than the run's deadline/,
      );
      expect(refusal({ attempts: 4 })).toMatch(/confirm\.attempts 4 needs 3 requests to confirm one failure; .*2/);
      expect(refusal({ pauseMs: 30_000 })).toBe('accepted');
      expect(refusal({})).toBe('accepted');
    },
  );

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
