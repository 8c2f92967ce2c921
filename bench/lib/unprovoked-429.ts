/**
 * 429s the suite did not provoke on purpose: a 429 answer in a check that names no RATE-*
 * rule means the run's pacing let that check outrun the key's tier (the goal is zero at every
 * tier). Requests the client held back because the budget's wait exceeded their timeout are
 * counted beside them: they are the same problem seen from the client.
 */
import type { Finding } from '../../harness/model.js';
import { BUDGET_TIMEOUT } from '../../harness/client/errors.js';

export interface Unprovoked429 {
  /** 429 answers in checks of other rules. */
  count: number;
  /** Requests refused by the client's own rate budget (waited too long) in checks of other rules. */
  budgetTimeouts: number;
  /** The checks they happened in, `[family] check`. */
  checks: string[];
}

const testsRateLimits = (f: Finding) => f.rules.some((r) => r.startsWith('RATE-'));

export function unprovoked429s(findings: readonly Finding[]): Unprovoked429 {
  let count = 0;
  let budgetTimeouts = 0;
  const checks = new Set<string>();
  for (const finding of findings) {
    if (testsRateLimits(finding)) continue;
    for (const exchange of finding.exchanges) {
      const limited = exchange.response?.status === 429;
      const heldBack = exchange.error === BUDGET_TIMEOUT;
      if (limited) count += 1;
      if (heldBack) budgetTimeouts += 1;
      if (limited || heldBack) checks.add(`[${finding.family}] ${finding.check}`);
    }
  }
  return { count, budgetTimeouts, checks: [...checks].sort() };
}
