/**
 * Latency budgets judged (the way k6 thresholds judge `http_req_duration`, per exchange rather
 * than a percentile: a smoke run has one exchange per operation): every exchange that got an
 * answer, against its operation's budget. An answer over budget makes an otherwise passing run
 * `degraded` (exit 10). An exchange without an answer has no answer time to judge: its failure
 * is the checks' (and confirmation's) to judge.
 */
import { budgetOf, type LatencyBudgets } from '../../harness/budgets.js';
import type { Exchange, Finding } from '../../harness/model.js';

/** One operation's exchanges in the run. */
interface OperationLatency {
  /** `GET /v1/reference/counties`, or `GET (unknown route)`. */
  operation: string;
  /** Exchanges judged (answered). */
  count: number;
  /** The slowest answer, ms. */
  maxMs: number;
  /** Its budget, ms; absent when the operation is not judged. */
  budgetMs?: number;
}

/** An answer slower than its budget. */
export interface OverBudget {
  operation: string;
  durationMs: number;
  budgetMs: number;
  /** The check whose exchange it was. */
  check: string;
}

export interface LatencyJudgement {
  budgets: LatencyBudgets;
  /** Every operation the run sent to, slowest first. */
  operations: OperationLatency[];
  /** The answers over budget, slowest first; empty when every answer was in time. */
  over: OverBudget[];
}

const operationOf = (ex: Exchange) => ex.operation ?? `${ex.request.method} (unknown route)`;

/**
 * One exchange, whichever findings show it (one a later check judged, a run-wide check cites): the
 * client stamps each with when it left; one without a stamp is told apart from every other.
 */
const exchangeKey = (ex: Exchange, index: number): string =>
  ex.startedAt === undefined
    ? `#${index}`
    : [ex.startedAt, ex.request.method, ex.request.url, ex.role ?? '', ex.label ?? '', ex.durationMs].join(' ');

/**
 * Every exchange the checks sent, once each, with the first check that shows it, the earlier
 * attempts of its confirmation included (a step's is its checks').
 */
export function exchangesOfChecks(findings: readonly Finding[]): Array<{ exchange: Exchange; check: string }> {
  const seen = new Set<string>();
  return findings
    .filter((f) => f.subject === undefined)
    .flatMap((f) =>
      [...(f.confirmation?.earlier.flatMap((a) => a.exchanges) ?? []), ...f.exchanges].map((exchange) => ({
        exchange,
        check: f.check,
      })),
    )
    .filter(({ exchange }, index) => {
      const key = exchangeKey(exchange, index);
      return !seen.has(key) && Boolean(seen.add(key));
    });
}

/** Each answered exchange against its budget; undefined when the run judges no latency. */
export function judgeLatency(
  findings: readonly Finding[],
  budgets: LatencyBudgets | undefined,
): LatencyJudgement | undefined {
  return budgets ? operationLatencies(findings, budgets) : undefined;
}

/** Every operation's answers, slowest first, each against its budget (`budgets` empty: none judged). */
export function operationLatencies(
  findings: readonly Finding[],
  budgets: LatencyBudgets = { operations: {} },
): LatencyJudgement {
  const byOperation = new Map<string, OperationLatency>();
  const over: OverBudget[] = [];
  for (const { exchange, check } of exchangesOfChecks(findings)) {
    if (!exchange.response) continue;
    const operation = operationOf(exchange);
    const budgetMs = budgetOf(budgets, exchange.operation);
    const seen = byOperation.get(operation) ?? {
      operation,
      count: 0,
      maxMs: 0,
      ...(budgetMs !== undefined ? { budgetMs } : {}),
    };
    seen.count += 1;
    seen.maxMs = Math.max(seen.maxMs, exchange.durationMs);
    byOperation.set(operation, seen);
    if (budgetMs !== undefined && exchange.durationMs > budgetMs)
      over.push({ operation, durationMs: exchange.durationMs, budgetMs, check });
  }
  return {
    budgets,
    operations: [...byOperation.values()].sort((a, b) => b.maxMs - a.maxMs),
    over: over.sort((a, b) => b.durationMs - a.durationMs),
  };
}

/** `GET /v1/reference/counties 2.41 s (budget 2 s)`, for every report's line about an answer over budget. */
export function overBudgetLine(o: OverBudget): string {
  return `${o.operation} ${(o.durationMs / 1000).toFixed(2)} s (budget ${o.budgetMs / 1000} s) in "${o.check}"`;
}
